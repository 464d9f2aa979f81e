/**
 * The Quarry side of the browsing benchmark as the UI gets it: the app's UI API (the same
 * composition the app makes: Host/Origin guards, the per-run key, the Elasticsearch plugin loaded
 * from its built archive) on a loopback port, called over HTTP with the answer parsed as the web
 * client parses it.
 */

import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Pool } from "undici";
import { buildPlugins } from "../../scripts/build-plugins.ts";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { loadInstalledDrivers } from "../../src/app/connections/driver-registry.ts";
import { SECRET_HEADER } from "../../src/app/http/api/contract.ts";
import { createUiApi, UiServices } from "../../src/app/http/api/index.ts";
import { uiJobs } from "../../src/app/http/api/ui-jobs.ts";
import { startUiServer } from "../../src/app/http/server.ts";
import { LiveState } from "../../src/app/live/live-state.ts";
import { pluginServiceFor } from "../../src/app/plugins/service.ts";
import { parseJsonExact } from "../../src/core/exact-json.ts";

export interface BenchApp {
  connectionId: string;
  /** One call of the UI's API, its JSON answer parsed as web/src/api/client.ts does. */
  call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startBenchApp(es: { host: string; port: number }): Promise<BenchApp> {
  await buildPlugins();
  const home = await mkdtemp(join(tmpdir(), "quarry-bench-browse-"));
  const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
  const storage = await openAppStorage(env);
  await loadInstalledDrivers(storage.dir, env);
  const live = new LiveState(storage, uiJobs());
  const services = new UiServices({
    storage,
    exportDir: join(home, "exports"),
    plugins: pluginServiceFor(storage.dir, env),
    live,
  });
  const secret = randomBytes(24).toString("base64url");
  const server = await startUiServer({
    secret,
    routes: [],
    api: createUiApi(services, { secret }),
    pages: () => new Response("no pages in the benchmark", { status: 404 }),
  });
  const saved = await addConnection(storage, {
    name: "bench",
    type: "elasticsearch",
    settings: { host: es.host, port: es.port, auth: "none", sslMode: "disabled" },
  });
  const pool = new Pool(server.origin, { connections: 4 });
  const headers = {
    [SECRET_HEADER]: secret,
    "content-type": "application/json",
    accept: "application/json",
  };
  return {
    connectionId: saved.id,
    async call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
      const res = await pool.request({
        method,
        path: `/api${path}`,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
      return parseJsonExact(text) as T;
    },
    async close() {
      await pool.close();
      await live.close();
      await server.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
