/**
 * Translation of transport failures and cluster error bodies into QuarryErrors.
 * Pure: takes what the network layer saw, returns the error to show.
 */
import { stepOfNetworkFailure } from "../../../core/connection-steps.ts";
import { errors, type QuarryError } from "../../../core/errors.ts";
import { clientCertRefusal } from "./client-cert-errors.ts";
import { ES_REMEDIES, esErrors } from "./error-catalog.ts";

const TLS_TRUST_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_SIGNATURE_FAILURE",
]);

interface ErrorLike {
  code?: string;
  message?: string;
  cause?: unknown;
}

function codeOf(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; cur && depth < 4; depth++) {
    const c = (cur as ErrorLike).code;
    if (c && !c.startsWith("UND_ERR")) return c;
    cur = (cur as ErrorLike).cause;
  }
  return (e as ErrorLike)?.code;
}

/**
 * Maps an exception from the HTTP client (no response received) to `Connection failed: …`.
 * Long because it is one table: each network or TLS failure with its own words and remedy, in the
 * order they must be tested (a TLS code before the generic reset).
 */
export function networkError(e: unknown, target: ClusterAddress): QuarryError {
  const code = codeOf(e) ?? "";
  const msg = (e as ErrorLike)?.message ?? String(e);
  const details = { url: target.url, cause: code || msg, step: stepOfNetworkFailure(code, msg) };
  const refused = clientCertRefusal(code, msg, details, target.clientCert === true);
  if (refused) return refused;
  if (TLS_TRUST_CODES.has(code)) {
    return errors.connectionFailed(
      `the server's certificate is not trusted (${code})`,
      ES_REMEDIES.selfSigned,
      details,
    );
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    return errors.connectionFailed(
      `the certificate does not name this host (${msg})`,
      `Connect with a host name the certificate names, choose SSL Mode Verify CA (checks the CA but not the name), or ${ES_REMEDIES.selfSigned.charAt(0).toLowerCase()}${ES_REMEDIES.selfSigned.slice(1)}`,
      details,
    );
  }
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") {
    return errors.connectionFailed(
      `the server's certificate is not valid now (${code})`,
      ES_REMEDIES.selfSigned,
      details,
    );
  }
  if (
    code === "ERR_SSL_WRONG_VERSION_NUMBER" ||
    code === "EPROTO" ||
    /wrong version number/i.test(msg)
  ) {
    return errors.connectionFailed(
      "the server did not answer in TLS; it probably serves plain HTTP",
      "Set SSL Mode to Disabled for a cluster without HTTPS.",
      details,
    );
  }
  if (code === "ECONNREFUSED") {
    return errors.connectionFailed(
      `nothing is listening at ${target.url} (ECONNREFUSED)`,
      "Check the host and port, and that the cluster is running.",
      details,
    );
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return errors.connectionFailed(
      `the host name could not be resolved (${code})`,
      "Check the Host field.",
      details,
    );
  }
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || /other side closed/i.test(msg)) {
    const beforeTls = target.tls && /before secure TLS connection/i.test(msg);
    return errors.connectionFailed(
      beforeTls
        ? "the server closed the connection before TLS was set up"
        : target.tls
          ? "the server closed the connection during the request"
          : "the server closed the connection without answering; it probably requires HTTPS",
      beforeTls
        ? "Check the port is the cluster's REST port (usually 9200; the transport port 9300 does not speak HTTPS); if the cluster serves plain HTTP, set SSL Mode to Disabled."
        : target.tls
          ? "Check the cluster's logs; if it serves plain HTTP, set SSL Mode to Disabled."
          : `Elasticsearch 8.x serves HTTPS by default: set SSL Mode to Preferred or another HTTPS mode. ${ES_REMEDIES.selfSigned}`,
      details,
    );
  }
  if (
    (e as Error)?.name === "HTTPParserError" ||
    /does not match the HTTP\/1\.1 protocol/.test(msg)
  ) {
    // What the port sent instead of HTTP: Elasticsearch's transport port says so in words.
    const sent = String((e as { data?: unknown }).data ?? "");
    if (/not an HTTP port/i.test(sent)) {
      return errors.connectionFailed(
        `${target.url} answered "${sent.trim()}": it looks like the cluster's transport port (for nodes talking to each other, 9300 by default), not its REST port`,
        "Use the REST port, usually 9200 (http.port in elasticsearch.yml).",
        details,
      );
    }
    return errors.connectionFailed(
      `${target.url} does not answer in HTTP (${msg})`,
      "Check the port: Elasticsearch's REST API is usually on 9200; the transport port (9300) and other services do not speak HTTP.",
      details,
    );
  }
  if (code.includes("TIMEOUT") || code === "ETIMEDOUT") {
    return errors.connectionFailed(
      `no answer from ${target.url} in time (${code})`,
      "Check the host, port and network; the cluster may be overloaded.",
      details,
    );
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EADDRNOTAVAIL") {
    return errors.connectionFailed(
      `the host cannot be reached from here (${code})`,
      "Check the Host field and the network between here and the cluster (a VPN, a firewall, a route).",
      details,
    );
  }
  // Only a failure about certificates or TLS gets the self-signed remedy; anything else, the fields.
  const tlsRelated = /cert|ssl|tls/i.test(`${code} ${msg}`);
  return errors.connectionFailed(
    `${msg}${code ? ` (${code})` : ""}`,
    tlsRelated
      ? ES_REMEDIES.selfSigned
      : "Check the host, the port and the SSL Mode, and that the cluster is running.",
    details,
  );
}

