// undici's modules that wire/undici.ts imports one by one, typed as its index exports them.
declare module "undici/lib/api/index.js" {
  import type { Dispatcher } from "undici";

  const api: Pick<Dispatcher, "request" | "stream" | "pipeline" | "upgrade" | "connect">;
  export default api;
}
declare module "undici/lib/core/connect.js" {
  import { buildConnector } from "undici";
  export default buildConnector;
}
declare module "undici/lib/dispatcher/dispatcher.js" {
  import { Dispatcher } from "undici";
  export default Dispatcher;
}
declare module "undici/lib/dispatcher/env-http-proxy-agent.js" {
  import { EnvHttpProxyAgent } from "undici";
  export default EnvHttpProxyAgent;
}
declare module "undici/lib/dispatcher/pool.js" {
  import { Pool } from "undici";
  export default Pool;
}
declare module "undici/lib/dispatcher/proxy-agent.js" {
  import { ProxyAgent } from "undici";
  export default ProxyAgent;
}
