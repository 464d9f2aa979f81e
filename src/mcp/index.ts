/**
 * Starts Quarry's MCP server: the HTTP door on 127.0.0.1 (served by the host's HTTP layer), the
 * SDK's 2026-07-28 handler and the legacy sessions, the bridge token and the handshake file. The app calls `startMcpServer` with
 * its stores (src/app/mcp-host/mcp-service.ts); tests call it with temporary ones and a clock they move.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { Admission } from "./admission.ts";
import { Authenticator, RevocationWatch } from "./auth.ts";
import { BridgeTokens } from "./bridge-token.ts";
import { ConnectionGateway } from "./connection-access.ts";
import type {
  ApprovalGate,
  Clock,
  ConnectionDirectory,
  EndpointServer,
  HandshakeSink,
  TableExporter,
} from "./host.ts";
import { type DoorDeps, type DoorExtra, McpDoor, PROOF_PER_MINUTE } from "./http-door.ts";
import { LegacySessions } from "./legacy-sessions.ts";
import { AuthLockout, ConcurrencyLimit, RateWindow } from "./limits.ts";
import { PinnedExchanges } from "./pinned-exchanges.ts";
import { HANDSHAKE_FORMAT, handshakeProof } from "./policy/handshake.ts";
import type { AuditSink, TokenDirectory } from "./policy/stores.ts";
import type { BridgeTokenTimes } from "./policy/tokens.ts";
import { LINE_STREAM, SUPPORTED_VERSIONS } from "./protocol.ts";
import { buildMcpServer, type ServerDeps } from "./server-factory.ts";
import type { StreamCore } from "./stream-door.ts";

export interface McpLimitsConfig {
  requestsPerMinute: number;
  concurrentRequests: number;
}

export interface McpServerConfig {
  version: string;
  preferredPort: number;
  limits: McpLimitsConfig;
  tokens: TokenDirectory;
  connections: ConnectionDirectory;
  approvals: ApprovalGate;
  audit: AuditSink;
  handshake: HandshakeSink;
  /** The host's HTTP layer, which serves the door behind its loopback guards. */
  http: EndpointServer;
  /** Where export_data writes files. */
  exportDir: string;
  /** The app's export, which export_data runs. */
  exportTable: TableExporter;
  /** Defaults to Date.now; tests pass a clock they can move. */
  now?: Clock;
  /** Defaults to one hour, rotated 15 minutes before expiry; tests shorten it. */
  bridgeToken?: BridgeTokenTimes;
  maxBodyBytes?: number;
  /**
   * Whether the endpoint offers the bridge its line stream (docs/mcp.md, "The line stream").
   * Default true; tests turn it off to be an app that predates it.
   */
  offerStream?: boolean;
}

export interface RunningMcpServer {
  readonly port: number;
  readonly url: string;
  readonly instanceId: string;
  /** How many line streams are open (the bridges connected through one: docs/mcp.md). */
  openStreams(): number;
  /** Applies new limits (from Settings) without a restart. */
  setLimits(limits: McpLimitsConfig): void;
  stop(): Promise<void>;
}

/** The HTTP door, with the token checks and limits it applies. */
function newDoor(
  config: McpServerConfig,
  now: Clock,
  parts: Pick<DoorDeps, "admission" | "legacy" | "modern" | "pinned" | "prove" | "stream"> & {
    bridge: BridgeTokens;
    revocations: RevocationWatch;
  },
): McpDoor {
  const { bridge, revocations, ...deps } = parts;
  return new McpDoor({
    ...deps,
    authenticator: new Authenticator({
      tokens: config.tokens,
      bridge,
      lockout: new AuthLockout(now),
      revocations,
      now,
    }),
    proofRate: new RateWindow(PROOF_PER_MINUTE, now),
    audit: config.audit,
    now,
    ...(config.maxBodyBytes ? { maxBodyBytes: config.maxBodyBytes } : {}),
  });
}

/** The bridge's token, written with this run's fields to the handshake file at each mint. */
function newBridge(
  config: McpServerConfig,
  now: Clock,
  fields: ReturnType<typeof handshakeFields>,
  port: () => number,
): BridgeTokens {
  return new BridgeTokens({
    now,
    ...(config.bridgeToken ? { times: config.bridgeToken } : {}),
    onMint: (token, expiresAt) =>
      config.handshake.write({
        ...fields,
        port: port(),
        url: `http://127.0.0.1:${port()}/mcp`,
        token,
        tokenExpiresAt: new Date(expiresAt).toISOString(),
        writtenAt: new Date(now()).toISOString(),
      }),
  });
}

