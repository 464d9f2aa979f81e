/** A live connection to one cluster: the object every driver operation runs on. */
import type { ConnectionSecrets, ServerInfo } from "../../core/driver.ts";
import type { EsConnectionConfig } from "./config.ts";
import { httpError } from "./errors.ts";
import { identifyServer, type LocalNodesInfo, type RootInfo } from "./server-info.ts";
import { EsTransport } from "./transport.ts";

export class EsSession {
  readonly transport: EsTransport;
  #info: ServerInfo | undefined;

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets) {
    this.transport = new EsTransport(config, secrets);
  }

  /**
   * Reaches the cluster, authenticates and identifies it. `GET /` is tried first; where it is
   * not served (405/404/400, e.g. the 8.x integ-test distribution) `GET /_nodes/_local` stands in.
   */
  async testConnection(): Promise<ServerInfo> {
    const root = await this.transport.request<RootInfo>({ method: "GET", path: "/" });
    if (root.status >= 200 && root.status < 300) {
      this.#info = identifyServer({ root: root.body }, header(root.headers["x-elastic-product"]));
      return this.#info;
    }
    if (![400, 404, 405].includes(root.status)) throw httpError(root.status, root.body);
    const nodes = await this.transport.request<LocalNodesInfo>({
      method: "GET",
      path: "/_nodes/_local",
      query: { filter_path: "cluster_name,nodes.*.version" },
    });
    if (nodes.status < 200 || nodes.status > 299) throw httpError(nodes.status, nodes.body);
    this.#info = identifyServer({ nodes: nodes.body }, header(nodes.headers["x-elastic-product"]));
    return this.#info;
  }

  /** The server identified by the last connection test, testing first if needed. */
  async serverInfo(): Promise<ServerInfo> {
    return this.#info ?? this.testConnection();
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
