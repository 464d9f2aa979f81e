/**
 * The README's first command (`npm start`): Quarry against the embedded default, from a clean
 * clone with nothing configured.
 *
 * 1. builds what a source checkout lacks: the driver plugins (dist/plugins) and the web UI
 *    (dist/web), each only when its sources changed;
 * 2. starts the local 8.x dev node (the test suite's `es8`, security off) and loads the sample
 *    data set into it (skipped when already complete);
 * 3. installs the Elasticsearch driver plugin into the app data folder (or brings it up to this
 *    build) and saves the connection `dev` to the node if there is none of that name;
 * 4. starts Quarry in this terminal and opens its UI in the browser (or prints its address);
 *    Ctrl-C stops it. If Quarry is already running, that instance opens its window instead.
 *
 * It uses the default app data folder (QUARRY_HOME overrides it, as everywhere).
 */

import { addConnection, openAppStorage } from "../src/app/connections/connection-service.ts";
import { pluginServiceFor } from "../src/app/plugins/service.ts";
import { runAppInForeground } from "../src/cli/commands/app/foreground.ts";
import type { SavedConnection } from "../src/core/connections.ts";
import { isQuarryError } from "../src/core/errors.ts";
import { EsSession } from "../src/drivers/elasticsearch/session.ts";
import { buildPlugins } from "./build-plugins.ts";
import { up } from "./es/cluster.ts";
import { loadSampleData, SAMPLE_INDEX } from "./sample-data.ts";

/** The saved connection `npm start` creates: the dev node, open to AI clients read-only. */
export const DEV_CONNECTION = "dev";

const say = (line = "") => process.stderr.write(`${line}\n`);

async function ensureDevConnection(
  url: string,
): Promise<{ connection: SavedConnection; created: boolean }> {
  const storage = await openAppStorage();
  const existing = await storage.connections.get(DEV_CONNECTION);
  if (existing) return { connection: existing, created: false };
  const { hostname, port } = new URL(url);
  const connection = await addConnection(storage, {
    name: DEV_CONNECTION,
    type: "elasticsearch",
    settings: { host: hostname, port: Number(port), auth: "none", sslMode: "disabled" },
    // A local sample cluster: AI clients may use it without a prompt, and only to read.
    externalClients: "read-only",
    aiPolicy: "always-allow",
  });
  return { connection, created: true };
}

try {
  say("Preparing Quarry (first run builds the driver plugin and the web UI)...");
  const plugins = await buildPlugins();
  if (plugins.built) say(`  driver plugins built: ${plugins.catalogPath}`);
  try {
    const { ensureWebBuilt } = await import("./build-web.ts");
    if (await ensureWebBuilt()) say("  web UI built: dist/web");
  } catch (e) {
    // Quarry still runs (its page says the UI is missing, and every CLI command works).
    say(`  the web UI could not be built: ${(e as Error).message.split("\n")[0]}`);
  }

  const { nodes } = await up(["es8"]);
  const dev = nodes[0]!;
  const url = new URL(dev.url);
  const session = new EsSession(
    {
      host: url.hostname,
      port: Number(url.port),
      auth: "none",
      sslMode: "disabled",
      skipTlsVerify: false,
    },
    {},
  );
  try {
    const info = await session.testConnection();
    say(
      `Dev cluster: ${info.product} ${info.version} at ${dev.url} (stop it with npm run es:down)`,
    );
    const { created } = await loadSampleData(session.transport, (done, total) =>
      process.stderr.write(
        `\r  loading the sample data set into ${SAMPLE_INDEX}: ${done} of ${total}`,
      ),
    );
    if (created) say();
  } finally {
    await session.close();
  }

  // The driver comes from its plugin archive, as for any user; a rebuilt archive replaces the old.
  const storage = await openAppStorage();
  const service = pluginServiceFor(storage.dir);
  const installed = (await service.installed()).some((p) => p.id === "elasticsearch");
  if (installed) await service.update("elasticsearch");
  else await service.install("elasticsearch");
  const { connection, created } = await ensureDevConnection(dev.url);
  say(
    created
      ? `Saved the connection "${connection.name}" to ${dev.url} (AI policy Always Allow, External Clients Read Only).`
      : `Using the saved connection "${connection.name}".`,
  );
  say();
  await runAppInForeground();
  process.exit(process.exitCode ?? 0);
} catch (e) {
  if (isQuarryError(e)) process.stderr.write(`error: ${e.message}\n${e.remedy}\n`);
  else process.stderr.write(`error: ${(e as Error)?.stack ?? e}\n`);
  process.exit(1);
}
