/**
 * Deleting an index from the sidebar (docs/decisions.md, "Index deletion"): first the exact request
 * that will be sent (`DELETE /<index>`), shown in the confirmation; then the same request, sent
 * only when the confirmation carries it unchanged. One concrete index only: `_all`, wildcards,
 * comma lists and names that are not index names are refused, so a confirmation can never cover
 * more than it shows.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { consoleText } from "../../../core/console.ts";
import { errors, QuarryError } from "../../../core/errors.ts";
import { esErrors } from "../wire/error-catalog.ts";
import { httpError } from "../wire/errors.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";

/** Characters Elasticsearch forbids in index names, plus the wildcard and list characters. */
const FORBIDDEN = /[\\/*?"<>|,# :]/;
const hasControl = (name: string) => [...name].some((c) => c.charCodeAt(0) < 0x20);

/** Pure: the request that deletes `index`, or a refusal naming what is wrong with the name. */
export function planDeleteIndex(index: string): ConsoleRequest {
  const name = String(index ?? "");
  const problem =
    name === ""
      ? "is empty"
      : name.toLowerCase() === "_all"
        ? "names every index"
        : FORBIDDEN.test(name) || hasControl(name)
          ? "is a pattern or list, not one index"
          : /^[-_+]/.test(name)
            ? "cannot be an index name (it starts with - _ or +)"
            : name === "." || name === ".."
              ? "cannot be an index name"
              : undefined;
  if (problem) {
    throw new QuarryError(
      "invalid_input",
      `"${name}" ${problem}: Quarry deletes one index at a time`,
      "Name one concrete index, exactly as the sidebar lists it.",
      { index: name },
    );
  }
  return { method: "DELETE", path: `/${pathSegment(name)}` };
}

/**
 * Sends the deletion planned for `index`, only if `confirmed` is that very request. A missing
 * index is `table_not_found`; an alias is refused by the cluster (it deletes indices, not aliases).
 */
export async function deleteIndex(
  transport: EsTransport,
  index: string,
  confirmed: ConsoleRequest,
): Promise<void> {
  const plan = planDeleteIndex(index);
  const same =
    confirmed &&
    String(confirmed.method).toUpperCase() === plan.method &&
    confirmed.path === plan.path &&
    (confirmed.body === undefined || confirmed.body === null);
  if (!same) {
    throw errors.confirmationMismatch(
      consoleText(plan),
      confirmed ? consoleText(confirmed) : "(nothing confirmed)",
    );
  }
  const res = await transport.request({ method: "DELETE", path: plan.path });
  if (res.status >= 200 && res.status < 300) return;
  const type = (res.body as { error?: { type?: string } } | null)?.error?.type;
  if (res.status === 404 && type === "index_not_found_exception")
    throw esErrors.tableNotFound(index);
  throw httpError(res.status, res.body);
}
