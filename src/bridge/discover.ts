/**
 * The bridge's own `server/discover` on an app instance: how it learns the app's revisions (and
 * answers a legacy client's `initialize`), with what each refusal means for the bridge.
 */
import { errors } from "../core/errors.ts";
import { MODERN_VERSION } from "../mcp/protocol.ts";
import type { Endpoint } from "./app-link.ts";
import { bridgeErrors } from "./errors.ts";
import {
  appRateLimit,
  type Json,
  type LegacySession,
  META,
  modernHeaders,
  type RpcMessage,
} from "./protocol.ts";
import { gistOf } from "./refusal.ts";
import type { Post } from "./upstream.ts";
import { parsedMessage } from "./verbatim.ts";

/** How long the bridge's own `server/discover` may take. */
const DISCOVER_TIMEOUT_MS = 10_000;

/** The app's `server/discover`, asked by the bridge itself. */
export async function discoverOn(
  post: Post,
  endpoint: Endpoint,
  asker: Pick<LegacySession, "capabilities" | "clientInfo"> | undefined,
  version: string,
): Promise<Json> {
  const m: RpcMessage = {
    jsonrpc: "2.0",
    id: "quarry-mcp-discover",
    method: "server/discover",
    params: {
      _meta: {
        [META.protocolVersion]: MODERN_VERSION,
        [META.clientCapabilities]: asker?.capabilities ?? {},
        [META.clientInfo]: asker?.clientInfo ?? {
          name: "quarry-mcp",
          version,
        },
      },
    },
  };
  let answer: Json | undefined;
  const r = await post(
    endpoint,
    JSON.stringify(m),
    modernHeaders(m),
    AbortSignal.timeout(DISCOVER_TIMEOUT_MS),
    (msg) => {
      answer ??= parsedMessage(msg) as Json | undefined;
    },
  );
  if (r.kind === "answered" && answer) {
    const result = answer.result;
    if (result && typeof result === "object") return result as Json;
    throw bridgeErrors.appTooOld(
      `no revision the bridge knows (it answered server/discover with ${gistOf(answer)})`,
    );
  }
  if (r.kind === "refused") {
    const e = (r.body as { error?: { message?: string } } | undefined)?.error;
    if (r.status === 401)
      throw errors.unauthenticated(
        `Quarry refused the bridge token from its own handshake file (${e?.message ?? "HTTP 401"})`,
      );
    if (r.status === 429) throw appRateLimit(r.body, r.retryAfter);
    if ([400, 404, 405, 406].includes(r.status))
      throw bridgeErrors.appTooOld(
        `only older revisions (it refused server/discover: HTTP ${r.status}${e?.message ? `, ${e.message}` : ""})`,
      );
  }
  if (r.kind === "aborted")
    throw bridgeErrors.appNotRunning(
      `it did not answer server/discover within ${DISCOVER_TIMEOUT_MS / 1000} s`,
    );
  throw bridgeErrors.appNotRunning(
    `it did not answer server/discover (${"detail" in r ? r.detail : `HTTP ${"status" in r ? r.status : "?"}`})`,
  );
}