/** What every handshake file of this run says, whatever its token. */
function handshakeFields(
  version: string,
  instanceId: string,
  proofKey: string,
  startedAt: string,
  offerStream: boolean,
) {
  return {
    version: HANDSHAKE_FORMAT,
    instanceId,
    proofKey,
    pid: process.pid,
    protocolVersions: SUPPORTED_VERSIONS,
    // The bridge opens the line stream only when the file offers it (believed after the proof).
    ...(offerStream ? { streams: [LINE_STREAM] } : {}),
    quarryVersion: version,
    startedAt,
  };
}

/**
 * The three ways in: the legacy sessions, the SDK's stateless 2026-07-28 handler (a server per
 * POST), and a line stream's server, pinned to the stream by the SDK's stdio entry.
 */
function handlers(deps: ServerDeps): {
  legacy: LegacySessions;
  modern: McpHttpHandler;
  pinned: PinnedExchanges;
  serveStream: StreamCore["serve"];
} {
  const legacy = new LegacySessions((principal) => buildMcpServer(deps, principal));
  const modern = createMcpHandler(
    (ctx) => {
      const extra = ctx.authInfo?.extra as DoorExtra | undefined;
      return buildMcpServer(deps, extra?.principal, {
        toolsOnly: extra?.method === "tools/call" || extra?.method === "tools/list",
      });
    },
    {
      legacy: "reject",
      responseMode: "auto",
      onerror: () => {
        // Rejections are answered to the client already; nothing to add here.
      },
    },
  );
  const serveStream: StreamCore["serve"] = (wire, principal) =>
    serveStdio(() => buildMcpServer(deps, principal), {
      transport: wire,
      legacy: "reject",
      onerror: () => {
        // As above: the client has its answer.
      },
    });
  // One tools-only server for every token's tools/list and tools/call POSTs (pinned-exchanges.ts):
  // each request brings its principal, so none is given here.
  const pinned = new PinnedExchanges();
  // Until it is connected (or if connecting failed) the door sends every POST to the SDK's handler.
  buildMcpServer(deps, undefined, { toolsOnly: true, modern: true })
    .connect(pinned)
    .catch((e: unknown) => {
      process.stderr.write(`quarry mcp: the pinned server did not start: ${String(e)}\n`);
    });
  return { legacy, modern, pinned, serveStream };
}

export async function startMcpServer(config: McpServerConfig): Promise<RunningMcpServer> {
  const now = config.now ?? Date.now;
  const instanceId = randomUUID();
  const proofKey = randomBytes(32).toString("base64url");
  const startedAt = new Date(now()).toISOString();
  const stopping = new AbortController();

  const { legacy, modern, pinned, serveStream } = handlers({
    version: config.version,
    gateway: new ConnectionGateway(config.connections, config.approvals),
    audit: config.audit,
    now,
    exportDir: config.exportDir,
    exportTable: config.exportTable,
    stopping: stopping.signal,
  });

  let port = 0;
  const offerStream = config.offerStream ?? true;
  const fields = handshakeFields(config.version, instanceId, proofKey, startedAt, offerStream);
  const bridge = newBridge(config, now, fields, () => port);
  const revocations = new RevocationWatch(config.tokens, (tokenId) => {
    config.approvals.forget(tokenId);
    void legacy.closeFor(tokenId);
  });
  const rate = new RateWindow(config.limits.requestsPerMinute, now);
  const concurrency = new ConcurrencyLimit(config.limits.concurrentRequests);
  const door = newDoor(config, now, {
    bridge,
    revocations,
    admission: new Admission(rate, concurrency, config.audit),
    legacy,
    modern,
    pinned,
    ...(offerStream
      ? { stream: { check: (presented: string) => bridge.check(presented), serve: serveStream } }
      : {}),
    prove: (challenge) => ({
      instanceId,
      proof: handshakeProof(proofKey, instanceId, port, challenge),
    }),
  });

  const served = await config.http.serve(door.spec(), config.preferredPort);
  port = served.port;
  door.port = port;
  try {
    revocations.start();
    await bridge.start();
  } catch (e) {
    revocations.stop();
    await served.close();
    throw e;
  }

  let stopped = false;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    instanceId,
    openStreams: () => door.openStreams,
    setLimits(limits) {
      rate.limit = limits.requestsPerMinute;
      concurrency.max = limits.concurrentRequests;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopping.abort();
      door.closeStreams();
      bridge.stop();
      revocations.stop();
      await config.handshake.remove(instanceId).catch(() => {});
      await Promise.all([served.close(), modern.close(), pinned.close(), legacy.closeAll()]);
    },
  };
}

export type { Principal } from "./auth.ts";
export * from "./host.ts";
export { MCP_PATH } from "./http-door.ts";
export type * from "./policy/stores.ts";
export { LEGACY_VERSIONS, MODERN_VERSION, RPC, SUPPORTED_VERSIONS } from "./protocol.ts";
