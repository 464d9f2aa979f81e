/**
 * The one way to write a table or a name into a request path. Every request on an index, alias,
 * pattern or document goes through these, so a name is encoded, checked and refused the same way
 * whichever part of the driver sends it. Pure.
 */
import { errors, QuarryError } from "../../../core/errors.ts";

/**
 * One name (an index, an alias, a document id) as a URL path segment. A name that is not
 * well-formed text (a lone surrogate) is refused: encodeURIComponent would throw a URIError.
 */
export function pathSegment(name: string): string {
  if (!name.isWellFormed()) throw errors.illFormedName(name);
  return encodeURIComponent(name);
}

/** `/<table>` for an index, alias, pattern (`logs-*`) or comma list, each name percent-encoded. */
export function indexPath(table: string): string {
  const names = table.split(",").map((n) => n.trim());
  if (table.trim() === "" || names.some((n) => n === "")) {
    throw new QuarryError(
      "invalid_input",
      `"${table}" is not a table name`,
      "Name an index, an alias, a pattern such as logs-*, or a comma list of them.",
      { table },
    );
  }
  return `/${names.map(pathSegment).join(",")}`;
}
