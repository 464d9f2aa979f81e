import { startBenchApp } from "./app.ts";
import { INDEX } from "./bare.ts";
const app = await startBenchApp({ host: "127.0.0.1", port: 19218 });
const o = await app.call<any>("POST", `/connections/${app.connectionId}/tables/${INDEX}/grid`, { first: { page: 1, pageSize: 100 } });
const s = JSON.stringify(o);
console.log("total", s.length, "columns", JSON.stringify(o.columns).length, "filterOps", JSON.stringify(o.filterOps).length, "first.columns", JSON.stringify(o.first.columns).length, "rows", JSON.stringify(o.first.rows).length);
console.log(JSON.stringify(o.first.rows[0]).slice(0, 3000));
await app.close();
