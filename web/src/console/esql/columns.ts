/**
 * A query table's columns for AG Grid: typed by the database's own kinds, so numbers sort as
 * numbers and align right, dates sort in time, a multi-valued cell reads as its values.
 */
import type { ColDef } from "ag-grid-community";
import { queryCellText, queryHeaderText } from "../../../../src/core/query-cell-text.ts";
import type { QueryColumn, QueryTable, ResultTable } from "../../api/types.ts";

export type QueryRow = Record<string, unknown>;

/** A cell as text: a multi-value as its values, comma-separated; null as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(cellText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Sorts by kind; a multi-value by its first value; nulls last either way. */
function compare(kind: QueryColumn["kind"]) {
  const key = (v: unknown): number | string | null => {
    const one = Array.isArray(v) ? v[0] : v;
    if (one === null || one === undefined) return null;
    if (kind === "number") return Number(one);
    if (kind === "date") return Date.parse(String(one));
    if (kind === "boolean") return one === true ? 1 : 0;
    return String(one);
  };
  return (a: unknown, b: unknown): number => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

export function queryColumnDefs(table: QueryTable): ColDef<QueryRow>[] {
  return table.columns.map((c, i) => ({
    colId: String(i),
    headerName: queryHeaderText(c),
    headerTooltip: `${c.name}: ${c.type}${c.accuracy ? ` · ${c.accuracy.word}: ${c.accuracy.how}` : ""}`,
    valueGetter: (p) => p.data?.[String(i)] ?? null,
    valueFormatter: (p) => queryCellText(p.value, c),
    comparator: compare(c.kind),
    sortable: true,
    minWidth: c.kind === "boolean" ? 80 : 110,
    flex: 1,
    // The grid's own right-aligned classes (its `rightAligned` type would lose them to cellClass).
    ...(c.kind === "number" ? { headerClass: "ag-right-aligned-header" } : {}),
    cellClass: (p) =>
      [
        `cell-${c.kind}`,
        c.accuracy ? (c.accuracy.word === "exact" ? "cell-exact" : "cell-approximate") : "",
        c.kind === "number" ? "ag-right-aligned-cell" : "",
        Array.isArray(p.value) ? "cell-multi" : "",
      ]
        .filter(Boolean)
        .join(" "),
  }));
}

export function queryRows(table: QueryTable): QueryRow[] {
  return table.rows.map((cells) => Object.fromEntries(cells.map((v, i) => [String(i), v])));
}

const n = (x: number) => x.toLocaleString("en-US");

/** "3 rows · took 28 ms" */
export function querySummary(table: QueryTable): string {
  const rows = `${n(table.rows.length)} ${table.rows.length === 1 ? "row" : "rows"}`;
  return table.took === null ? rows : `${rows} · took ${n(table.took)} ms`;
}

/**
 * A bar chart per number column of a grouping, each bar named by the row's keys (joined with
 * " · " when there are several) and titled by the number's header.
 */
export function queryCharts(table: QueryTable): ResultTable[] {
  const chart = table.chart;
  if (!chart) return [];
  return chart.values.map((value) => {
    const column = table.columns[value];
    return {
      title: column ? queryHeaderText(column) : table.language,
      headers: ["key", column?.name ?? ""],
      rows: table.rows.map((r) => [
        chart.labels.map((l) => cellText(r[l])).join(" · "),
        r[value] ?? null,
      ]),
      chart: { label: 0, value: 1 },
    };
  });
}
