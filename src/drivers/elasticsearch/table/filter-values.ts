/**
 * A filter's value checked and converted for the column's mapping type, pure: whole numbers within
 * their type's range, numbers, booleans, dates (ISO 8601, epoch milliseconds or date math) and IP
 * addresses or CIDR blocks. A value that does not fit is refused naming the column and the type,
 * before the cluster would refuse the whole search.
 */
import { isIP } from "node:net";
import { errors } from "../../../core/errors.ts";
import { type FilterOp, operandOf, opSymbol } from "../../../core/filter-ops.ts";
import type { Column } from "../../../core/grid.ts";
import { type FieldFamily, familyOf } from "./field-types.ts";

const INTEGER_LIMITS: Record<string, [bigint, bigint]> = {
  byte: [-128n, 127n],
  short: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  long: [-9223372036854775808n, 9223372036854775807n],
  unsigned_long: [0n, 18446744073709551615n],
  token_count: [0n, 2147483647n],
};

const ISO_DATE =
  /^\d{4}(-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2}([.,]\d{1,9})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?)?)?$/;
const DATE_MATH = /^now([+-]\d+[yMwdhHms])*(\/[yMwdhHms])?$/;

/** Checks and converts one value for the column's type; throws naming the column and type. */
export function filterValue(
  column: Column,
  family: FieldFamily,
  value: unknown,
  op: FilterOp,
): unknown {
  const bad = (why: string, remedy: string) => errors.badFilter(column.name, why, remedy);
  if (value === undefined || value === null || typeof value === "object") {
    throw bad(
      `"${opSymbol(op)}" needs a value${value === null || value === undefined ? "" : `, not ${JSON.stringify(value)}`}`,
      operandOf(op) === "pattern"
        ? "Give a pattern with * (any characters) and ? (one character)."
        : `Give one ${column.type} value.`,
    );
  }
  const text = String(value).trim();
  if (column.conflict) {
    // The value must suit every index behind the name, or the cluster would refuse the search.
    for (const t of Object.keys(column.conflict)) {
      checkValueForType(t, text, bad);
    }
    return family === "integer" || family === "float" ? numberValue(text) : text;
  }
  checkValueForType(column.type, text, bad);
  switch (family) {
    case "integer":
    case "float":
      return numberValue(text);
    case "boolean":
      return text.toLowerCase() === "true";
    case "date":
      if (typeof value === "number") return value;
      return /^-?\d+$/.test(text) ? Number(text) : text.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T");
    case "keyword":
    case "text":
      return typeof value === "string" ? value : text;
    default:
      return text;
  }
}

function checkValueForType(
  type: string,
  text: string,
  bad: (why: string, remedy: string) => Error,
): void {
  const family = familyOf(type);
  if (family === "integer") {
    if (!/^[-+]?\d+$/.test(text))
      throw bad(`"${text}" is not a whole number (the column is ${type})`, "Give a whole number.");
    const [min, max] = INTEGER_LIMITS[type] ?? INTEGER_LIMITS.long!;
    const n = BigInt(text);
    if (n < min || n > max)
      throw bad(
        `${text} is outside the range of ${type} (${min} to ${max})`,
        `Give a number between ${min} and ${max}.`,
      );
  } else if (family === "float") {
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
      throw bad(`"${text}" is not a number (the column is ${type})`, "Give a number such as 12.5.");
  } else if (family === "boolean") {
    if (!/^(true|false)$/i.test(text))
      throw bad(`"${text}" is not a boolean`, "Give true or false.");
  } else if (family === "date") {
    const t = text.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T");
    if (!ISO_DATE.test(t) && !/^-?\d+$/.test(t) && !DATE_MATH.test(t))
      throw bad(
        `"${text}" is not a date`,
        "Give an ISO 8601 date or time (2025-03-01, 2025-03-01T10:30:00Z), epoch milliseconds, or date math such as now-7d/d.",
      );
  } else if (family === "ip") {
    const [addr, bits] = text.split("/");
    const version = isIP(addr ?? "");
    if (!version || (bits !== undefined && !/^\d+$/.test(bits)))
      throw bad(
        `"${text}" is not an IP address`,
        "Give an IPv4 or IPv6 address, or a CIDR block such as 10.0.0.0/8.",
      );
  }
}

function numberValue(text: string): number | string {
  const n = Number(text);
  // Beyond 2^53 a JavaScript number would change the value; the cluster parses the text exactly.
  return Number.isSafeInteger(n) || (!Number.isInteger(n) && Number.isFinite(n)) ? n : text;
}
