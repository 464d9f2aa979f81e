/**
 * JSON parsing that keeps integers beyond 2^53 exact. A database's 64-bit integer fields, sort
 * values and counters can exceed what a double holds; `JSON.parse` would round
 * them, so a cell would show another number and an export or a paging cursor would carry it on.
 * Such integers are kept as `JSON.rawJSON` values, which `JSON.stringify` writes back digit for
 * digit. Pure.
 */

// Node 24 has these (ES2025's JSON.parse source text access); TypeScript's es2024 lib does not.
interface RawJson {
  readonly rawJSON: string;
}
type ReviverContext = { source?: string };
const json = JSON as unknown as {
  rawJSON(text: string): RawJson;
  isRawJSON(value: unknown): value is RawJson;
  parse(
    text: string,
    reviver: (key: string, value: unknown, context: ReviverContext) => unknown,
  ): unknown;
};

const INTEGER_TEXT = /^-?\d+$/;

function keepExact(_key: string, value: unknown, context: ReviverContext): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context.source;
  return source !== undefined && INTEGER_TEXT.test(source) ? json.rawJSON(source) : value;
}

/** Whether a parsed value holds a number `JSON.parse` may have rounded (an integer beyond 2^53). */
function holdsRoundedInteger(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsRoundedInteger(item)) return true;
    return false;
  }
  for (const key in value)
    if (holdsRoundedInteger((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** `JSON.parse`, except that integers beyond 2^53 come back exact (see `isExactInteger`). */
export function parseJsonExact(text: string): unknown {
  // The reviver costs: parse plainly, and again with it only when a number may have been rounded
  // (walking the parsed value costs a tenth of the parse; scanning the text cost half of it).
  const value = JSON.parse(text);
  return holdsRoundedInteger(value) ? json.parse(text, keepExact) : value;
}

/** An integer `parseJsonExact` kept exact: `JSON.stringify` writes its digits as they were. */
export function isExactInteger(value: unknown): value is RawJson {
  return typeof value === "object" && value !== null && json.isRawJSON(value);
}

/** The digits of an exact integer, for display (a cell shows them as text). */
export function exactIntegerText(value: RawJson): string {
  return value.rawJSON;
}

/**
 * Any value a request carried, as short text for a message: an exact integer as its digits,
 * objects as JSON. Never throws (`String()` does on an exact integer, which has no prototype).
 */
export function displayValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    // A cycle or a BigInt: not from JSON; said plainly below.
  }
  return typeof value === "object" && value !== null ? "(an object)" : String(value);
}
