/**
 * The grid's compact filter and sort syntax, pure: `"<column> <op> <value> [@n]"` read with the
 * operators' symbols from core's table, and `<column>[:desc]`. The CLI's `--filter` and `--sort`
 * and the MCP tools' `where` and `sort` read it, so both take the same text.
 */
import { QuarryError } from "./errors.ts";
import { FILTER_OPS, type FilterOp, operandOf, opSymbol } from "./filter-ops.ts";
import type { Column, FilterRow, SortSpec } from "./grid.ts";

const symbolic = (op: FilterOp) => /^[^\w\s]+$/.test(opSymbol(op));
/** Operators written as symbols (`>=`) and as words (`not in`), in the table's order. */
const SYMBOL_OPS = FILTER_OPS.filter(symbolic);
const WORD_OPS = FILTER_OPS.filter((op) => !symbolic(op));

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A regex alternation of the operators' symbols, longest first so `>=` wins over `>`. */
const alternation = (ops: FilterOp[], pattern: (op: FilterOp) => string) =>
  [...ops]
    .sort((a, b) => opSymbol(b).length - opSymbol(a).length)
    .map(pattern)
    .join("|");
const SYMBOL_CHARS = literal([...new Set(SYMBOL_OPS.flatMap((op) => [...opSymbol(op)]))].join(""));
/** `<column><symbol><value>`: the column ends where a symbol's characters begin. */
const SYMBOLIC = new RegExp(
  `^\\s*([^\\s${SYMBOL_CHARS}]+)\\s*(${alternation(SYMBOL_OPS, (op) => literal(opSymbol(op)))})\\s*(.*)$`,
  "s",
);
/** `<column> <word> [<value>]`, the words' spaces matching any run of spaces. */
const WORDED = new RegExp(
  `^\\s*(\\S+)\\s+(${alternation(WORD_OPS, (op) => opSymbol(op).replace(/ /g, "\\s+"))})(?:\\s+(.*))?\\s*$`,
  "is",
);
const opWritten = (text: string) =>
  FILTER_OPS.find((op) => opSymbol(op) === text.toLowerCase().replace(/\s+/g, " "));

/** The operators as `--filter`'s help lists them. */
export const FILTER_HELP_OPS = `${SYMBOL_OPS.map(opSymbol).join(" ")} ${WORD_OPS.map(opSymbol).join(", ")}`;

export interface ParsedFilter {
  row: FilterRow;
  /** A group written against the value (`KB-01@1`), applied only if the column is a nested leaf. */
  attachedGroup?: number;
}

/**
 * Parses `"<column> <op> <value> [@n]"`. Values may be "quoted" (JSON string syntax). `label`
 * names where the text came from in an error (`--filter`, `where`).
 */
export function parseFilter(text: string): ParsedFilter {
  return parseFilterAs(text, "--filter");
}

export function parseFilterAs(text: string, label: string): ParsedFilter {
  const bad = (problem: string) =>
    new QuarryError(
      "invalid_input",
      `${label} "${text}": ${problem}`,
      'Write "<column> <op> <value>", e.g. "status = paid", "total >= 100", "tags in gift,promo", "title like *chair*", "notes missing", "items.sku = KB-01 @1".',
    );
  let column: string;
  let op: FilterOp | undefined;
  let rest: string;
  const symbolic = SYMBOLIC.exec(text);
  if (symbolic) {
    column = symbolic[1]!;
    op = opWritten(symbolic[2]!);
    rest = symbolic[3]!;
  } else {
    const worded = WORDED.exec(text);
    if (!worded) throw bad("no operator found");
    column = worded[1]!;
    op = opWritten(worded[2]!);
    rest = worded[3] ?? "";
  }
  if (!op) throw bad("no operator found");
  rest = rest.trim();
  let group: number | undefined;
  const separated = /(?:^|\s+)@(\d+)$/.exec(rest);
  if (separated) {
    group = Number(separated[1]);
    rest = rest.slice(0, separated.index).trim();
  }
  const row: FilterRow = { column, op };
  if (group !== undefined) row.group = group;
  if (operandOf(op) === "none") {
    if (rest !== "") throw bad(`"${opSymbol(op)}" takes no value`);
    return { row };
  }
  if (rest === "") throw bad(`"${opSymbol(op)}" needs a value`);
  const out: ParsedFilter = { row };
  if (group === undefined) {
    const attached = /^(.*[^\s@])@(\d+)$/.exec(rest);
    if (attached && !rest.startsWith('"')) out.attachedGroup = Number(attached[2]);
  }
  row.value = operandOf(op) === "list" ? splitList(rest, bad) : unquote(rest, bad);
  return out;
}

export function withAttachedGroup(p: ParsedFilter, columns: Column[]): FilterRow {
  if (p.attachedGroup === undefined) return p.row;
  const column = columns.find((c) => c.name === p.row.column);
  if (column?.kind !== "nested-leaf") return p.row;
  const strip = (v: unknown) => String(v).replace(/@\d+$/, "");
  const value = Array.isArray(p.row.value)
    ? [...p.row.value.slice(0, -1), strip(p.row.value.at(-1))]
    : strip(p.row.value);
  return { ...p.row, value, group: p.attachedGroup };
}

function unquote(text: string, bad: (p: string) => Error): string {
  if (!text.startsWith('"')) return text;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === "string") return v;
  } catch {
    // fall through
  }
  throw bad(`${text} is not a well-formed "quoted" value`);
}

/** `a, b, "c, d"` → ["a", "b", "c, d"]. */
function splitList(text: string, bad: (p: string) => Error): string[] {
  const items: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === "\\") {
      current += ch + (text[i + 1] ?? "");
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === "," && !quoted) {
      items.push(current);
      current = "";
    } else current += ch;
  }
  items.push(current);
  const values = items.map((i) => unquote(i.trim(), bad));
  if (values.some((v) => v === "")) throw bad("the list has an empty item");
  return values;
}

/** Parses `<column>[:asc|:desc]` (`--sort`, `sort`). */
export function parseSort(text: string): SortSpec {
  return parseSortAs(text, "--sort");
}

export function parseSortAs(text: string, label: string): SortSpec {
  const m = /^(.+?)(?::(asc|desc))?$/i.exec(text.trim());
  if (!m?.[1]) {
    throw new QuarryError(
      "invalid_input",
      `${label} "${text}" names no column`,
      `Write ${label} <column> or ${label} <column>:desc.`,
    );
  }
  return { column: m[1], direction: (m[2]?.toLowerCase() ?? "asc") as "asc" | "desc" };
}
