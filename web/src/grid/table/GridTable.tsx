/**
 * The data grid (AG Grid Community): columns from the mapping, virtualized rows, JSON cells in
 * monospace, cut cells marked with an expand button, pending edits highlighted. Sorting is the
 * app's: a header click asks for a new page, rows are never re-ordered in the browser. Keyboard:
 * AG Grid's own (arrows, Enter/F2 to edit, Space to select), plus Shift+Enter to open the focused
 * cell in full, since the expand button inside a cell cannot be reached with Tab.
 */
import {
  AllCommunityModule,
  type CellClassParams,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type ICellRendererParams,
  ModuleRegistry,
  type SortChangedEvent,
  type SuppressKeyboardEventParams,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact } from "ag-grid-react";
import { useMemo, useState } from "react";
import type { Column, Row, SortSpec } from "../../api/types.ts";
import { displayCell } from "../../ui/cell-text.ts";
import { headerLabels } from "../columns/header-labels.ts";

ModuleRegistry.registerModules([AllCommunityModule]);

/**
 * Colours come from the page's CSS variables, so the grid follows the page's light or dark theme;
 * the page also sets AG Grid's own mode (data-ag-theme-mode) for what has no variable of ours.
 */
const COLOURS = {
  accentColor: "var(--accent)",
  backgroundColor: "var(--panel)",
  foregroundColor: "var(--text)",
  borderColor: "var(--border)",
  chromeBackgroundColor: "var(--panel-alt)",
};
const theme = themeQuartz
  .withParams({
    fontFamily: "inherit",
    fontSize: 13,
    headerFontWeight: 600,
    rowHeight: 30,
    headerHeight: 34,
    spacing: 6,
    ...COLOURS,
  })
  .withParams(COLOURS, "dark");

/** A row as the grid shows it: a loaded row, or a new one not yet saved. */
export interface GridRow {
  key: string;
  isNew: boolean;
  row: Row | null;
  /** Cell values shown (pending edits applied). */
  cells: Record<string, unknown>;
  json: string[];
  cut: string[];
  /** Columns with a pending edit. */
  edited: string[];
  deleted: boolean;
  /** Row-level state after a save: a conflict or an error. */
  problem?: string;
  /** Columns named by a refusal. */
  refused: string[];
}

/** Shift+Enter on a cell that is not being edited: the grid leaves it to us (open in full). */
const isOpenCellKey = (e: KeyboardEvent) => e.key === "Enter" && e.shiftKey && !e.ctrlKey;

const suppressOpenCellKey = (p: SuppressKeyboardEventParams<GridRow>) =>
  !p.editing && isOpenCellKey(p.event);

/** Rows are selected with their checkboxes only (a click on a cell focuses or edits it). */
const ROW_SELECTION = {
  mode: "multiRow",
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
} as const;
const SELECTION_COLUMN = { pinned: "left", width: 44, maxWidth: 44 } as const;

/** The grid's options that never change. */
const FIXED_OPTIONS = {
  readOnlyEdit: true,
  // New column definitions (a sort, a new page) keep the person's order, widths and pins.
  maintainColumnOrder: true,
  rowSelection: ROW_SELECTION,
  selectionColumnDef: SELECTION_COLUMN,
  stopEditingWhenCellsLoseFocus: true,
  enableCellTextSelection: true,
  ensureDomOrder: true,
  rowBuffer: 20,
  tooltipShowDelay: 400,
  singleClickEdit: false,
  undoRedoCellEditing: false,
} as const;

