/**
 * Reaches the cluster, authenticates and identifies it. `GET /` is tried first; where it is not
 * served (405/404/400, e.g. the 8.x integ-test distribution) `GET /_nodes/_local` stands in.
 */
import type { ServerInfo } from "../../../core/driver.ts";
import { httpError } from "./errors.ts";
import { identifyServer, type LocalNodesInfo, type RootInfo } from "./server-info.ts";
import type { EsTransport } from "./transport.ts";

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function identifyCluster(transport: EsTransport): Promise<ServerInfo> {
  const root = await transport.request<RootInfo>({ method: "GET", path: "/" });
  if (root.status >= 200 && root.status < 300)
    return identifyServer({ root: root.body }, header(root.headers["x-elastic-product"]));
  const target = transport.target;
  if (![400, 404, 405].includes(root.status)) throw httpError(root.status, root.body, target);
  const nodes = await transport.request<LocalNodesInfo>({
    method: "GET",
    path: "/_nodes/_local",
    query: { filter_path: "cluster_name,nodes.*.version" },
  });
  if (nodes.status < 200 || nodes.status > 299) throw httpError(nodes.status, nodes.body, target);
  return identifyServer({ nodes: nodes.body }, header(nodes.headers["x-elastic-product"]));
}