/** The shape of an Elasticsearch error body: `{"error":{"type","reason","root_cause":[…]},"status":N}`. */
interface EsCause {
  type?: string;
  reason?: string;
  caused_by?: EsCause;
}

interface EsErrorBody {
  error?: string | (EsCause & { root_cause?: EsCause[] });
  status?: number;
}

/**
 * The deepest cause's reason when the error's own does not hold it: "[r] failed to create
 * repository" says why only in its cause ("location … doesn't match any of the locations
 * specified by path.repo").
 */
function withCause(err: EsCause): string {
  const reason = err.reason ?? "";
  let deepest: EsCause | undefined = err.caused_by;
  for (let depth = 0; deepest?.caused_by && depth < 8; depth++) deepest = deepest.caused_by;
  const why = deepest?.reason;
  return why && !reason.includes(why) ? `${reason}: ${why}` : reason;
}

/** The node's reason without the internal request it names ("… for REST request [/_x?y]"). */
function withoutRequestPath(reason: string): string {
  return reason.replace(/\s*for REST request \[[^\]]*\]/g, "").trim();
}

function cut(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Extracts the most useful type and reason, preferring the root cause over "all shards failed". */
export function errorTypeAndReason(body: unknown): { type: string; reason: string } {
  const err = (body as EsErrorBody | undefined)?.error;
  if (typeof err === "string") return { type: "error", reason: err };
  if (!err)
    return { type: "error", reason: typeof body === "string" ? body : JSON.stringify(body) };
  const root = err.root_cause?.[0];
  const generic = !err.reason || /all shards failed/i.test(err.reason);
  if (generic && root?.reason)
    return { type: root.type ?? err.type ?? "error", reason: root.reason };
  return { type: err.type ?? "error", reason: withCause(err) };
}

/** What the server was asked through: its address, and whether it was over HTTPS. */
export interface ClusterAddress {
  url: string;
  tls: boolean;
  /** Whether a client certificate is presented. */
  clientCert?: boolean;
}

/**
 * Maps a non-2xx cluster answer to an error: 401 is `Authentication failed: …`, with
 * the HTTPS hint only when `target` says the connection is not HTTPS already. An answer that is
 * not Elasticsearch's (a 404 with an empty or non-JSON body) says so instead of quoting nothing.
 */
export function httpError(status: number, body: unknown, target?: ClusterAddress): QuarryError {
  const { type, reason } = errorTypeAndReason(body);
  if (status === 401)
    return esErrors.authenticationFailed(
      withoutRequestPath(reason) || "the cluster rejected the credentials",
      { status, type },
      target?.tls === true,
    );
  if (typeof body === "string" || body === undefined || body === null) {
    const text = String(body ?? "")
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (status === 404 || status === 405) {
      return errors.connectionFailed(
        `${target?.url ?? "the server"} answered ${status} ${text ? `with "${cut(text)}"` : "with an empty body"}, not as Elasticsearch does: this endpoint does not look like Elasticsearch's REST API`,
        "Check the host and port: the REST API is usually on port 9200, at the root of the address (not under a path a proxy adds).",
        { status, ...(target ? { url: target.url } : {}) },
      );
    }
    return esErrors.clusterError(status, type, cut(text));
  }
  if (status === 403) {
    return errors.permissionDenied(
      reason,
      "Use credentials whose role allows this action, or ask the cluster's administrator.",
      { status, type },
    );
  }
  return esErrors.clusterError(status, type, reason);
}

/** The reason an answer's body gives, or the start of the body when it gives none. */
export function reasonOf(body: unknown): string {
  const b = body as { error?: unknown } | null;
  const e = b?.error;
  if (typeof e === "string") return e;
  const r = (e as { reason?: unknown } | undefined)?.reason;
  return typeof r === "string" ? r : `HTTP answer ${JSON.stringify(body).slice(0, 120)}`;
}
