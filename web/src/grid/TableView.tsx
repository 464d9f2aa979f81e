/**
 * Browsing one table: filters, sort, paging (the total count; past 10,000 the app pages with a
 * point in time), editing with Save/Discard, and the view as a console request, curl or an export.
 * Every rule is the app's: the browser sends the request and shows the answer.
 */
import { useEffect, useState } from "react";
import type { GridLayout } from "../../../src/core/grid-layout.ts";
import { call, ui } from "../api/client.ts";
import type { Column, GridOpened, SortSpec } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { isModalOpen } from "../ui/modal.tsx";
import { ColumnChooser } from "./columns/ColumnChooser.tsx";
import { type ColumnLayoutControl, useColumnLayout } from "./columns/useColumnLayout.ts";
import { SaveReport } from "./edits/SaveReport.tsx";
import { type PendingEdits, usePendingEdits } from "./edits/usePendingEdits.ts";
import { useSaveShortcuts } from "./edits/useSaveShortcuts.ts";
import { FilterBar, useFilterDrafts } from "./FilterBar.tsx";
import { GridToolbar } from "./GridToolbar.tsx";
import { type GridRow, GridTable } from "./table/GridTable.tsx";
import { PageNotes } from "./table/PageNotes.tsx";
import { Pager } from "./table/Pager.tsx";
import { type GridFocus, useGridFocus } from "./table/useGridFocus.ts";
import { FIRST_PAGE, type PageLoader, usePageLoader } from "./table/usePageLoader.ts";
import { useCellDialog, useExportDialog } from "./useGridDialogs.tsx";
import { useGridViews } from "./useGridViews.tsx";
import { useViewAs } from "./useViewAs.ts";

const PAGE_SIZES = [50, 100, 500, 1000];

export function TableView({ connectionId, table }: { connectionId: string; table: string }) {
  const opened = useLoad(
    (signal) =>
      call(
        ui.connections[":id"].tables[":table"].grid.$post,
        { param: { id: connectionId, table }, json: { first: FIRST_PAGE } },
        signal,
      ),
    [connectionId, table],
  );
  // The saved column layout is read before the grid shows, so it appears arranged at once.
  const layout = useLoad(
    (signal) =>
      call(
        ui.connections[":id"].tables[":table"].layout.$get,
        { param: { id: connectionId, table } },
        signal,
      ).catch(() => ({ layout: null })),
    [connectionId, table],
  );
  const gridId = opened.data?.gridId;
  useEffect(() => {
    if (!gridId) return;
    return () => {
      call(ui.grids[":grid"].$delete, { param: { grid: gridId } }).catch(() => {});
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
  if (!opened.data || !layout.data)
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
      savedLayout={layout.data.layout}
    />
  );
}

/**
 * One opened grid: the filter bar, the page, pending edits and the dialogs. The state lives in
 * hooks (usePageLoader, usePendingEdits, useGridFocus, useSaveShortcuts, useViewAs and the
 * dialogs'); this wires them to the components. Long because it is that wiring, one hook and one
 * component at a time, in one place.
 */
function LoadedGrid({
  connectionId,
  table,
  opened,
  savedLayout,
}: {
  connectionId: string;
  table: string;
  opened: GridOpened;
  savedLayout: GridLayout | null;
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
  const layout = useColumnLayout(connectionId, table, savedLayout);
  const chooser = useColumnChooser(focus, layout, columns);
  const drafts = useFilterDrafts(columns, (filters, rawQuery) =>
    page.apply({ filters, rawQuery, page: 1 }),
  );
  // The filter bar keeps the Raw SQL text it is typed in; a view opened starts it again.
  const [barKey, setBarKey] = useState(0);
  const views = useGridViews({
    connectionId,
    table,
    request,
    gridApi: focus.gridApi,
    onOpen: (filterDrafts, rawQuery, next) => {
      drafts.onChange(filterDrafts, rawQuery);
      setBarKey((k) => k + 1);
      // A view replaces the filters and Raw SQL text: none kept from before.
      page.apply({ rawQuery: undefined, ...next });
    },
  });

  return (
    <div className="data-view">
      <GridToolbar
        table={table}
        edits={edits}
        onRefresh={() => page.reload()}
        onOpenInConsole={view.openInConsole}
        onCopyCurl={view.copyCurl}
        onExport={exportDialog.open}
        connectionId={connectionId}
        onColumns={chooser.open}
      />
      <FilterBar
        key={barKey}
        columns={columns}
        filterOps={opened.filterOps}
        filters={drafts.filters}
        rawQuery={drafts.rawQuery}
        onChange={drafts.onChange}
        onApply={drafts.onApply}
        onViews={views.open}
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
        layout={layout}
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
      {chooser.dialog}
      {views.dialog}
    </div>
  );
}

/** The page's rows (with their pending edits) in the grid, veiled while a page loads. */
function PageGrid({
  columns,
  page,
  edits,
  focus,
  layout,
  onExpand,
}: {
  columns: Column[];
  page: PageLoader;
  edits: PendingEdits;
  focus: GridFocus;
  layout: ColumnLayoutControl;
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
          layout.restore(api);
        }}
        onColumnsChanged={layout.changed}
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

/** The column chooser and whether it is open; Alt+K opens it (the page's other Alt keys are views). */
function useColumnChooser(focus: GridFocus, layout: ColumnLayoutControl, columns: Column[]) {
  const [choosing, setChoosing] = useState(false);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== "KeyK" || e.defaultPrevented) return;
      if (isModalOpen()) return;
      e.preventDefault();
      setChoosing(true);
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, []);
  const api = focus.gridApi.current;
  return {
    open: () => setChoosing(true),
    dialog:
      choosing && api ? (
        <ColumnChooser
          api={api}
          columns={columns}
          onReset={() => layout.reset(api)}
          onClose={() => setChoosing(false)}
        />
      ) : null,
  };
}