export function GridTable({
  columns,
  rows,
  sort,
  editable,
  onSort,
  onEdit,
  onExpand,
  onSelectionChanged,
  onReady,
  onRowDataUpdated,
  onColumnsChanged,
}: {
  columns: Column[];
  rows: GridRow[];
  sort: SortSpec[];
  editable: boolean;
  onSort: (sort: SortSpec[]) => void;
  onEdit: (row: GridRow, column: string, value: unknown) => void;
  /** Open a cell in full: from its expand button, or Shift+Enter on the focused cell. */
  onExpand: (row: GridRow, column: string, fromKeyboard: boolean) => void;
  onSelectionChanged: (keys: string[]) => void;
  /** The grid's API, for focus and for ending an edit in progress before a save. */
  onReady?: (api: GridApi<GridRow>) => void;
  /** New rows reached the grid (a page loaded, an edit shown). */
  onRowDataUpdated?: (api: GridApi<GridRow>) => void;
  /** A column was moved, resized, pinned, shown or hidden (by a drag, or through the API). */
  onColumnsChanged?: (api: GridApi<GridRow>) => void;
}) {
  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
    const labels = headerLabels(columns.map((c) => c.name));
    return columns.map((c) => columnDef(c, labels.get(c.name) ?? c.name, sort, editable, onExpand));
  }, [columns, sort, editable, onExpand]);
  const columnsChanged = (e: { api: GridApi<GridRow>; finished?: boolean }) => {
    if (e.finished !== false) onColumnsChanged?.(e.api);
  };

  const [api, setApi] = useState<GridApi<GridRow> | null>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the grid's cells are the interactive elements; this catches their Shift+Enter
    <div
      className="grid-host"
      data-testid="data-grid"
      onKeyDown={(e) => {
        const cell = api ? cellToOpen(api, e.nativeEvent, columns) : null;
        if (!cell) return;
        e.preventDefault();
        onExpand(cell.row, cell.column, true);
      }}
    >
      <AgGridReact<GridRow>
        theme={theme}
        onGridReady={(e) => {
          setApi(e.api);
          onReady?.(e.api);
        }}
        onRowDataUpdated={(e) => onRowDataUpdated?.(e.api)}
        rowData={rows}
        columnDefs={columnDefs}
        getRowId={(p: GetRowIdParams<GridRow>) => p.data.key}
        {...FIXED_OPTIONS}
        onCellEditRequest={(e) => {
          const col = e.colDef.colId;
          if (e.data && col) onEdit(e.data, col, e.newValue);
        }}
        onSortChanged={(e: SortChangedEvent<GridRow>) => {
          if (e.source === "uiColumnSorted") onSort(sortOf(e.api));
        }}
        onColumnMoved={columnsChanged}
        onColumnResized={columnsChanged}
        onColumnPinned={columnsChanged}
        onColumnVisible={columnsChanged}
        onSelectionChanged={(e) => onSelectionChanged(e.api.getSelectedRows().map((r) => r.key))}
        getRowClass={(p) => rowClasses(p.data)}
        // Tables of up to 80 columns render every header (readable, searchable); wider ones virtualize.
        suppressColumnVirtualisation={columns.length <= 80}
      />
    </div>
  );
}

/** How the grid shows, sorts and edits one column. */
function columnDef(
  c: Column,
  label: string,
  sort: SortSpec[],
  editable: boolean,
  onExpand: (row: GridRow, column: string, fromKeyboard: boolean) => void,
): ColDef<GridRow> {
  const sortIndex = sort.findIndex((s) => s.column === c.name);
  const numeric = NUMERIC.has(c.type) && c.kind !== "nested-leaf";
  const bool = c.type === "boolean" && c.kind !== "nested-leaf";
  return {
    colId: c.name,
    headerName: label,
    headerTooltip: headerTooltip(c),
    valueGetter: (p) => p.data?.cells[c.name] ?? null,
    valueFormatter: (p) => displayCell(p.value),
    comparator: () => 0,
    sortable: true,
    sort: sortIndex >= 0 ? (sort[sortIndex]?.direction ?? null) : null,
    sortIndex: sortIndex >= 0 ? sortIndex : null,
    editable: (p) => editable && !!p.data && !p.data.deleted && !p.data.cut.includes(c.name),
    cellDataType: numeric ? "number" : bool ? "boolean" : "text",
    cellEditor: numeric ? "agNumberCellEditor" : bool ? "agCheckboxCellEditor" : "agTextCellEditor",
    cellRenderer: CellRenderer,
    cellRendererParams: { column: c, onExpand },
    suppressKeyboardEvent: suppressOpenCellKey,
    cellClass: (p: CellClassParams<GridRow>) => cellClasses(p.data, c),
    headerClass: `col-kind-${c.kind}${c.editable ? "" : " col-readonly"}`,
    minWidth: 60,
    initialWidth:
      c.kind === "meta" ? (c.name === "_score" ? 90 : 170) : c.kind === "nested-parent" ? 260 : 160,
    initialPinned: c.name === "_id" ? "left" : undefined,
  };
}

