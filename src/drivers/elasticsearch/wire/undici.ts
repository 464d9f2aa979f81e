/**
 * The parts of undici the driver runs on: a pool, the two proxy agents, the TLS connector, and
 * the request API every dispatcher shares. Imported one by one rather than through undici's
 * index, which also loads fetch, WebSocket, the mocks and the caches: about 0.7 MB of the
 * plugin's code, evaluated at every start that loads the driver for nothing (docs/decisions.md,
 * "The driver plugin's start"). The types stay undici's own (undici-parts.d.ts).
 */
import api from "undici/lib/api/index.js";
import buildConnector from "undici/lib/core/connect.js";
import Dispatcher from "undici/lib/dispatcher/dispatcher.js";
import EnvHttpProxyAgent from "undici/lib/dispatcher/env-http-proxy-agent.js";
import Pool from "undici/lib/dispatcher/pool.js";
import ProxyAgent from "undici/lib/dispatcher/proxy-agent.js";

// What undici's index does when it loads: request(), stream() and the others on every dispatcher.
Object.assign(Dispatcher.prototype, api);

export { buildConnector, EnvHttpProxyAgent, Pool, ProxyAgent };
