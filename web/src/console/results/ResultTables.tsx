/**
 * Tables the app built from an answer (its summaries flattened, a text listing parsed), each with
 * its row count, a bar chart when it has one, and a virtualised grid that uses the width it has.
 */
import type { ColDef } from "ag-grid-community";
import type { ResultTable } from "../../api/types.ts";
import { displayCell } from "../../ui/cell-text.ts";
import { BarChart } from "./BarChart.tsx";
import { ResultGrid } from "./ResultGrid.tsx";
import "./results.css";

type Row = Record<string, unknown>;

export function ResultTables({ tables }: { tables: ResultTable[] }) {
  return (
    <div className="result-tables">
      {tables.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the tables come in the answer's order
        <OneTable key={i} table={t} />
      ))}
    </div>
  );
}

function OneTable({ table }: { table: ResultTable }) {
  const columns: ColDef<Row>[] = table.headers.map((h, i) => ({
    colId: h,
    headerName: h,
    valueGetter: (p) => p.data?.[String(i)] ?? null,
    valueFormatter: (p) => displayCell(p.value),
    minWidth: 90,
    flex: 1,
    sortable: true,
  }));
  const rows = table.rows.map((cells) => Object.fromEntries(cells.map((v, i) => [String(i), v])));
  return (
    <section className="result-table" data-testid="answer-table" data-title={table.title}>
      <div className="result-table-title">
        <strong>{table.title}</strong>
        <span className="muted">
          {" "}
          · {rows.length.toLocaleString("en-US")} {rows.length === 1 ? "row" : "rows"}
          {table.accuracy ? ` · ${table.accuracy}` : ""}
        </span>
      </div>
      <BarChart table={table} />
      <ResultGrid<Row> rows={rows} columns={columns} />
    </section>
  );
}
