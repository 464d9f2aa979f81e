/** Whether the MCP server runs: the handshake file points at a live Quarry whose endpoint proves it wrote the file. */
import { randomBytes } from "node:crypto";
import { readHandshake } from "../../../app/mcp-host/handshake.ts";
import { isAlive } from "../../../app/storage/atomic-write.ts";
import { type HandshakeFile, PROOF_PATH, verifyProof } from "../../../mcp/policy/handshake.ts";

type Running =
  | {
      running: true;
      port: number;
      url: string;
      pid: number;
      since: string;
      protocolVersions: string[];
    }
  | { running: false; reason: string };

/** Whether the handshake file points at a live Quarry that proves it wrote the file. */
export async function probeRunningServer(dir: string): Promise<Running> {
  const hs = await readHandshake(dir);
  if (!hs)
    return {
      running: false,
      reason: "no handshake file (the app or its MCP server is not running)",
    };
  if (!isAlive(hs.pid)) return { running: false, reason: `the app (pid ${hs.pid}) is not running` };
  const proven = await proveEndpoint(hs).catch(() => false);
  if (!proven)
    return {
      running: false,
      reason: `port ${hs.port} did not prove it is this Quarry (a leftover handshake file?)`,
    };
  return {
    running: true,
    port: hs.port,
    url: hs.url,
    pid: hs.pid,
    since: hs.startedAt,
    protocolVersions: hs.protocolVersions,
  };
}

async function proveEndpoint(hs: HandshakeFile): Promise<boolean> {
  const challenge = randomBytes(24).toString("base64url");
  const res = await fetch(`http://127.0.0.1:${hs.port}${PROOF_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ challenge }),
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) return false;
  return verifyProof(hs, challenge, (await res.json()) as { instanceId: string; proof: string });
}
