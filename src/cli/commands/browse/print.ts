/**
 * The grid on a terminal: tables with their counts and sizes, columns with the operators they
 * filter with, and one page of rows with the columns people want to see.
 */
import { errors } from "../../../core/errors.ts";
import { type FilterOp, opSymbol } from "../../../core/filter-ops.ts";
import type { BrowseResult, Column, TableInfo } from "../../../core/grid.ts";
import { binaryBytes } from "../../binary-bytes.ts";
import { printLine, printTable } from "../../output.ts";

export function printTables(tables: TableInfo[]): void {
  printTable(
    ["table", "docs", "size", "health", "status"],
    tables.map((t) => [
      t.name,
      t.docCount === null ? "" : t.docCount.toLocaleString("en-US"),
      t.sizeBytes === null ? "" : binaryBytes(t.sizeBytes),
      t.health ?? "",
      t.status,
    ]),
    80,
  );
  printLine(`${tables.length} table${tables.length === 1 ? "" : "s"}`);
}

/** `ops[i]` are the filter operators of `columns[i]`, as the driver says. */
export function printColumns(columns: Column[], ops: FilterOp[][]): void {
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

export function chooseColumns(result: BrowseResult, wanted: string | undefined): Column[] {
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

export function narrow(result: BrowseResult, columns: Column[]): BrowseResult {
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

export function printPage(result: BrowseResult, columns: Column[]): void {
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
