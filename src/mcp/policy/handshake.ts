/**
 * The handshake between the app's MCP server and the stdio bridge (docs/mcp.md, "The handshake file
 * and the endpoint proof"): the file's shape and the endpoint proof. Pure; the app writes the file
 * (src/app/mcp-host/handshake.ts), the server answers the proof (src/mcp), the bridge checks it
 * (src/bridge).
 *
 * The proof: the bridge must not hand the bridge token to whatever listens on the file's port (a
 * leftover file may point at a port another process took since). So before it sends the token
 * it POSTs a fresh random challenge to PROOF_PATH; the server answers with
 * HMAC-SHA256(proofKey, instanceId, port, challenge). Only the process that wrote the file knows
 * `proofKey` (the file is 0600 in a 0700 folder), and the port and instance id in the MAC stop a
 * relay through another Quarry instance. The endpoint needs no token, by design.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const HANDSHAKE_FILE = "mcp-handshake.json";
export const HANDSHAKE_FORMAT = 1;
/** Where the server answers the proof challenge (POST, JSON `{ "challenge": "..." }`). */
export const PROOF_PATH = "/mcp/proof";

export interface HandshakeFile {
  /** HANDSHAKE_FORMAT. */
  version: number;
  /** The port the server actually bound. */
  port: number;
  /** `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** The current bridge token (`__stdio_bridge__`, Read & Write). */
  token: string;
  /** ISO time the token stops working. */
  tokenExpiresAt: string;
  /** Random per server start; part of the proof. */
  instanceId: string;
  /** Base64url 256-bit key of the proof's HMAC. */
  proofKey: string;
  /** The app's process id. */
  pid: number;
  /** MCP revisions the server speaks, newest first. */
  protocolVersions: string[];
  /**
   * Upgrade tokens of the streams the endpoint offers the bridge (`quarry-mcp-lines`: docs/mcp.md,
   * "The line stream"). Absent in files of apps that predate it.
   */
  streams?: string[];
  quarryVersion: string;
  startedAt: string;
  writtenAt: string;
}

export interface ProofAnswer {
  instanceId: string;
  /** Base64url HMAC-SHA256. */
  proof: string;
}

/**
 * A challenge is 16 to 128 base64url characters (at least 96 bits from the bridge's random source).
 */
export function isValidChallenge(challenge: unknown): challenge is string {
  return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge);
}

export function handshakeProof(
  proofKey: string,
  instanceId: string,
  port: number,
  challenge: string,
): string {
  return createHmac("sha256", Buffer.from(proofKey, "base64url"))
    .update(`quarry-mcp-proof/1\n${instanceId}\n${port}\n${challenge}`)
    .digest("base64url");
}

/** The bridge's check of an answer against the handshake file it read. */
export function verifyProof(
  handshake: Pick<HandshakeFile, "proofKey" | "instanceId" | "port">,
  challenge: string,
  answer: ProofAnswer,
): boolean {
  if (answer.instanceId !== handshake.instanceId || typeof answer.proof !== "string") return false;
  const expected = Buffer.from(
    handshakeProof(handshake.proofKey, handshake.instanceId, handshake.port, challenge),
  );
  const actual = Buffer.from(answer.proof);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
