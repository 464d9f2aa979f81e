import { startBenchApp } from "./app.ts";
import { INDEX } from "./bare.ts";
const app = await startBenchApp({ host: "127.0.0.1", port: 19218 });
for (let i = 0; i < 300; i++) { const o = await app.call<{ gridId: string }>("POST", `/connections/${app.connectionId}/tables/${INDEX}/grid`, { first: { page: 1, pageSize: 100 } }); await app.call("DELETE", `/grids/${o.gridId}`); }
await app.close();
