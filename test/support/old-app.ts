/**
 * Stand-ins for the other processes a bridge can meet on the handshake's port, for the bridge's
 * trust tests:
 *
 * - an app build from before 2026-07-28: it writes a handshake file and answers the endpoint proof
 *   as Quarry does, but its MCP endpoint is a 2025-era server (the official SDK v1, which has no
 *   `server/discover`). No such Quarry build was ever released; this is what one would look like.
 * - a foreign process: any HTTP server that took the port, which cannot answer the proof.
 *
 * Both record what reached them, so a test can check the token was never sent there.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { writeHandshake } from "../../src/app/mcp-host/handshake.ts";
import { HANDSHAKE_FORMAT, handshakeProof, PROOF_PATH } from "../../src/mcp/policy/handshake.ts";

export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

export interface Stand {
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      text += c;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Writes a handshake file (as the app does: 0600, atomically) for `port`. */
export async function writeTestHandshake(
  dir: string,
  port: number,
  options: { instanceId?: string; proofKey?: string; protocolVersions?: string[]; pid?: number },
): Promise<{ instanceId: string; proofKey: string; token: string }> {
  const instanceId = options.instanceId ?? randomUUID();
  const proofKey = options.proofKey ?? randomBytes(32).toString("base64url");
  const token = `qry_${randomBytes(32).toString("base64url")}`;
  const now = Date.now();
  await writeHandshake(dir, {
    version: HANDSHAKE_FORMAT,
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    tokenExpiresAt: new Date(now + 3_600_000).toISOString(),
    instanceId,
    proofKey,
    pid: options.pid ?? process.pid,
    protocolVersions: options.protocolVersions ?? ["2026-07-28", "2025-11-25", "2025-06-18"],
    quarryVersion: "0.0.1-old",
    startedAt: new Date(now).toISOString(),
    writtenAt: new Date(now).toISOString(),
  });
  return { instanceId, proofKey, token };
}

/** A 2025-era app build: the proof as Quarry answers it, MCP from the SDK v1 (no 2026-07-28). */
export async function startOldApp(dir: string, protocolVersions: string[]): Promise<Stand> {
  const seen: Seen[] = [];
  const instanceId = randomUUID();
  const proofKey = randomBytes(32).toString("base64url");
  let port = 0;
  const server = createServer(async (req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
    });
    const body = await readBody(req);
    if (req.url === PROOF_PATH) {
      const { challenge } = JSON.parse(body) as { challenge: string };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          instanceId,
          proof: handshakeProof(proofKey, instanceId, port, challenge),
        }),
      );
      return;
    }
    const mcp = new McpServer({ name: "quarry", version: "0.0.1-old" });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(body));
  });
  port = await listen(server);
  await writeTestHandshake(dir, port, { instanceId, proofKey, protocolVersions });
  return { port, seen, close: closer(server) };
}

/** A process that merely listens on a port and answers everything (it cannot prove anything). */
export async function startForeignListener(dir: string): Promise<Stand> {
  const seen: Seen[] = [];
  let instanceId = "";
  const server = createServer(async (req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
    });
    await readBody(req);
    res.writeHead(200, { "content-type": "application/json" });
    // It even echoes the instance id it could read nowhere but in a leaked file: still no key.
    res.end(JSON.stringify({ instanceId, proof: randomBytes(32).toString("base64url") }));
  });
  const port = await listen(server);
  ({ instanceId } = await writeTestHandshake(dir, port, {}));
  return { port, seen, close: closer(server) };
}
