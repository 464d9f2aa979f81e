/**
 * elasticdump asks `GET /` for the server's version before anything else, and the 8.x test node
 * (integ-test-zip, no rest-root module) does not serve `GET /`. This loopback pass-through answers
 * `GET /` with the node's own identity (from `GET /_nodes/_local`) and streams every other request
 * to the node unchanged. The benchmark also runs Quarry through it, so the proxy's cost is known.
 */
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";

export async function startRootProxy(
  upstream: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const nodes = (await (
    await fetch(`${upstream}/_nodes/_local?filter_path=cluster_name,nodes.*.name,nodes.*.version`)
  ).json()) as {
    cluster_name: string;
    nodes: Record<string, { name: string; version: string }>;
  };
  const [id, info] = Object.entries(nodes.nodes)[0] ?? ["", { name: "", version: "0.0.0" }];
  const root = JSON.stringify({
    name: info.name,
    cluster_name: nodes.cluster_name,
    cluster_uuid: id,
    version: { number: info.version, build_flavor: "default" },
    tagline: "You Know, for Search",
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const server = createServer((req, res) => {
    if (
      (req.method === "GET" || req.method === "HEAD") &&
      (req.url === "/" || req.url?.startsWith("/?"))
    ) {
      res.writeHead(200, {
        "content-type": "application/json",
        "x-elastic-product": "Elasticsearch",
      });
      res.end(req.method === "HEAD" ? undefined : root);
      return;
    }
    const up = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        pipeline(upRes, res).catch(() => res.destroy());
      },
    );
    up.on("error", () => res.destroy());
    pipeline(req, up).catch(() => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
