import { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { EsTransport } from "../../src/drivers/elasticsearch/transport.ts";
import { startBenchApp } from "./app.ts";
import { Bare, INDEX } from "./bare.ts";
import { median } from "./measure.ts";

const cfg = { host: "127.0.0.1", port: 19218, auth: "none" as const, sslMode: "disabled" as const, skipTlsVerify: false };
const bare = new Bare("http://127.0.0.1:19218");
const t = new EsTransport(cfg, {});
const s = new EsSession(cfg, {});
const app = await startBenchApp({ host: "127.0.0.1", port: 19218 });
const body = { from: 0, size: 100, query: { match_all: {} }, track_total_hits: true, seq_no_primary_term: true };
const g = s.openGrid(INDEX);
const cases: Record<string, () => Promise<unknown>> = {
  bare: () => bare.call("POST", `/${INDEX}/_search`, body),
  "bare ∥ mapping": () => Promise.all([bare.call("POST", `/${INDEX}/_search`, body), bare.call("GET", `/${INDEX}/_mapping`)]),
  transport: () => t.request({ method: "POST", path: `/${INDEX}/_search`, body }),
  "grid held": () => g.browse({ page: 1, pageSize: 100 }),
  "grid refresh": () => g.browse({ page: 1, pageSize: 100, refresh: true }),
  "app open+first": async () => { const o = await app.call<{ gridId: string }>("POST", `/connections/${app.connectionId}/tables/${INDEX}/grid`, { first: { page: 1, pageSize: 100 } }); await app.call("DELETE", `/grids/${o.gridId}`); },
  "app status": () => app.call("GET", `/connections`),
};
const times: Record<string, number[]> = {};
for (let i = 0; i < 45; i++) for (const [k, f] of Object.entries(cases)) { const t0 = performance.now(); await f(); if (i >= 5) (times[k] ??= []).push(performance.now() - t0); }
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(20), median(v).toFixed(2));
await g.close(); await s.close(); await t.close(); await app.close(); await bare.close();
