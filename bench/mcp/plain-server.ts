/**
 * A plain MCP server over HTTP, for the benchmark: the official SDK's 2026-07-28 handler (the one
 * Quarry's server uses) on @hono/node-server, built as the SDK's guide shows (a server per
 * request, a zod input schema), with one tool `search` that sends the body to the node with undici
 * and answers the node's text as it came. No token, policy, audit, limits, classification or
 * shaping: what a straightforward server on the SDK pays per call. Prints one JSON line with its
 * endpoint, runs until its standard input closes.
 *
 *   ES_URL=http://127.0.0.1:19218 node bench/mcp/plain-server.ts
 */
import { serve } from "@hono/node-server";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { Hono } from "hono";
import { Pool } from "undici";
import { z } from "zod";

const node = new Pool(process.env.ES_URL ?? "http://127.0.0.1:19218", { connections: 64 });

function server(): McpServer {
  const mcp = new McpServer({ name: "plain", version: "1" });
  mcp.registerTool(
    "search",
    { inputSchema: z.object({ index: z.string(), body: z.record(z.string(), z.unknown()) }) },
    async ({ index, body }) => {
      const res = await node.request({
        method: "POST",
        path: `/${encodeURIComponent(index)}/_search`,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.body.text();
      return { content: [{ type: "text", text }], isError: res.statusCode !== 200 };
    },
  );
  return mcp;
}

const handler = createMcpHandler(() => server(), { legacy: "reject", responseMode: "auto" });
const app = new Hono();
app.post("/mcp", (c) => handler.fetch(c.req.raw));
const listening = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${info.port}/mcp` })}\n`);
});
process.stdin.resume();
process.stdin.on("end", () => {
  listening.close();
  void node.close().then(() => process.exit(0));
});
