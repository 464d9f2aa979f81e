/**
 * Browsing one table: filters, sort, paging (the total count; past 10,000 the app pages with a
 * point in time), editing with Save/Discard, and the view as a console request, curl or an export.
 * Every rule is the app's: the browser sends the request and shows the answer.
 */
import { useEffect } from "react";
import { del, post, seg } from "../api/client.ts";
import type { Column, GridOpened, SortSpec } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { FilterBar, useFilterDrafts } from "./FilterBar.tsx";
import { type GridRow, GridTable } from "./GridTable.tsx";
import { GridToolbar } from "./GridToolbar.tsx";
import { PageNotes } from "./PageNotes.tsx";
import { Pager } from "./Pager.tsx";
import { SaveReport } from "./SaveReport.tsx";
import { useCellDialog, useExportDialog } from "./useGridDialogs.tsx";
import { type GridFocus, useGridFocus } from "./useGridFocus.ts";
import { FIRST_PAGE, type PageLoader, usePageLoader } from "./usePageLoader.ts";
import { type PendingEdits, usePendingEdits } from "./usePendingEdits.ts";
import { useSaveShortcuts } from "./useSaveShortcuts.ts";
import { useViewAs } from "./useViewAs.ts";

const PAGE_SIZES = [50, 100, 500, 1000];

export function TableView({ connectionId, table }: { connectionId: string; table: string }) {
  const opened = useLoad(
    (signal) =>
      post<GridOpened>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/grid`,
        { first: FIRST_PAGE },
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
  // Keyed by the grid: another grid (a Retry) starts from its own first page.
  return (
    <LoadedGrid
      key={opened.data.gridId}
      connectionId={connectionId}
      table={table}
      opened={opened.data}
    />
  );
}

/**
 * One opened grid: the filter bar, the page, pending edits and the dialogs. The state lives in
 * hooks (usePageLoader, usePendingEdits, useGridFocus, useSaveShortcuts, useViewAs and the
 * dialogs'); this wires them to the components.
 */
function LoadedGrid({
  connectionId,
  table,
  opened,
}: {
  connectionId: string;
  table: string;
  opened: GridOpened;
}) {
  const focus = useGridFocus();
  const page = usePageLoader(opened.gridId, focus.focusFirstCell, opened.first);
  const { request, result } = page;
  const columns = result?.columns ?? opened.columns;
  const edits = usePendingEdits({
    connectionId,
    table,
    result,
    columns,
    afterSave: () => focus.keepingFocus(page.reload),
  });
  const view = useViewAs(connectionId, opened.gridId, request);
  const cellDialog = useCellDialog(connectionId, focus, edits.onEdit);
  const exportDialog = useExportDialog(connectionId, table, request);
  useSaveShortcuts(focus.gridApi, edits.save, edits.addRow);

  const drafts = useFilterDrafts(columns, (filters, rawQuery) =>
    page.apply({ filters, rawQuery, page: 1 }),
  );

  return (
    <div className="data-view">
      <GridToolbar
        table={table}
        edits={edits}
        onRefresh={() => page.reload()}
        onOpenInConsole={view.openInConsole}
        onCopyCurl={view.copyCurl}
        onExport={exportDialog.open}
      />
      <FilterBar
        columns={columns}
        filterOps={opened.filterOps}
        filters={drafts.filters}
        rawQuery={drafts.rawQuery}
        onChange={drafts.onChange}
        onApply={drafts.onApply}
      />
      <PageNotes result={result} />
      <ErrorNote error={page.error} />
      <SaveReport
        refusals={edits.refusals}
        result={edits.saveResult}
        onDismiss={edits.dismissReport}
      />
      <PageGrid
        columns={columns}
        page={page}
        edits={edits}
        focus={focus}
        onExpand={cellDialog.open}
      />
      <Pager
        result={result}
        pageSizes={PAGE_SIZES}
        loading={page.loading}
        onPage={(n) => page.apply({ page: n })}
        onPageSize={(pageSize) => page.apply({ pageSize, page: 1 })}
      />
      {cellDialog.dialog}
      {exportDialog.dialog}
    </div>
  );
}

/** The page's rows (with their pending edits) in the grid, veiled while a page loads. */
function PageGrid({
  columns,
  page,
  edits,
  focus,
  onExpand,
}: {
  columns: Column[];
  page: PageLoader;
  edits: PendingEdits;
  focus: GridFocus;
  onExpand: (row: GridRow, column: string, fromKeyboard: boolean) => void;
}) {
  return (
    <div className="grid-area">
      <GridTable
        columns={columns}
        rows={edits.rows}
        sort={page.request.sort ?? []}
        editable
        onSort={(sort: SortSpec[]) => page.apply({ sort, page: 1 })}
        onEdit={edits.onEdit}
        onExpand={onExpand}
        onSelectionChanged={edits.setSelected}
        onReady={(api) => {
          focus.gridApi.current = api;
        }}
        onRowDataUpdated={focus.onRowDataUpdated}
      />
      {page.loading ? (
        <div className="grid-loading">
          <Loading active label="Loading documents…" />
        </div>
      ) : null}
    </div>
  );
}
