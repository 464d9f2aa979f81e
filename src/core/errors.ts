/**
 * Every refusal in Quarry is a QuarryError: a stable code for machines, a message that names
 * what was wrong, and a remedy that says what to do. The spec's messages live here and nowhere else.
 */
import { DENY_COOL_OFF_MS, type RefusalRule } from "./access.ts";

export type ErrorCode =
  | "invalid_config"
  | "invalid_input"
  | "authentication_failed"
  | "connection_failed"
  | "permission_denied"
  | "unsupported_cluster"
  | "cluster_error"
  // Local storage and saved connections.
  | "storage_failed"
  | "connection_not_found"
  | "connection_exists"
  | "driver_not_installed"
  // Driver plugins and the app process.
  | "plugin_unavailable"
  | "plugin_download_failed"
  | "plugin_integrity_failed"
  | "plugin_load_failed"
  | "catalog_unavailable"
  | "app_not_responding"
  | "request_refused"
  // Browsing: tables, columns, filters, sorting, paging.
  | "table_not_found"
  | "document_not_found"
  | "table_closed"
  | "result_window_too_small"
  // The MCP server: tokens, policies, limits.
  | "forbidden"
  | "unauthenticated"
  | "rate_limited"
  // Edits, the console, index deletion, export.
  | "changes_refused"
  | "console_refused"
  | "confirmation_mismatch"
  | "export_refused"
  | "export_interrupted"
  | "export_incomplete"
  // The stdio bridge quarry-mcp (spec 3.1, 3.2, 7.2).
  | "app_not_running"
  | "endpoint_unproven"
  | "handshake_untrusted"
  | "app_too_old";

