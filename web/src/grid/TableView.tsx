/**
 * Browsing one table: filters, sort, paging (the total count; past 10,000 the app pages with a
 * point in time), editing with Save/Discard, and the view as a console request, curl or an export.
 * Every rule is the app's: the browser sends the request and shows the answer.
 */
import type { GridApi } from "ag-grid-community";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { del, post, seg } from "../api/client.ts";
import type {
  BrowseRequest,
  BrowseResult,
  ChangeRefusal,
  GridOpened,
  SaveResult,
  SortSpec,
  ViewAsRequest,
} from "../api/types.ts";
import { prefillConsole } from "../console/prefill.ts";
import { announceDataChanged } from "../shell/data-changed.ts";
import { navigate } from "../shell/route.ts";
import { copyText } from "../ui/clipboard.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { CellDialog } from "./CellDialog.tsx";
import { ExportDialog } from "./ExportDialog.tsx";
import { countEdits, type Edits, emptyEdits, rowKey, toChangeSet, typedValue } from "./edits.ts";
import { FilterBar, type FilterDraft, toFilterRows } from "./FilterBar.tsx";
import { type GridRow, GridTable } from "./GridTable.tsx";
import { Pager } from "./Pager.tsx";
import { SaveReport } from "./SaveReport.tsx";

const PAGE_SIZES = [50, 100, 500, 1000];

