/**
 * `quarry tables <conn>`, `quarry describe <conn> <table>`, `quarry browse <conn> <table>`: the
 * grid from the command line. `--json` prints the driver's own shapes (docs/cli.md); otherwise a
 * readable table.
 */
import type { Command } from "commander";
import { errors, QuarryError } from "../../core/errors.ts";
import { FILTER_OPS, type FilterOp, operandOf, opSymbol } from "../../core/filter-ops.ts";
import type {
  BrowseRequest,
  BrowseResult,
  Column,
  FilterRow,
  SortSpec,
  TableInfo,
} from "../../core/grid.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson, printLine, printTable, warnPartial } from "../output.ts";

const CONN_HELP = "a saved connection's name, or a URL such as http://localhost:9200";

interface BrowseFlags extends ConnectionFlags {
  filter: string[];
  raw?: string;
  sort: string[];
  page?: string;
  pageSize?: string;
  columns?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerBrowseCommands(program: Command): void {
  addConnectionFlags(
    program
      .command("tables")
      .description("list the indices of a cluster as tables, with document counts and sizes")
      .argument("<conn>", CONN_HELP),
  ).action(async (conn: string, flags: ConnectionFlags, cmd: Command) => {
    const tables = await withSession(conn, flags, (s) => s.listTables());
    if (wantsJson(cmd)) printJson({ tables });
    else printTables(tables);
  });

  addConnectionFlags(
    program
      .command("describe")
      .description("show a table's columns, derived from its mapping")
      .argument("<conn>", CONN_HELP)
      .argument("<table>", "an index, alias, pattern (logs-*) or comma list"),
  ).action(async (conn: string, table: string, flags: ConnectionFlags, cmd: Command) => {
    const { columns, ops } = await withSession(conn, flags, async (s) => {
      const columns = await s.describeTable(table);
      return { columns, ops: columns.map((c) => s.filterOps(c)) };
    });
    if (wantsJson(cmd)) printJson({ table, columns });
    else printColumns(columns, ops);
  });

  addConnectionFlags(
    program
      .command("browse")
      .description("show one page of a table's rows, filtered and sorted")
      .argument("<conn>", CONN_HELP)
      .argument("<table>", "an index, alias, pattern (logs-*) or comma list")
      .option(
        "--filter <expr>",
        `"<column> <op> <value>", ops: ${FILTER_HELP_OPS}; a trailing @<n> puts a nested-leaf filter in element group n (repeatable)`,
        collect,
        [],
      )
      .option("--raw <query>", "the Raw SQL filter: Lucene query_string text across all fields")
      .option(
        "--sort <column[:desc]>",
        "sort column, ascending unless :desc (repeatable)",
        collect,
        [],
      )
      .option("--page <n>", "page number, from 1", "1")
      .option("--page-size <n>", "rows per page, 1 to 10000", "100")
      .option(
        "--columns <list>",
        "only these columns, comma-separated (the output, not the query)",
      ),
  ).action(async (conn: string, table: string, flags: BrowseFlags, cmd: Command) => {
    const sort = flags.sort.map(parseSort);
    const parsed = flags.filter.map(parseFilter);
    const page = wholeNumber("--page", flags.page);
    const pageSize = wholeNumber("--page-size", flags.pageSize);
    const result = await withSession(conn, flags, async (s) => {
      let filters: FilterRow[] = parsed.map((p) => p.row);
      // `KB-01@1` is a group only on a nested leaf; elsewhere `@1` may be part of the value.
      if (parsed.some((p) => p.attachedGroup !== undefined)) {
        const columns = await s.describeTable(table);
        filters = parsed.map((p) => withAttachedGroup(p, columns));
      }
      const request: BrowseRequest = { filters, sort, page, pageSize };
      if (flags.raw !== undefined) request.rawQuery = flags.raw;
      return s.browse(table, request);
    });
    const shown = chooseColumns(result, flags.columns);
    if (result.partial) warnPartial(result.partial);
    if (wantsJson(cmd)) printJson(flags.columns ? narrow(result, shown) : result);
    else printPage(result, shown);
  });
}

// ---- parsing (pure, exported for tests) ----

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

/** Parses `--filter "<column> <op> <value> [@n]"`. Values may be "quoted" (JSON string syntax). */
export function parseFilter(text: string): ParsedFilter {
  const bad = (problem: string) =>
    new QuarryError(
      "invalid_input",
      `--filter "${text}": ${problem}`,
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

function withAttachedGroup(p: ParsedFilter, columns: Column[]): FilterRow {
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

/** Parses `--sort <column>[:asc|:desc]`. */
export function parseSort(text: string): SortSpec {
  const m = /^(.+?)(?::(asc|desc))?$/i.exec(text.trim());
  if (!m?.[1]) {
    throw new QuarryError(
      "invalid_input",
      `--sort "${text}" names no column`,
      "Write --sort <column> or --sort <column>:desc.",
    );
  }
  return { column: m[1], direction: (m[2]?.toLowerCase() ?? "asc") as "asc" | "desc" };
}

function wholeNumber(flag: string, text: string | undefined): number {
  const n = Number(text);
  if (!/^\d+$/.test(text ?? "") || !Number.isSafeInteger(n)) {
    throw errors.badPaging(
      `${flag} ${text} is not a whole number`,
      `Give ${flag} a number such as 1.`,
    );
  }
  return n;
}

// ---- printing ----

function printTables(tables: TableInfo[]): void {
  printTable(
    ["table", "docs", "size", "health", "status"],
    tables.map((t) => [
      t.name,
      t.docCount === null ? "" : t.docCount.toLocaleString("en-US"),
      t.sizeBytes === null ? "" : bytes(t.sizeBytes),
      t.health ?? "",
      t.status,
    ]),
    80,
  );
  printLine(`${tables.length} table${tables.length === 1 ? "" : "s"}`);
}

/** `ops[i]` are the filter operators of `columns[i]`, as the driver says. */
function printColumns(columns: Column[], ops: FilterOp[][]): void {
  printTable(
    ["column", "type", "kind", "sorts on", "filters", "notes"],
    columns.map((c, i) => [
      c.name,
      c.type,
      c.kind,
      c.sortField ?? "-",
      (ops[i] ?? []).map(opSymbol).join(" ") || "-",
      notes(c),
    ]),
    60,
  );
}

function notes(c: Column): string {
  const out: string[] = [];
  if (c.primaryKey) out.push("primary key");
  if (c.conflict) {
    out.push(
      `types differ: ${Object.entries(c.conflict)
        .map(([t, idx]) => `${t} in ${idx.join(",")}`)
        .join("; ")}`,
    );
  }
  if (c.kind === "nested-leaf") out.push(`leaf of ${c.nestedPaths?.at(-1)}; read-only`);
  if (!c.sortField && c.sortNote && c.kind !== "meta") out.push(c.sortNote);
  return out.join("; ");
}

function chooseColumns(result: BrowseResult, wanted: string | undefined): Column[] {
  if (wanted) {
    const names = wanted
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const byName = new Map(result.columns.map((c) => [c.name, c]));
    return names.map((n) => {
      const c = byName.get(n);
      if (!c)
        throw errors.unknownColumn(
          result.table,
          n,
          result.columns.map((x) => x.name),
        );
      return c;
    });
  }
  // For people: _index only when the rows come from several indices, _score only when scored.
  const indices = new Set(result.rows.map((r) => r._index));
  const scored = result.rows.some((r) => r._score !== null);
  return result.columns.filter(
    (c) => !(c.name === "_index" && indices.size <= 1) && !(c.name === "_score" && !scored),
  );
}

function narrow(result: BrowseResult, columns: Column[]): BrowseResult {
  const names = new Set(columns.map((c) => c.name));
  return {
    ...result,
    columns,
    rows: result.rows.map((r) => ({
      ...r,
      cells: Object.fromEntries(Object.entries(r.cells).filter(([k]) => names.has(k))),
      json: r.json.filter((k) => names.has(k)),
      cut: r.cut.filter((k) => names.has(k)),
    })),
  };
}

function printPage(result: BrowseResult, columns: Column[]): void {
  printTable(
    columns.map((c) => c.name),
    result.rows.map((r) => columns.map((c) => r.cells[c.name] ?? null)),
  );
  const first = (result.page - 1) * result.pageSize + 1;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const range =
    result.rows.length === 0
      ? "no rows on this page"
      : `rows ${first.toLocaleString("en-US")}-${(first + result.rows.length - 1).toLocaleString("en-US")}`;
  printLine(
    `${range} of ${result.total.toLocaleString("en-US")} · page ${result.page} of ${pages.toLocaleString("en-US")}${result.paging === "search-after" ? " · past 10,000 rows (search_after)" : ""}`,
  );
  for (const d of result.droppedSort) printLine(`sort dropped: ${d.column}: ${d.reason}`);
  const shown = new Set(columns.map((c) => c.name));
  const cut = result.rows
    .map((r) => ({ id: r._id, cut: r.cut.filter((c) => shown.has(c)) }))
    .filter((r) => r.cut.length > 0);
  if (cut.length > 0) {
    printLine(
      `cut at 10,000 characters: ${cut
        .slice(0, 5)
        .map((r) => `${r.id} (${r.cut.join(", ")})`)
        .join("; ")}${cut.length > 5 ? "; …" : ""}`,
    );
  }
}

function bytes(n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}