/** The sort the person set by clicking headers, in the order of its columns. */
function sortOf(api: GridApi<GridRow>): SortSpec[] {
  return api
    .getColumnState()
    .filter((s) => s.sort)
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((s) => ({ column: s.colId, direction: s.sort as "asc" | "desc" }));
}

/** The focused cell that Shift+Enter opens in full, when not editing and the key came from a cell. */
function cellToOpen(
  api: GridApi<GridRow>,
  e: KeyboardEvent,
  columns: Column[],
): { row: GridRow; column: string } | null {
  if (!isOpenCellKey(e) || api.getEditingCells().length > 0) return null;
  if (!(e.target instanceof HTMLElement) || !e.target.closest(".ag-cell")) return null;
  const focused = api.getFocusedCell();
  const column = focused?.column.getColId();
  const row = focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined;
  if (!row || !column || !columns.some((c) => c.name === column)) return null;
  return { row, column };
}

const NUMERIC = new Set([
  "long",
  "integer",
  "short",
  "byte",
  "double",
  "float",
  "half_float",
  "scaled_float",
  "unsigned_long",
]);

function headerTooltip(c: Column): string {
  const parts = [`${c.name} (${c.type})`];
  if (c.kind === "nested-parent") parts.push("nested array, edited here as JSON");
  if (c.kind === "nested-leaf")
    parts.push(
      `leaf of the nested array ${c.nestedPaths?.at(-1) ?? ""}; edit it through its JSON parent column`,
    );
  if (c.sortField && c.sortField !== c.name) parts.push(`sorts on ${c.sortField}`);
  if (!c.sortField && c.sortNote) parts.push(`cannot sort: ${c.sortNote}`);
  if (!c.editable) parts.push("not writable from the grid");
  return parts.join(" · ");
}

function cellClasses(r: GridRow | undefined, c: Column): string[] {
  if (!r) return [];
  const out: string[] = [];
  if (r.json.includes(c.name)) out.push("cell-json");
  if (r.cut.includes(c.name)) out.push("cell-cut");
  if (r.edited.includes(c.name)) out.push("cell-edited");
  if (r.refused.includes(c.name)) out.push("cell-refused");
  if (c.kind === "meta") out.push("cell-meta");
  return out;
}

function rowClasses(r: GridRow | undefined): string[] {
  if (!r) return [];
  const out: string[] = [];
  if (r.isNew) out.push("row-new");
  if (r.deleted) out.push("row-deleted");
  if (r.problem) out.push("row-problem");
  return out;
}

function CellRenderer(
  p: ICellRendererParams<GridRow> & {
    column: Column;
    onExpand: (row: GridRow, column: string, fromKeyboard: boolean) => void;
  },
) {
  const data = p.data;
  const text = displayCell(p.value);
  if (!data) return text;
  const cut = data.cut.includes(p.column.name);
  const json = data.json.includes(p.column.name);
  if (!cut && !json) return <span title={text.length > 60 ? text : undefined}>{text}</span>;
  return (
    <span className="cell-wrap">
      {cut ? (
        <span className="cut-badge" title="This value is longer than 10,000 characters and was cut">
          cut
        </span>
      ) : null}
      <span className="cell-text">{text}</span>
      <button
        type="button"
        className="cell-expand"
        title={cut ? "Show the whole value (Shift+Enter)" : "Show formatted JSON (Shift+Enter)"}
        aria-label={`Expand ${p.column.name}`}
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          p.onExpand(data, p.column.name, false);
        }}
      >
        ⤢
      </button>
    </span>
  );
}