export function TableView({ connectionId, table }: { connectionId: string; table: string }) {
  const opened = useLoad(
    (signal) =>
      post<GridOpened>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/grid`,
        {},
        { signal },
      ),
    [connectionId, table],
  );
  const gridId = opened.data?.gridId;
  useEffect(() => {
    if (!gridId) return;
    return () => {
      del(`/grids/${seg(gridId)}`).catch(() => {});
    };
  }, [gridId]);

  if (opened.error)
    return (
      <div className="pad">
        <ErrorNote error={opened.error}>
          <button type="button" className="small" onClick={opened.reload}>
            Retry
          </button>
        </ErrorNote>
      </div>
    );
  if (!opened.data)
    return (
      <div className="pad">
        <Loading active label={`Opening ${table}…`} />
      </div>
    );
  return <LoadedGrid connectionId={connectionId} table={table} opened={opened.data} />;
}

function LoadedGrid({
  connectionId,
  table,
  opened,
}: {
  connectionId: string;
  table: string;
  opened: GridOpened;
}) {
  const toasts = useToasts();
  const [filters, setFilters] = useState<FilterDraft[]>([]);
  const [rawQuery, setRawQuery] = useState("");
  const [request, setRequest] = useState<BrowseRequest>({ page: 1, pageSize: 100 });
  const [result, setResult] = useState<BrowseResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [edits, setEdits] = useState<Edits>(emptyEdits);
  const [selected, setSelected] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<ChangeRefusal[]>([]);
  const [saveResult, setSaveResult] = useState<SaveResult | null>(null);
  const [saving, setSaving] = useState(false);
  const [expand, setExpand] = useState<{
    row: GridRow;
    column: string;
    /** The cell to focus again when the dialog closes (it was opened from the keyboard). */
    cell?: { rowIndex: number; column: string };
  } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [saveAsked, setSaveAsked] = useState(false);
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  const focusedOnce = useRef(false);
  const refocusAfterReload = useRef<{ key: string; column: string } | null>(null);
  const seq = useRef(0);
  const columns = result?.columns ?? opened.columns;

  /**
   * A table just opened (from the sidebar, a link, Alt+D) is there to be read: the first page's
   * first cell takes the focus, so arrows and Enter work at once. Focus the user put elsewhere
   * (the filter bar, the console) is left alone.
   */
  const focusFirstCell = useCallback((r: BrowseResult) => {
    const first = r.columns[0]?.name;
    if (focusedOnce.current || r.rows.length === 0 || !first) return;
    focusedOnce.current = true;
    // The rows reach the grid on a later render: wait (a few frames at most) for the first cell.
    let frames = 30;
    const tryFocus = () => {
      const at = document.activeElement;
      const idle = !at || at === document.body || at.matches("main") || !!at.closest(".sidebar");
      if (!idle) return;
      const api = gridApi.current;
      if (api && api.getDisplayedRowCount() > 0) api.setFocusedCell(0, first);
      else if (frames-- > 0) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  }, []);

  const browse = useCallback(
    /** Loads a page; true when it is the page now shown. */
    async (req: BrowseRequest): Promise<boolean> => {
      const mine = ++seq.current;
      setLoading(true);
      setError(null);
      try {
        const r = await post<BrowseResult>(`/grids/${seg(opened.gridId)}/browse`, req);
        if (mine !== seq.current) return false;
        setResult(r);
        setRequest({ ...req, page: r.page, pageSize: r.pageSize });
        focusFirstCell(r);
        return true;
      } catch (e) {
        if (mine === seq.current) setError(e);
        return false;
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [opened.gridId, focusFirstCell],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once per grid
  useEffect(() => {
    browse(request);
  }, [browse]);

  const apply = (next: Partial<BrowseRequest>) => browse({ ...request, ...next });

  const applyFilters = (f: FilterDraft[], raw: string) => {
    setFilters(f);
    setRawQuery(raw);
    const rows = toFilterRows(f, columns);
    apply({ filters: rows, rawQuery: raw.trim() || undefined, page: 1 });
  };

  const rows = useMemo(
    () => buildRows(result, edits, refusals, saveResult),
    [result, edits, refusals, saveResult],
  );
  const pending = countEdits(edits);

  const onEdit = useCallback(
    (r: GridRow, column: string, value: unknown) => {
      const isJson =
        r.json.includes(column) || columns.find((c) => c.name === column)?.kind === "nested-parent";
      const v = typedValue(value, isJson);
      setRefusals([]);
      setEdits((e) => {
        const next: Edits = { ...e, updates: new Map(e.updates), inserts: [...e.inserts] };
        if (r.isNew) {
          next.inserts = next.inserts.map((n) =>
            n.key === r.key ? { ...n, values: { ...n.values, [column]: v } } : n,
          );
        } else if (r.row) {
          const k = rowKey(r.row);
          const current = next.updates.get(k) ?? { row: r.row, set: {} };
          next.updates.set(k, { row: r.row, set: { ...current.set, [column]: v } });
        }
        return next;
      });
    },
    [columns],
  );

  const addRow = () =>
    setEdits((e) => ({
      ...e,
      inserts: [...e.inserts, { key: `new:${Date.now()}:${e.inserts.length}`, values: {} }],
    }));

  const deleteSelected = () => {
    if (selected.length === 0) return;
    setEdits((e) => {
      const deletes = new Map(e.deletes);
      let inserts = e.inserts;
      for (const key of selected) {
        if (key.startsWith("new:")) inserts = inserts.filter((n) => n.key !== key);
        const row = result?.rows.find((r) => rowKey(r) === key);
        if (row) deletes.set(key, row);
      }
      return { ...e, deletes, inserts };
    });
  };

  const discard = () => {
    setEdits(emptyEdits());
    setRefusals([]);
    setSaveResult(null);
  };

  const save = async () => {
    if (pending === 0 || saving) return;
    setSaving(true);
    setSaveResult(null);
    const changes = toChangeSet(edits);
    const base = `/connections/${seg(connectionId)}/tables/${seg(table)}`;
    try {
      const refused = await post<ChangeRefusal[]>(`${base}/validate-changes`, changes);
      setRefusals(refused);
      if (refused.length > 0) return; // nothing was sent
      const saved = await post<SaveResult>(`${base}/save`, changes);
      setSaveResult(saved);
      const failed = saved.results.filter((r) => !r.ok).length;
      setEdits(keepRemaining(edits, saved));
      // Inserted and deleted documents change the sidebar's count of this index.
      if (saved.results.some((r) => r.ok)) announceDataChanged(connectionId);
      if (failed === 0)
        toasts.success(
          `Saved ${saved.results.length} change${saved.results.length === 1 ? "" : "s"}.`,
        );
      const focus = focusedRow();
      if ((await browse(request)) && focus) refocusRow(focus);
    } catch (e) {
      toasts.error(e);
    } finally {
      setSaving(false);
    }
  };

  /**
   * The document whose cell has the keyboard focus. A saved document can move on the page when
   * it is loaded again (the cluster's order changes with an update), and AG Grid keeps the focus
   * on the row index: the focus follows the document instead.
   */
  const focusedRow = (): { key: string; column: string } | null => {
    const api = gridApi.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell || !document.activeElement?.closest(".grid-host")) return null;
    const key = api.getDisplayedRowAtIndex(cell.rowIndex)?.id;
    return key ? { key, column: cell.column.getColId() } : null;
  };

  /** Focuses the document's cell once the grid has the reloaded rows (see onRowDataUpdated). */
  const refocusRow = (focus: { key: string; column: string }) => {
    refocusAfterReload.current = focus;
  };

  const onRowDataUpdated = (api: GridApi<GridRow>) => {
    const focus = refocusAfterReload.current;
    if (!focus) return;
    refocusAfterReload.current = null;
    const at = api.getRowNode(focus.key)?.rowIndex;
    if (at != null && api.getFocusedCell()?.rowIndex !== at) api.setFocusedCell(at, focus.column);
  };

  /** Closes the cell dialog; a cell opened from the keyboard gets the focus back. */
  const closeExpand = () => {
    const cell = expand?.cell;
    setExpand(null);
    if (cell) setTimeout(() => gridApi.current?.setFocusedCell(cell.rowIndex, cell.column), 0);
  };

  const viewAs = async (): Promise<ViewAsRequest> =>
    post<ViewAsRequest>(`/grids/${seg(opened.gridId)}/as-request`, request);

  const openInConsole = async () => {
    try {
      const v = await viewAs();
      prefillConsole(connectionId, v.consoleText);
      navigate({ screen: "console", connectionId });
    } catch (e) {
      toasts.error(e);
    }
  };

  const copyCurl = async () => {
    try {
      const v = await viewAs();
      await copyText(v.curl);
      toasts.success("Copied the current view as curl (credentials redacted).");
    } catch (e) {
      toasts.error(e);
    }
  };

  // A save asked for from the keyboard runs once the edit in progress has become a pending edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: save reads the edits of this render
  useEffect(() => {
    if (!saveAsked) return;
    setSaveAsked(false);
    save();
  }, [saveAsked]);

  // Ctrl/Cmd+S saves (the cell being typed in included); Ctrl/Cmd+Shift+N adds a row.
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      if (e.key.toLowerCase() === "s") {
        e.preventDefault();
        // Ending the edit hands its value to onEdit through AG Grid's (asynchronous) edit
        // request; the save runs after it, on a render that has the edit.
        const api = gridApi.current;
        if (api && api.getEditingCells().length > 0) {
          api.stopEditing();
          setTimeout(() => setSaveAsked(true), 0);
        } else setSaveAsked(true);
      } else if (e.shiftKey && e.key.toLowerCase() === "n") {
        e.preventDefault();
        addRow();
      }
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  });

  return (
    <div className="data-view">
      <div className="toolbar" role="toolbar" aria-label="Table actions">
        <h2 className="toolbar-title" title={table}>
          {table}
        </h2>
        <button
          type="button"
          className="small"
          onClick={() => browse(request)}
          title="Reload this page"
        >
          Refresh
        </button>
        <span className="toolbar-sep" />
        <button type="button" className="small" onClick={addRow} title="Add a row (Ctrl+Shift+N)">
          + Row
        </button>
        <button
          type="button"
          className="small"
          onClick={deleteSelected}
          disabled={selected.length === 0}
        >
          Delete rows{selected.length ? ` (${selected.length})` : ""}
        </button>
        <button
          type="button"
          className="small primary"
          onClick={save}
          disabled={pending === 0 || saving}
          title="Save (Ctrl+S)"
          aria-keyshortcuts="Control+S"
        >
          {saving ? "Saving…" : `Save${pending ? ` (${pending})` : ""}`}
        </button>
        <button
          type="button"
          className="small"
          onClick={discard}
          disabled={pending === 0 && refusals.length === 0 && !saveResult}
        >
          Discard
        </button>
        <span className="toolbar-sep" />
        <button type="button" className="small" onClick={openInConsole}>
          Open in console
        </button>
        <button type="button" className="small" onClick={copyCurl}>
          Copy as curl
        </button>
        <button type="button" className="small" onClick={() => setExporting(true)}>
          Export…
        </button>
      </div>
      <FilterBar
        columns={columns}
        filterOps={opened.filterOps}
        filters={filters}
        rawQuery={rawQuery}
        onChange={(f, raw) => {
          setFilters(f);
          setRawQuery(raw);
        }}
        onApply={applyFilters}
      />
      {result?.partial ? (
        <div className="partial-note" role="alert" data-testid="partial-results-warning">
          <strong>Partial results.</strong> {result.partial.message} Press Refresh once the cluster
          is healthy again.
        </div>
      ) : null}
      {result && result.droppedSort.length > 0 ? (
        <div className="sort-note" role="status" data-testid="dropped-sort-note">
          {result.droppedSort.map((d) => (
            <div key={d.column}>
              Sort on <strong>{d.column}</strong> was dropped: {d.reason}.
            </div>
          ))}
        </div>
      ) : null}
      <ErrorNote error={error} />
      <SaveReport
        refusals={refusals}
        result={saveResult}
        onDismiss={() => {
          setRefusals([]);
          setSaveResult(null);
        }}
      />
      <div className="grid-area">
        <GridTable
          columns={columns}
          rows={rows}
          sort={request.sort ?? []}
          editable
          onSort={(sort: SortSpec[]) => apply({ sort, page: 1 })}
          onEdit={onEdit}
          onExpand={(row, column, fromKeyboard) => {
            const focused = gridApi.current?.getFocusedCell();
            setExpand({
              row,
              column,
              cell: fromKeyboard && focused ? { rowIndex: focused.rowIndex, column } : undefined,
            });
          }}
          onSelectionChanged={setSelected}
          onReady={(api) => {
            gridApi.current = api;
          }}
          onRowDataUpdated={onRowDataUpdated}
        />
        {loading ? (
          <div className="grid-loading">
            <Loading active label="Loading documents…" />
          </div>
        ) : null}
      </div>
      <Pager
        result={result}
        pageSizes={PAGE_SIZES}
        loading={loading}
        onPage={(page) => apply({ page })}
        onPageSize={(pageSize) => apply({ pageSize, page: 1 })}
      />
      {expand ? (
        <CellDialog
          connectionId={connectionId}
          row={expand.row}
          column={expand.column}
          onClose={() => closeExpand()}
          onEdit={(value) => {
            onEdit(expand.row, expand.column, value);
            closeExpand();
          }}
        />
      ) : null}
      {exporting ? (
        <ExportDialog
          connectionId={connectionId}
          table={table}
          filters={request.filters}
          rawQuery={request.rawQuery}
          onClose={() => setExporting(false)}
        />
      ) : null}
    </div>
  );
}

/** The rows the grid shows: the page with pending edits applied, then the new rows. */
function buildRows(
  result: BrowseResult | null,
  edits: Edits,
  refusals: ChangeRefusal[],
  saved: SaveResult | null,
): GridRow[] {
  const refusedBy = (id: string) =>
    refusals.filter((r) => r.row === id && r.column).map((r) => r.column!);
  const problemOf = (id: string) => {
    const r = saved?.results.find((x) => x.row === id && !x.ok);
    if (!r) return undefined;
    return r.conflict ? "conflict" : (r.error?.reason ?? "failed");
  };
  const out: GridRow[] = (result?.rows ?? []).map((r) => {
    const k = rowKey(r);
    const upd = edits.updates.get(k);
    return {
      key: k,
      isNew: false,
      row: r,
      cells: { _id: r._id, _index: r._index, _score: r._score, ...r.cells, ...(upd?.set ?? {}) },
      json: r.json,
      cut: r.cut.filter((c) => !(upd && c in upd.set)),
      edited: upd ? Object.keys(upd.set) : [],
      deleted: edits.deletes.has(k),
      problem: problemOf(r._id),
      refused: refusedBy(r._id),
    };
  });
  edits.inserts.forEach((n, i) => {
    const label = insertLabel(n.values, i);
    out.push({
      key: n.key,
      isNew: true,
      row: null,
      cells: { ...n.values },
      json: [],
      cut: [],
      edited: Object.keys(n.values),
      deleted: false,
      problem: problemOf(label),
      refused: refusedBy(label),
    });
  });
  return out;
}

/** After a save: keep only the edits of rows that failed, so they can be fixed and retried. */
function keepRemaining(edits: Edits, saved: SaveResult): Edits {
  const rem = saved.remaining;
  const updates = new Map(
    [...edits.updates].filter(([, u]) =>
      rem.updates.some((x) => x._id === u.row._id && x._index === u.row._index),
    ),
  );
  const deletes = new Map(
    [...edits.deletes].filter(([, r]) => rem.deletes.some((x) => x._id === r._id)),
  );
  const inserts = edits.inserts
    .filter((n, i) => {
      const label = insertLabel(n.values, i);
      return saved.results.some((r) => r.change === "insert" && r.row === label && !r.ok);
    })
    // A row saved without _id was given one by the app: kept, so saving it again cannot write a
    // second document should the first write have happened after all. Same order as `remaining`.
    .map((n, k) => {
      const id = rem.inserts[k]?._id;
      return id && n.values._id === undefined ? { ...n, values: { ...n.values, _id: id } } : n;
    });
  return { updates, deletes, inserts };
}

/** How the app names a new row in refusals and results: its typed `_id`, else "new row N". */
function insertLabel(values: Record<string, unknown>, index: number): string {
  const id = values._id;
  return typeof id === "string" && id !== "" ? id : `new row ${index + 1}`;
}
