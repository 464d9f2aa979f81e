/**
 * Tool results: the same JSON object as text and as structured content, cut to a size an AI
 * client can take, with a note that says what was cut and how to get the rest. Pure.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { parseJsonExact } from "../core/exact-json.ts";

/** Largest tool result a call may ask for (`max_chars`), in characters of its JSON (about 25,000 tokens). */
export const RESULT_CHAR_LIMIT = 100_000;
/**
 * A tool result's size unless the call asks for more with `max_chars` (docs/mcp.md, "Answers
 * sized for a model"): about 2,000 tokens, what a model can use in one step.
 */
export const ANSWER_CHAR_LIMIT = 8_000;
/** The smallest `max_chars` a call may ask for: room for a note and a cursor. */
export const MIN_ANSWER_CHARS = 2_000;
/** Objects with more keys than this may lose keys (fewer: their fields are the answer's shape). */
const MIN_KEYS = 20;
/** Strings are never cut below this many characters. */
const MIN_STRING = 200;

export interface Cut {
  /** Where, e.g. `rows` or `hits.hits[2]._source.body`. */
  path: string;
  /** For a list: items kept, of how many. */
  kept?: number;
  of?: number;
  /** For a text: characters kept, of how many. */
  chars?: number;
  ofChars?: number;
}

interface Node {
  path: string;
  parent: Record<string, unknown> | unknown[];
  key: string | number;
  value: unknown[] | Record<string, unknown> | string;
  size: number;
}

/**
 * Cuts a JSON value until its JSON fits `maxChars`: the biggest list loses items from its end, or
 * else the longest text is shortened (ending in "…"), again and again. Returns the cut copy and
 * what was cut. The input is never changed.
 */
export function capJson(
  value: unknown,
  maxChars: number,
): { value: unknown; cuts: Cut[]; text: string } {
  let text = JSON.stringify(value) ?? "null";
  if (text.length <= maxChars) return { value, cuts: [], text };
  // A copy to cut; exact, since the value may hold longs beyond 2^53 (core/exact-json.ts).
  const root = { v: parseJsonExact(text) };
  const cuts = new Map<string, Cut>();
  for (let round = 0; round < 500 && text.length > maxChars; round++) {
    const biggest = findBiggest(root);
    if (!biggest) break;
    const excess = text.length - maxChars;
    const { value: node, parent, key, path } = biggest;
    if (Array.isArray(node) || typeof node === "object") {
      // A list loses items from its end; an object (a mapping of thousands of fields) its last keys.
      const entries = Array.isArray(node) ? node : Object.entries(node);
      const per = biggest.size / Math.max(1, entries.length);
      const drop = Math.min(entries.length, Math.max(1, Math.ceil(excess / per)));
      const before = cuts.get(path);
      const of = before?.of ?? entries.length;
      const kept = entries.length - drop;
      (parent as Record<string | number, unknown>)[key] = Array.isArray(node)
        ? node.slice(0, kept)
        : Object.fromEntries((entries as [string, unknown][]).slice(0, kept));
      cuts.set(path, { path, kept, of });
    } else {
      const before = cuts.get(path);
      const ofChars = before?.ofChars ?? node.length;
      const keep = Math.max(MIN_STRING, node.length - excess - 1);
      if (keep >= node.length) break;
      (parent as Record<string | number, unknown>)[key] = `${node.slice(0, keep)}…`;
      cuts.set(path, { path, chars: keep, ofChars });
    }
    text = JSON.stringify(root.v);
  }
  return { value: root.v, cuts: [...cuts.values()], text };
}

