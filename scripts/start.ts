/**
 * The README's first command (until the app exists): starts the local 8.x dev node, loads the
 * sample data set, and prints the connection test and the list of indices.
 */

import { loadSampleData } from "../src/app/sample-data.ts";
import { isQuarryError } from "../src/core/errors.ts";
import { EsSession } from "../src/drivers/elasticsearch/session.ts";
import { listTables } from "../src/drivers/elasticsearch/tables.ts";
import { up } from "./es/cluster.ts";

const out = (line = "") => process.stdout.write(`${line}\n`);

try {
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
    out(
      `Connected to ${info.product} ${info.version} (cluster "${info.clusterName}") at ${dev.url}`,
    );
    const { created } = await loadSampleData(session.transport, (done, total) =>
      process.stderr.write(`\rloading sample data: ${done} of ${total}`),
    );
    if (created) process.stderr.write("\n");
    out("\nIndices:");
    const tables = await listTables(session.transport);
    const width = Math.max(5, ...tables.map((t) => t.name.length));
    out(`  ${"index".padEnd(width)}  ${"documents".padStart(10)}  ${"size".padStart(10)}`);
    for (const t of tables) {
      const size = t.sizeBytes == null ? "-" : `${(t.sizeBytes / 1024 / 1024).toFixed(1)} MiB`;
      out(
        `  ${t.name.padEnd(width)}  ${String(t.docCount ?? "-").padStart(10)}  ${size.padStart(10)}`,
      );
    }
    out("\nThe node keeps running; stop it with `npm run es:down`.");
  } finally {
    await session.close();
  }
} catch (e) {
  if (isQuarryError(e)) process.stderr.write(`${e.message}\n${e.remedy}\n`);
  else process.stderr.write(`${(e as Error).message}\n`);
  process.exitCode = 1;
}
