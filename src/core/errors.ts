/**
 * Every refusal in Quarry is a QuarryError: a stable code for machines, a message that names
 * what was wrong, and a remedy that says what to do. This is the generic catalog; the MCP server's
 * access refusals are in access-refusals.ts, the bridge's in src/bridge/errors.ts, and a driver's
 * own in the driver (its error catalog). Each message
 * lives in one place.
 */
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
  // A connection's driver does not offer a facet (core/facets.ts).
  | "not_offered"
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
  // Saved queries.
  | "query_not_found"
  | "query_exists"
  | "confirmation_mismatch"
  | "export_refused"
  | "export_interrupted"
  | "export_incomplete"
  // Copies and imports.
  | "transfer_refused"
  | "transfer_interrupted"
  | "transfer_incomplete"
  // The stdio bridge quarry-mcp (docs/mcp.md, "Errors").
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

export const errors = {
  invalidConfig: (field: string, problem: string, remedy: string, uiRemedy?: string) =>
    new QuarryError("invalid_config", `${field}: ${problem}`, remedy, { field }, uiRemedy),

  connectionFailed: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("connection_failed", `Connection failed: ${reason}`, remedy, details),

  permissionDenied: (reason: string, remedy: string, details: Record<string, unknown> = {}) =>
    new QuarryError("permission_denied", `Permission denied: ${reason}`, remedy, details),

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

  badPaging: (problem: string, remedy: string) =>
    new QuarryError("invalid_input", `Paging: ${problem}`, remedy),

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

  /** The cluster's `_sql` endpoint is unreachable from Quarry. */
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
};
