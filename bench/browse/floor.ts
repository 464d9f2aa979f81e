/**
 * The floor of a second hop: what any app between the client and the node costs on this machine,
 * before it does anything of its own. Two loopback proxies in the benchmark's process, each
 * answering the client's search with the node's answer:
 *   - `pipe`: the node's answer handed back as it came (no parse);
 *   - `reparse`: the node's answer parsed and written again (JSON.parse, JSON.stringify), the
 *     least an app that reads hits and answers JSON must do, before shaping a single cell.
 * Measured interleaved with the bare client like Quarry's side, they say how much of the goal's
 * 20% is left for an app's own work on this node and machine.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

export interface FloorProxies {
  pipe: string;
  reparse: string;
  close(): Promise<void>;
}

function proxy(node: Pool, reparse: boolean): Server {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await node.request({
      method: "POST",
      path: req.url ?? "/",
      headers: { "content-type": "application/json" },
      body: Buffer.concat(chunks),
    });
    let text = await answer.body.text();
    if (reparse) text = JSON.stringify(JSON.parse(text));
    res.writeHead(answer.statusCode, { "content-type": "application/json" });
    res.end(text);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startFloorProxies(nodeUrl: string): Promise<FloorProxies> {
  const node = new Pool(nodeUrl, { connections: 4 });
  const servers = [proxy(node, false), proxy(node, true)];
  const [pipe, reparse] = await Promise.all(servers.map(listen));
  return {
    pipe: pipe as string,
    reparse: reparse as string,
    async close() {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
      await node.close();
    },
  };
}