/** The biggest non-empty list, or failing that the longest text that can still be cut. */
function findBiggest(root: { v: unknown }): Node | undefined {
  let bestList: Node | undefined;
  let bestText: Node | undefined;
  const walk = (value: unknown, parent: Node["parent"], key: string | number, path: string) => {
    if (typeof value === "string") {
      if (value.length > MIN_STRING + 1 && (!bestText || value.length > bestText.size))
        bestText = { path, parent, key, value, size: value.length };
      return;
    }
    if (value === null || typeof value !== "object") return;
    const keys = Array.isArray(value) ? 0 : Object.keys(value).length;
    // An object with many keys is cut like a list when it is the biggest thing left.
    if (keys > MIN_KEYS) {
      const size = JSON.stringify(value).length;
      if (!bestList || size > bestList.size)
        bestList = { path, parent, key, value: value as Record<string, unknown>, size };
    }
    if (Array.isArray(value)) {
      if (value.length > 0) {
        const size = JSON.stringify(value).length;
        if (!bestList || size > bestList.size) bestList = { path, parent, key, value, size };
      }
      value.forEach((item, i) => {
        walk(item, value, i, `${path}[${i}]`);
      });
      return;
    }
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      walk(v, value as Record<string, unknown>, k, path ? `${path}.${k}` : k);
  };
  walk(root.v, root as unknown as Record<string, unknown>, "v", "");
  // A list is cut first unless a single text is bigger than it (one huge field in one row).
  if (bestList && (!bestText || bestList.size >= bestText.size)) return bestList;
  return bestText ?? bestList;
}

export function describeCuts(cuts: Cut[]): string {
  const shown = cuts
    .slice(0, 4)
    .map((c) =>
      c.kept !== undefined
        ? `${c.path || "the list"}: ${c.kept} of ${c.of} items kept`
        : `${c.path || "the text"}: ${c.chars} of ${c.ofChars} characters kept`,
    )
    .join("; ");
  return cuts.length > 4 ? `${shown}; and ${cuts.length - 4} more` : shown;
}

/**
 * `structured` cut to `limit` characters of JSON: when something was cut, `truncated: true` and a
 * `note` naming the cuts and `hint` (how to get the rest) are added. Returns the value and its JSON.
 */
export function capped(
  structured: Record<string, unknown>,
  hint = "Ask for less (a filter, fewer columns, a smaller page).",
  limit = RESULT_CHAR_LIMIT,
): { value: Record<string, unknown>; text: string } {
  const { value, cuts, text } = capJson(structured, limit - 400);
  if (cuts.length === 0) return { value: structured, text };
  const out = {
    ...(value as Record<string, unknown>),
    truncated: true,
    note: `Result cut to fit ${limit} characters: ${describeCuts(cuts)}. ${hint}${limit < RESULT_CHAR_LIMIT ? ` max_chars (up to ${RESULT_CHAR_LIMIT}) asks for a larger answer.` : ""}`,
  };
  resumeAfterKept(out, cuts);
  return { value: out, text: JSON.stringify(out) };
}

/**
 * A page of a list (`offset`, `total`, a numeric `next_cursor`) whose rows were cut: its cursor
 * continues right after the last row kept, so the next call loses none.
 */
function resumeAfterKept(out: Record<string, unknown>, cuts: Cut[]): void {
  const rowsCut = cuts.find((c) => c.path === "rows" && c.kept !== undefined);
  const { offset, total, next_cursor } = out;
  if (!rowsCut || typeof offset !== "number" || typeof total !== "number") return;
  if (next_cursor !== undefined && !/^\d+$/.test(String(next_cursor))) return;
  const end = offset + (rowsCut.kept ?? 0);
  if (end < total) {
    out.next_cursor = String(end);
    out.note = `${out.note} The rows kept are ${offset + 1} to ${end} of ${total}; next_cursor continues with row ${end + 1}.`;
  }
}

/** A tool's answer: the same capped JSON as structured content and as text. */
export function toolResult(
  structured: Record<string, unknown>,
  hint?: string,
  limit = RESULT_CHAR_LIMIT,
): CallToolResult {
  const { value, text } = capped(structured, hint, limit);
  return { content: [{ type: "text", text }], structuredContent: value };
}

/** A tool error the model can act on (bad input, a cluster error): message and remedy. */
export function toolError(message: string, remedy: string, details: Record<string, unknown> = {}) {
  const structured = { error: { message, remedy, ...details } };
  return {
    content: [{ type: "text" as const, text: `${message}\n${remedy}` }],
    structuredContent: structured,
    isError: true,
  } satisfies CallToolResult;
}
