/**
 * The one history searched: entries of every connection narrowed by connection, surface, time and
 * text, newest first. One rule for `quarry history` and the page's History.
 */
import { consoleText } from "../../core/console.ts";
import { QuarryError } from "../../core/errors.ts";
import type { HistoryEntry } from "./console-history.ts";

export interface KeptEntry {
  /** The connection's id the entry is kept under. */
  connection: string;
  entry: HistoryEntry;
}

export interface HistorySearch {
  /** A connection's id. */
  connection?: string;
  /** `ui`, `cli`, `mcp` (any token) or `mcp:<token name>`. */
  surface?: string;
  /** Words that must each be in the request's text, its status, surface or connection's name. */
  text?: string;
  /** Epoch milliseconds, inclusive. */
  since?: number;
  /** Epoch milliseconds, inclusive. */
  until?: number;
}

/** Pure: the entries that match, in the order given; `names` gives each connection's name. */
export function searchHistory(
  entries: readonly KeptEntry[],
  search: HistorySearch,
  names: ReadonlyMap<string, string> = new Map(),
): KeptEntry[] {
  const surface = search.surface?.trim().toLowerCase();
  const words = (search.text ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(({ connection, entry }) => {
    if (search.connection && connection !== search.connection) return false;
    const s = entry.surface ?? "";
    if (surface && s !== surface && !(surface === "mcp" && s.startsWith("mcp:"))) return false;
    const at = Date.parse(entry.at);
    if (search.since !== undefined && !(at >= search.since)) return false;
    if (search.until !== undefined && !(at <= search.until)) return false;
    if (words.length === 0) return true;
    const haystack = [
      consoleText(entry.request),
      String(entry.status ?? ""),
      s,
      names.get(connection) ?? connection,
    ]
      .join("\n")
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** A time given to a search (ISO 8601): epoch milliseconds, or refused naming what was given. */
export function historyTime(name: string, value: string): number {
  const t = Date.parse(value);
  if (Number.isNaN(t))
    throw new QuarryError(
      "invalid_input",
      `${name} ${value} is not a time`,
      "Give an ISO 8601 date or time, e.g. 2026-11-29 or 2026-11-29T10:00Z.",
    );
  return t;
}