export class QuarryError extends Error {
  readonly code: ErrorCode;
  /** What to do, in the command line's words (its commands and flags); MCP clients get it too. */
  readonly remedy: string;
  /**
   * What to do in the UI's words (its screens and buttons), where `remedy` names commands or
   * flags; absent when `remedy` suits both. The UI's API sends this one (`remedyFor`).
   */
  readonly uiRemedy: string | undefined;
  /** Structured facts for the UI or an MCP client (field names, HTTP status...). Never secrets. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    code: ErrorCode,
    message: string,
    remedy: string,
    details: Record<string, unknown> = {},
    uiRemedy?: string,
  ) {
    super(message);
    this.name = "QuarryError";
    this.code = code;
    this.remedy = remedy;
    this.uiRemedy = uiRemedy;
    this.details = details;
  }

  toJSON(): { code: ErrorCode; message: string; remedy: string; details: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      remedy: this.remedy,
      details: { ...this.details },
    };
  }
}

/**
 * Recognized by shape, not only by `instanceof`: a driver plugin bundles its own copy of this
 * module, so the errors it throws are instances of another (identical) class.
 */
export const isQuarryError = (e: unknown): e is QuarryError =>
  e instanceof QuarryError ||
  (e instanceof Error &&
    e.name === "QuarryError" &&
    typeof (e as Partial<QuarryError>).code === "string" &&
    typeof (e as Partial<QuarryError>).remedy === "string" &&
    typeof (e as Partial<QuarryError>).toJSON === "function");

/** Where an error is shown: the UI speaks of its screens and buttons, the CLI of commands. */
export type Surface = "ui" | "cli";

/** The remedy to show on a surface (a driver plugin's errors have the same shape). */
export function remedyFor(e: QuarryError, surface: Surface): string {
  return surface === "ui" ? (e.uiRemedy ?? e.remedy) : e.remedy;
}

/** The error as a surface shows it: code, message, that surface's remedy, details. */
export function errorFor(
  e: QuarryError,
  surface: Surface,
): { code: ErrorCode; message: string; remedy: string; details: Record<string, unknown> } {
  return { ...e.toJSON(), remedy: remedyFor(e, surface) };
}

/** The denial cool-off in whole seconds, as the refusals say it. */
const COOL_OFF_S = DENY_COOL_OFF_MS / 1000;

/** Spec 7.1: remedies are fixed texts so the UI, CLI and MCP server say the same thing. */
export const REMEDIES = {
  authenticationFailed:
    "Check the username and password or the API key. On Elasticsearch 8.x check the connection uses HTTPS (an SSL Mode other than Disabled).",
  /** The same, for a connection that already uses HTTPS: the hint about HTTPS would mislead. */
  authenticationFailedOverHttps: "Check the username and password or the API key.",
  selfSigned:
    "For self-signed certificates set SSL Mode to Required (skip verify) or enable Skip TLS Verification; or choose Verify CA with the cluster's CA file.",
} as const;

export const errors = {
  invalidConfig: (field: string, problem: string, remedy: string, uiRemedy?: string) =>
    new QuarryError("invalid_config", `${field}: ${problem}`, remedy, { field }, uiRemedy),

  /** `overHttps`: the connection uses HTTPS already, so "use HTTPS" is no remedy. */
  authenticationFailed: (
    reason: string,
    details: Record<string, unknown> = {},
    overHttps = false,
  ) =>
    new QuarryError(
      "authentication_failed",
      `Authentication failed: ${reason}`,
      overHttps ? REMEDIES.authenticationFailedOverHttps : REMEDIES.authenticationFailed,
      details,
    ),

  connectionFailed: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("connection_failed", `Connection failed: ${reason}`, remedy, details),

  permissionDenied: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("permission_denied", `Permission denied: ${reason}`, remedy, details),

  unsupportedCluster: (reason: string) =>
    new QuarryError(
      "unsupported_cluster",
      `Unsupported cluster: ${reason}`,
      "Quarry works with Elasticsearch 7.17, 8.x and 9.x. Connect to such a cluster, or use the tool made for this one.",
    ),

  clusterError: (status: number, type: string, reason: string) =>
    new QuarryError(
      "cluster_error",
      reason
        ? `The cluster answered ${status} ${type}: ${reason}`
        : `The cluster answered ${status} without saying why`,
      reason
        ? "Read the cluster's reason above; fix the request or the cluster's state and try again."
        : "Check the cluster's logs for this request, then try again.",
      { status, type },
    ),

  // Local storage and saved connections. Paths are named; contents never are.
  storageFailed: (
    message: string,
    remedy: string,
    details: Record<string, unknown> = {},
    uiRemedy?: string,
  ) => new QuarryError("storage_failed", message, remedy, details, uiRemedy),

  connectionNotFound: (idOrName: string, known: string[]) =>
    new QuarryError(
      "connection_not_found",
      `No saved connection is named "${idOrName}"`,
      known.length
        ? `Use one of: ${known.join(", ")} (quarry connections list), or pass a URL such as http://localhost:9200.`
        : "No connections are saved yet. Add one with quarry connections add, or pass a URL such as http://localhost:9200.",
      { connection: idOrName, known },
      "It may have been removed meanwhile: choose a connection on the Connections screen.",
    ),

  connectionExists: (name: string, existing: string) =>
    new QuarryError(
      "connection_exists",
      `A saved connection is already named "${existing}"`,
      `Names are unique (ignoring case). Choose another name than "${name}", or edit the existing connection.`,
      { name, existing },
    ),

  /** `saved`: whether the connection exists (kept until the driver is back) or was being created. */
  driverNotInstalled: (type: string, connection: string, saved = true) =>
    new QuarryError(
      "driver_not_installed",
      `The connection "${connection}" needs the ${type} driver, which is not installed`,
      saved
        ? `Install the driver (quarry plugins install ${type}); the connection is kept until then.`
        : `Install the driver (quarry plugins install ${type}), then add the connection again; nothing was saved.`,
      { type, connection },
      saved
        ? `Install the driver in Settings > Plugins; the connection is kept until then.`
        : `Install the driver in Settings > Plugins, then add the connection again; nothing was saved.`,
    ),

  // Driver plugins and the app process.
  pluginUnavailable: (
    what: string,
    remedy: string,
    details: Record<string, unknown> = {},
    uiRemedy?: string,
  ) => new QuarryError("plugin_unavailable", what, remedy, details, uiRemedy),

  pluginDownloadFailed: (id: string, url: string, reason: string) =>
    new QuarryError(
      "plugin_download_failed",
      `Downloading the ${id} plugin from ${url} failed: ${reason}`,
      `Nothing was installed. Check the network, or the catalog address (QUARRY_PLUGIN_CATALOG), and try again: quarry plugins install ${id}.`,
      { plugin: id, url },
      "Nothing was installed. Check the network, then press Install again.",
    ),

  pluginIntegrityFailed: (id: string, where: string, expected: string, actual: string) =>
    new QuarryError(
      "plugin_integrity_failed",
      `The ${id} plugin ${where} does not match its SHA-256 (expected ${expected.slice(0, 12)}…, got ${actual.slice(0, 12)}…)`,
      `Quarry refused to load it. Reinstall it from the catalog (quarry plugins install ${id} --force); if this repeats, the catalog or its mirror serves a damaged or altered file.`,
      { plugin: id, expected, actual },
      "Quarry refused to load it. Remove it in Settings > Plugins and install it again; if this repeats, the catalog or its mirror serves a damaged or altered file.",
    ),

  pluginLoadFailed: (id: string, reason: string, remedy?: string, uiRemedy?: string) =>
    new QuarryError(
      "plugin_load_failed",
      `The ${id} plugin cannot be loaded: ${reason}`,
      remedy ??
        `Quarry keeps running without it. Reinstall it (quarry plugins install ${id} --force) or update it (quarry plugins update ${id}).`,
      { plugin: id },
      uiRemedy ??
        (remedy === undefined
          ? "Quarry keeps running without it. Update it in Settings > Plugins, or remove it and install it again."
          : undefined),
    ),

  catalogUnavailable: (url: string, reason: string, remedy?: string, uiRemedy?: string) =>
    new QuarryError(
      "catalog_unavailable",
      `The plugin catalog at ${url} cannot be read: ${reason}`,
      remedy ??
        "Check the catalog's address (QUARRY_PLUGIN_CATALOG, or quarry plugins catalog), or reset it to use the catalog shipped with Quarry (quarry plugins catalog --reset).",
      { url },
      uiRemedy ??
        (remedy === undefined
          ? "Check the network and reload Settings > Plugins. The catalog's address is set outside the UI (QUARRY_PLUGIN_CATALOG, or the quarry plugins catalog command)."
          : undefined),
    ),

  /** The app's local HTTP server refused a request (wrong host, foreign origin, missing key). */
  requestRefused: (message: string, remedy: string) =>
    new QuarryError("request_refused", message, remedy),

  appNotResponding: (pid: number | undefined, reason: string) =>
    new QuarryError(
      "app_not_responding",
      `The running Quarry${pid ? ` (process ${pid})` : ""} does not answer: ${reason}`,
      "Wait a moment and try again; if it stays stuck, end it with quarry stop --force.",
      { pid },
    ),

  // Browsing: tables, columns, filters, sorting and paging.
  tableNotFound: (table: string) =>
    new QuarryError(
      "table_not_found",
      `No index, alias or pattern matches "${table}"`,
      "List the tables (quarry tables <conn>) and check the name; aliases and patterns are accepted too.",
      { table },
      "It may have been deleted or renamed: pick an index from the list in the sidebar.",
    ),

  documentNotFound: (index: string, id: string) =>
    new QuarryError(
      "document_not_found",
      `The document ${id} is no longer in ${index}`,
      "Refresh the grid: someone deleted it.",
      { index, id },
    ),

  tableClosed: (table: string, index: string) =>
    new QuarryError(
      "table_closed",
      `Index "${index}" is closed, so "${table}" cannot be browsed`,
      `Open it first (POST /${index}/_open in the console), or browse another table.`,
      { table, index },
    ),

  unknownColumn: (table: string, column: string, known: string[]) =>
    new QuarryError(
      "invalid_input",
      `"${table}" has no column "${column}"`,
      `Use one of its columns (quarry describe <conn> ${table}): ${known.slice(0, 30).join(", ")}${known.length > 30 ? ", …" : ""}.`,
      { table, column },
      `Choose one of its columns: ${known.slice(0, 30).join(", ")}${known.length > 30 ? ", …" : ""}.`,
    ),

  /**
   * A part of a request that does not have the shape it must have: sent by a program (the UI's
   * page, an MCP client), never typed by a person, so it names the part and the shape.
   */
  malformedInput: (what: string, shape: string) =>
    new QuarryError("invalid_input", `${what} is not ${shape}`, `Send ${shape}.`, { what }),

  /** A name that is not well-formed text: no index, alias or id holds one, no URL carries one. */
  illFormedName: (name: string) =>
    new QuarryError(
      "invalid_input",
      `${JSON.stringify(name)} is not a valid name: it holds a lone UTF-16 surrogate (half of a character)`,
      "Check the name: index names, aliases and document ids are well-formed text.",
      { name },
    ),

  badFilter: (column: string, problem: string, remedy: string, uiRemedy?: string) =>
    new QuarryError(
      "invalid_input",
      `Filter on "${column}": ${problem}`,
      remedy,
      { column },
      uiRemedy,
    ),

  /** Filter `row` (counted from 1, in the order given) needs a value and has none. */
  emptyFilterValue: (row: number, column: string, op: string) =>
    new QuarryError(
      "invalid_input",
      `Filter ${row} (${column} ${op}) has no value`,
      `Give it a value, or remove the filter. The operators exists and missing take none: missing finds the documents without ${column}.`,
      { column, row },
    ),

  badSort: (column: string, problem: string, remedy: string) =>
    new QuarryError("invalid_input", `Sort on "${column}": ${problem}`, remedy, { column }),

  badRawQuery: (reason: string) =>
    new QuarryError(
      "invalid_input",
      `Raw SQL filter: the cluster cannot parse it as a Lucene query (${reason})`,
      'Write Lucene query syntax, e.g. status:paid, total:>100 or name:"Ada Lovelace"; escape or quote special characters such as ( ) : / and "',
    ),

  badPaging: (problem: string, remedy: string) =>
    new QuarryError("invalid_input", `Paging: ${problem}`, remedy),

  resultWindowTooSmall: (limits: { index: string; value: number }[]) =>
    new QuarryError(
      "result_window_too_small",
      `${limits.map((l) => `Index "${l.index}" has index.max_result_window = ${l.value}`).join("; ")}, below the 10,000 rows Quarry pages through with from/size before it switches to search_after`,
      `Raise the setting to at least 10000 (PUT /${limits[0]?.index ?? "<index>"}/_settings {"index.max_result_window": 10000}), or filter the rows so the ones you need come first.`,
      { limits },
    ),
  // The MCP server (spec 7.2). Every access refusal names its layer (core/access.ts).
  accessRefused: (
    rule: RefusalRule,
    connection: string,
    details: Record<string, unknown> = {},
  ): QuarryError => {
    const r = ACCESS_REFUSALS[rule];
    return new QuarryError(
      "forbidden",
      `Forbidden by ${r.layer}: ${r.message(connection)}`,
      r.remedy,
      {
        layer: r.id,
        rule,
        connection,
        ...details,
      },
    );
  },

  /** The user did not approve (Ask Each Time, or a destructive confirmation) in Quarry. */
  approvalRefused: (
    outcome: "denied" | "timed-out",
    connection: string,
    reason: "ask-each-time" | "destructive",
    remembered = false,
  ) =>
    new QuarryError(
      "forbidden",
      outcome === "denied"
        ? `Forbidden by the user's answer in Quarry: the user denied this request on connection "${connection}"${remembered ? ` (a moment ago: for ${COOL_OFF_S} s after a denial this token's ${reason === "destructive" ? "destructive " : ""}requests there are refused without asking)` : ""}`
        : `Forbidden by the user's answer in Quarry: nobody approved this request on connection "${connection}" in time`,
      outcome === "denied"
        ? `Do not retry: for ${COOL_OFF_S} s further ${reason === "destructive" ? "destructive " : ""}requests on this connection are refused without asking. Ask the user in the conversation what they want instead.`
        : "Ask the user to approve it in Quarry (quarry mcp approvals, then quarry mcp approve <id>) and call again.",
      {
        layer: reason === "destructive" ? "user-approval" : "ai-policy",
        rule: `approval-${outcome}`,
        connection,
      },
    ),

  /** A console request from an MCP client that ran past its timeout (it was cancelled). */
  requestTimedOut: (seconds: number) =>
    new QuarryError(
      "cluster_error",
      `The request did not finish within ${seconds} s and was cancelled`,
      "Narrow it (a filter, a smaller size, fewer aggregations) or raise timeout_seconds (at most 300).",
      { timeoutSeconds: seconds },
    ),

  unauthenticated: (reason: string, details: Record<string, unknown> = {}) =>
    new QuarryError(
      "unauthenticated",
      `Unauthenticated: ${reason}`,
      "Send Authorization: Bearer <token> with a live token (quarry tokens list; quarry tokens create). The stdio bridge re-reads its token from the handshake file on its own.",
      details,
    ),

  rateLimited: (reason: string, retryAfterSeconds: number, remedy?: string) =>
    new QuarryError(
      "rate_limited",
      `Rate limited: ${reason}`,
      remedy ?? `Wait ${retryAfterSeconds} s and try again.`,
      { retryAfterSeconds },
    ),

  // Edits, the console, index deletion, bulk delete and export.
  changesRefused: (refusals: { row: string; column?: string; message: string }[]) =>
    new QuarryError(
      "changes_refused",
      `Nothing was saved: ${refusals.length} edit${refusals.length === 1 ? "" : "s"} cannot be written (${refusals
        .slice(0, 3)
        .map((r) => `${r.row}${r.column ? ` › ${r.column}` : ""}: ${r.message}`)
        .join("; ")}${refusals.length > 3 ? "; …" : ""})`,
      "Undo or fix the edits named here, then save again; the other edits are kept.",
      { refusals },
    ),

  /** Spec 1: the cluster's `_sql` endpoint is unreachable from Quarry. */
  sqlRefused: (path: string) =>
    new QuarryError(
      "console_refused",
      `${path} goes to the _sql endpoint, which Quarry does not reach: Quarry browses with the query DSL`,
      'Write the request with the query DSL, e.g. GET /<index>/_search with {"query": {"match": {"field": "text"}}}, or filter the table in the grid.',
      { path },
    ),

  /** A console path that would leave the connection's host (credentials must never go elsewhere). */
  hostEscape: (path: string) =>
    new QuarryError(
      "console_refused",
      `"${path}" is not a path on this cluster: it would send the request (and the connection's credentials) to another host`,
      "Write the path relative to the cluster, starting with a single /, e.g. /my-index/_search. To reach another cluster, use a connection to it.",
      { path },
    ),

  confirmationMismatch: (expected: string, got: string) =>
    new QuarryError(
      "confirmation_mismatch",
      `Nothing was deleted: the confirmed request "${got}" is not the request to send ("${expected}")`,
      "Ask for the deletion again and confirm exactly the request it shows.",
      { expected, got },
    ),

  exportRefused: (message: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("export_refused", message, remedy, details),

  exportInterrupted: (
    reason: string,
    written: number,
    expected: number,
    checkpoint: string,
    note?: string,
  ) =>
    new QuarryError(
      "export_interrupted",
      `The export stopped after ${written} of ${expected} documents: ${reason}`,
      `Run the same export again with resume (quarry export … --resume): it continues after the last completed batch, without duplicates.${note ? ` ${note}` : ""} The checkpoint is ${checkpoint}.`,
      { written, expected, checkpoint },
      "Export again once the cause is fixed: the dialog starts every export anew.",
    ),

  /** An export written through to a stream (standard output, a FIFO, a device) stopped. */
  exportStreamStopped: (target: string, reason: string, written: number, expected: number) =>
    new QuarryError(
      "export_interrupted",
      `The export to ${target} stopped after ${written} of ${expected} documents: ${reason}`,
      `What was written is incomplete. Export again in full: an export to ${target} cannot be resumed (only one to a file of its own can).`,
      { written, expected, out: target },
    ),

  exportStreamIncomplete: (target: string, written: number, expected: number) =>
    new QuarryError(
      "export_incomplete",
      `The export wrote ${written} documents to ${target} but the cluster counted ${expected} for the same query`,
      "The output is incomplete. Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health).",
      { written, expected, out: target },
    ),

  exportIncomplete: (written: number, expected: number, partial: string) =>
    new QuarryError(
      "export_incomplete",
      `The export wrote ${written} documents but the cluster counted ${expected} for the same query`,
      `The file was kept as ${partial} for inspection and not given the final name. Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health).`,
      { written, expected, partial },
      "Export again; if the counts differ again, check the cluster's shard health (GET /_cluster/health in the console).",
    ),
  // The stdio bridge quarry-mcp (spec 7.2). Never a token or a key in these.
  /** Spec 7.2 "app is not running": no trusted handshake, or none within 10 s of launching. */
  appNotRunning: (reason: string) =>
    new QuarryError(
      "app_not_running",
      `Quarry is not running: ${reason}`,
      "Open Quarry; check that its MCP server runs in Settings > Integrations (quarry mcp status); toggle Enable MCP Server off and on (quarry mcp disable, then quarry mcp enable); then relaunch the AI client.",
      { reason },
    ),

  /** Spec 7.2 "endpoint did not prove it belongs to the app": usually a leftover handshake file. */
  endpointUnproven: (port: number, file: string, detail: string) =>
    new QuarryError(
      "endpoint_unproven",
      `The endpoint did not prove it belongs to the app: the process on 127.0.0.1:${port} named by ${file} failed Quarry's challenge (${detail})`,
      `Quit Quarry, delete ${file}, and reopen Quarry (it rewrites the file).`,
      { port, file },
    ),

  /** The handshake file fails a trust check (owner, permissions, format, version, expiry). */
  handshakeUntrusted: (file: string, problem: string) =>
    new QuarryError(
      "handshake_untrusted",
      `The handshake file ${file} is not trusted: ${problem}`,
      `Quit Quarry, delete ${file}, and reopen Quarry: it writes the file again, readable by you only (0600 in a 0700 folder).`,
      { file },
    ),

  /** Spec 7.2 "app build does not speak 2026-07-28": the bridge is newer than the app. */
  appTooOld: (speaks: string) =>
    new QuarryError(
      "app_too_old",
      `The Quarry app build does not speak 2026-07-28 — update the app (the running Quarry speaks ${speaks || "no revision the bridge knows"}; this quarry-mcp speaks 2026-07-28 to it)`,
      "Update Quarry, or quit the running Quarry and open the one installed beside this quarry-mcp.",
      { speaks },
    ),

  /** Spec 3.1, 7.2 (-33009): the bridge token was refused, or is stale, and no app answers. */
  bridgeTokenStale: (reason: string) =>
    new QuarryError(
      "unauthenticated",
      `Unauthenticated: the bridge token is stale and Quarry is not running (${reason})`,
      "Open Quarry again; quarry-mcp reads its new handshake file on the next request (check Settings > Integrations, or quarry mcp status).",
      { reason },
    ),
};

const EDIT_POLICY = "the connection editor's Advanced pane (or quarry connections edit)";

/** The refusal of each access rule (spec 5.3, 7.2): the layer it belongs to, what and what to do. */
const ACCESS_REFUSALS: Record<
  RefusalRule,
  { id: string; layer: string; message: (connection: string) => string; remedy: string }
> = {
  "outside-allowlist": {
    id: "token-allowlist",
    layer: "the token's connection allowlist",
    message: (c) => `this token may not use connection "${c}"`,
    remedy:
      "Use a token whose allowlist includes this connection, or create one (quarry tokens create --connections ...).",
  },
  blocked: {
    id: "external-clients",
    layer: "the connection's External Clients level",
    message: (c) => `connection "${c}" is Blocked for external clients`,
    remedy: `Only the user can change this, in ${EDIT_POLICY}. Do not retry.`,
  },
  "ai-never": {
    id: "ai-policy",
    layer: "the connection's AI policy",
    message: (c) => `connection "${c}" has AI policy Never`,
    remedy: `Only the user can change this, in ${EDIT_POLICY}. Do not retry.`,
  },
  // Spec 7.2: "connection is read only for external clients".
  "read-only-connection": {
    id: "external-clients",
    layer: "the connection's External Clients level",
    message: (c) => `connection "${c}" is read only for external clients`,
    remedy: `Change External Clients to Read & Write in ${EDIT_POLICY}, or run the request in Quarry's own console.`,
  },
  "read-only-token": {
    id: "token-scope",
    layer: "the token's scope",
    message: (c) => `the token is Read Only and this request writes to connection "${c}"`,
    remedy: "Use a Read & Write token (quarry tokens create --scope read-write), or only read.",
  },
  "destructive-needs-confirmation": {
    id: "destructive-guard",
    layer: "the destructive-request guard",
    message: (c) =>
      `this request deletes data on connection "${c}" and execute_query does not run it`,
    remedy:
      "Call confirm_destructive_operation with the same method, path and body: it needs a Full Access token and shows the user the exact request to approve in Quarry.",
  },
  "confirmation-needs-full-access": {
    id: "token-scope",
    layer: "the token's scope",
    message: (c) => `confirm_destructive_operation on connection "${c}" needs a Full Access token`,
    remedy:
      "Ask the user to run the request in Quarry's console, or to give you a Full Access token (quarry tokens create --scope full-access).",
  },
};
