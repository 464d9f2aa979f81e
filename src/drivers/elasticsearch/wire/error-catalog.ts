/**
 * The Elasticsearch driver's own refusals: the messages and remedies that speak of clusters,
 * indices, SSL Mode, Lucene and the REST API. Core keeps the generic catalog (src/core/errors.ts);
 * the codes are core's, so every surface handles these as it handles any QuarryError.
 */
import { QuarryError } from "../../../core/errors.ts";

/** Fixed remedies, so the UI, CLI and MCP server say the same thing. */
export const ES_REMEDIES = {
  authenticationFailed:
    "Check the username and password or the API key. On Elasticsearch 8.x check the connection uses HTTPS (an SSL Mode other than Disabled).",
  /** The same, for a connection that already uses HTTPS: the hint about HTTPS would mislead. */
  authenticationFailedOverHttps: "Check the username and password or the API key.",
  selfSigned:
    "For self-signed certificates set SSL Mode to Required (skip verify) or enable Skip TLS Verification; or choose Verify CA with the cluster's CA file.",
} as const;

export const esErrors = {
  /** `overHttps`: the connection uses HTTPS already, so "use HTTPS" is no remedy. */
  authenticationFailed: (
    reason: string,
    details: Record<string, unknown> = {},
    overHttps = false,
  ) =>
    new QuarryError(
      "authentication_failed",
      `Authentication failed: ${reason}`,
      overHttps ? ES_REMEDIES.authenticationFailedOverHttps : ES_REMEDIES.authenticationFailed,
      details,
    ),

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

  tableNotFound: (table: string) =>
    new QuarryError(
      "table_not_found",
      `No index, alias or pattern matches "${table}"`,
      "List the tables (quarry tables <conn>) and check the name; aliases and patterns are accepted too.",
      { table },
      "It may have been deleted or renamed: pick an index from the list in the sidebar.",
    ),

  /** A feature the cluster lacks (a module not installed); `note` says which and why. */
  featureUnavailable: (note: string) =>
    new QuarryError(
      "console_refused",
      note,
      "Use a cluster that has it (the default distribution includes it), or do it another way.",
    ),
  /** Reindex copies into a new index only. */
  copyTargetExists: (target: string) =>
    new QuarryError(
      "console_refused",
      `The index ${target} already exists: reindex here copies into a new index only`,
      "Name an index that does not exist yet.",
      { index: target },
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

  badRawQuery: (reason: string) =>
    new QuarryError(
      "invalid_input",
      `Raw SQL filter: the cluster cannot parse it as a Lucene query (${reason})`,
      'Write Lucene query syntax, e.g. status:paid, total:>100 or name:"Ada Lovelace"; escape or quote special characters such as ( ) : / and "',
    ),

  resultWindowTooSmall: (limits: { index: string; value: number }[]) =>
    new QuarryError(
      "result_window_too_small",
      `${limits.map((l) => `Index "${l.index}" has index.max_result_window = ${l.value}`).join("; ")}, below the 10,000 rows Quarry pages through with from/size before it switches to search_after`,
      `Raise the setting to at least 10000 (PUT /${limits[0]?.index ?? "<index>"}/_settings {"index.max_result_window": 10000}), or filter the rows so the ones you need come first.`,
      { limits },
    ),
};
