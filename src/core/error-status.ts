/**
 * Whose fault an error is, as an HTTP status: the one table every HTTP answer of Quarry uses (the
 * UI's API, the app's own routes). Numbers only: no HTTP framework here.
 */

/** 400 the input, 404 something missing, 409 a conflict, 502 the cluster or the catalog; else 500. */
const STATUS: Readonly<Record<string, number>> = {
  invalid_config: 400,
  invalid_input: 400,
  // Refusals of what the user asked (edits, a console request, a confirmation, an export):
  // nothing went wrong in Quarry, so never a 500.
  changes_refused: 400,
  console_refused: 400,
  confirmation_mismatch: 400,
  export_refused: 400,
  transfer_refused: 400,
  connection_not_found: 404,
  table_not_found: 404,
  document_not_found: 404,
  driver_not_installed: 404,
  plugin_unavailable: 404,
  query_not_found: 404,
  connection_exists: 409,
  query_exists: 409,
  table_closed: 409,
  result_window_too_small: 409,
  authentication_failed: 502,
  connection_failed: 502,
  permission_denied: 502,
  unsupported_cluster: 502,
  cluster_error: 502,
  catalog_unavailable: 502,
  plugin_download_failed: 502,
  // The driver does not offer the facet asked for (core/facet-access.ts): nobody's fault.
  not_offered: 501,
};

/** The HTTP status for an error code; 500 (Quarry's own fault) for a code not listed. */
export function statusFor(code: string): number {
  return Object.hasOwn(STATUS, code) ? STATUS[code]! : 500;
}

/**
 * The HTTP status for an error: the one its details name for an input refusal (413 for a body over
 * the limit, 404 for a file gone...), else its code's.
 */
export function statusOf(e: { code: string; details: Readonly<Record<string, unknown>> }): number {
  const named = e.details.status;
  if (e.code === "invalid_input" && typeof named === "number") return named;
  return statusFor(e.code);
}
