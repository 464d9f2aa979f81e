/** One console answer, shown as the app classified it: a grid of hits, a table, or formatted JSON. */
import { AllCommunityModule, type ColDef, ModuleRegistry, themeQuartz } from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { useMemo, useState } from "react";
import type { ConsoleRun } from "../api/types.ts";
import { displayCell } from "../grid/edits.ts";
import { JsonEditor } from "../ui/JsonEditor.tsx";

ModuleRegistry.registerModules([AllCommunityModule]);

const theme = themeQuartz.withParams({
  fontFamily: "inherit",
  fontSize: 12,
  rowHeight: 28,
  headerHeight: 30,
  spacing: 5,
});

type Row = Record<string, unknown>;

export function ResultView({ run }: { run: ConsoleRun }) {
  const r = run.result;
  const [asJson, setAsJson] = useState(r.kind === "json");
  const table = useMemo(() => tabular(run), [run]);
  return (
    <div className="result-view" data-kind={r.kind} data-testid={`result-${r.kind}`}>
      <div className="result-switch">
        <span className="muted">
          {r.kind === "grid"
            ? `search hits${r.total !== null ? ` · ${r.total.toLocaleString("en-US")} total` : ""}`
            : r.kind === "table"
              ? `${r.rows.length.toLocaleString("en-US")} rows`
              : r.kind === "error"
                ? `${r.type}: ${r.reason}`
                : "JSON"}
        </span>
        {table ? (
          <button type="button" className="link" onClick={() => setAsJson((v) => !v)}>
            {asJson ? (r.kind === "grid" ? "Show as grid" : "Show as table") : "Show JSON"}
          </button>
        ) : null}
      </div>
      {table && !asJson ? (
        <div
          className="result-grid"
          style={{ height: Math.min(420, 34 + table.rows.length * 28 + 16) }}
        >
          <AgGridReact<Row>
            theme={theme}
            rowData={table.rows}
            columnDefs={table.columns}
            enableCellTextSelection
            ensureDomOrder
          />
        </div>
      ) : (
        <JsonEditor label="Response" readOnly value={JSON.stringify(r.raw, null, 2) ?? ""} />
      )}
    </div>
  );
}

function tabular(run: ConsoleRun): { columns: ColDef<Row>[]; rows: Row[] } | null {
  const r = run.result;
  if (r.kind === "grid") {
    const columns: ColDef<Row>[] = r.columns.map((c) => ({
      colId: c.name,
      headerName: c.name,
      valueGetter: (p) => p.data?.[c.name] ?? null,
      valueFormatter: (p) => displayCell(p.value),
      cellClass: c.kind === "field" || c.kind === "meta" ? undefined : "cell-json",
      width: c.kind === "meta" ? 160 : 170,
    }));
    const rows = r.rows.map((row) => ({
      _id: row._id,
      _index: row._index,
      _score: row._score,
      ...row.cells,
    }));
    return { columns, rows };
  }
  if (r.kind === "table") {
    const columns: ColDef<Row>[] = r.headers.map((h, i) => ({
      colId: String(i),
      headerName: h,
      valueGetter: (p) => p.data?.[String(i)] ?? null,
      valueFormatter: (p) => displayCell(p.value),
      width: 150,
    }));
    const rows = r.rows.map((cells) => Object.fromEntries(cells.map((v, i) => [String(i), v])));
    return { columns, rows };
  }
  return null;
}
