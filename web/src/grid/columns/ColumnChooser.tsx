/**
 * The column chooser: every column of the table with a box to show or hide it, its pin (none,
 * left, right) and buttons to move it earlier or later; a filter by name; "Show all" and "Reset
 * columns". Each choice goes straight to the grid through AG Grid's column API, so the grid, the
 * headers' drag and this list never disagree; the grid's change events then save the layout.
 */
import type { ColumnState, GridApi } from "ag-grid-community";
import { useEffect, useState } from "react";
import type { Column } from "../../api/types.ts";
import { Modal } from "../../ui/modal.tsx";
import type { GridRow } from "../table/GridTable.tsx";

type Pin = "left" | "right" | null;

export function ColumnChooser({
  api,
  columns,
  onReset,
  onClose,
}: {
  api: GridApi<GridRow>;
  columns: Column[];
  onReset: () => void;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState("");
  const state = useColumnState(api);
  const types = new Map(columns.map((c) => [c.name, c.type]));
  const known = state.filter((s) => types.has(s.colId));
  const needle = filter.trim().toLowerCase();
  const shown = known.filter((s) => s.colId.toLowerCase().includes(needle));
  const hiddenCount = known.filter((s) => s.hide).length;

  const move = (id: string, by: -1 | 1) => {
    const all = api.getColumnState().map((s) => s.colId);
    const to = all.indexOf(id) + by;
    const neighbour = all[to];
    if (neighbour === undefined || !types.has(neighbour)) return;
    api.moveColumns([id], to);
  };

  return (
    <Modal
      title="Columns"
      label="Choose columns"
      onClose={onClose}
      footer={
        <ChooserFooter
          shown={known.length - hiddenCount}
          total={known.length}
          onShowAll={() =>
            api.setColumnsVisible(
              known.map((s) => s.colId),
              true,
            )
          }
          onReset={onReset}
          onClose={onClose}
        />
      }
    >
      <input
        type="search"
        className="chooser-filter"
        placeholder="Filter columns by name"
        aria-label="Filter columns by name"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="chooser-list" aria-label="Columns, in the grid's order">
        {shown.map((s) => (
          <ChooserRow
            key={s.colId}
            state={s}
            type={types.get(s.colId) ?? ""}
            canMove={needle === ""}
            onVisible={(v) => api.setColumnsVisible([s.colId], v)}
            onPin={(p) => api.setColumnsPinned([s.colId], p)}
            onMove={(by) => move(s.colId, by)}
          />
        ))}
        {shown.length === 0 ? <li className="muted">No column name contains “{filter}”.</li> : null}
      </ul>
    </Modal>
  );
}

function ChooserFooter(props: {
  shown: number;
  total: number;
  onShowAll: () => void;
  onReset: () => void;
  onClose: () => void;
}) {
  return (
    <>
      <span className="muted chooser-count">
        {props.shown} of {props.total} shown
      </span>
      <button type="button" onClick={props.onShowAll} disabled={props.shown === props.total}>
        Show all
      </button>
      <button
        type="button"
        onClick={props.onReset}
        title="Order, widths, pins and shown columns as the table gives them"
      >
        Reset columns
      </button>
      <button type="button" className="primary" onClick={props.onClose}>
        Done
      </button>
    </>
  );
}

function ChooserRow({
  state,
  type,
  canMove,
  onVisible,
  onPin,
  onMove,
}: {
  state: ColumnState;
  type: string;
  canMove: boolean;
  onVisible: (visible: boolean) => void;
  onPin: (pin: Pin) => void;
  onMove: (by: -1 | 1) => void;
}) {
  const id = state.colId;
  const pin = (state.pinned as Pin) ?? null;
  return (
    <li className="chooser-row" data-column={id}>
      <label className="chooser-name" title={`${id} (${type})`}>
        <input
          type="checkbox"
          checked={!state.hide}
          onChange={(e) => onVisible(e.target.checked)}
        />
        <span className="chooser-path">{id}</span>
        <span className="muted chooser-type">{type}</span>
      </label>
      <select
        className="chooser-pin"
        aria-label={`Pin ${id}`}
        value={pin ?? ""}
        onChange={(e) => onPin((e.target.value || null) as Pin)}
      >
        <option value="">Not pinned</option>
        <option value="left">Pinned left</option>
        <option value="right">Pinned right</option>
      </select>
      {canMove ? (
        <span className="chooser-move">
          <button
            type="button"
            className="icon"
            aria-label={`Move ${id} earlier`}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`Move ${id} later`}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
        </span>
      ) : null}
    </li>
  );
}

/** The grid's column state, kept current while the chooser is open (a drag behind it included). */
function useColumnState(api: GridApi<GridRow>): ColumnState[] {
  const [state, setState] = useState(() => api.getColumnState());
  useEffect(() => {
    const update = () => setState(api.getColumnState());
    const events = ["columnMoved", "columnPinned", "columnVisible", "columnResized"] as const;
    for (const e of events) api.addEventListener(e, update);
    return () => {
      if (api.isDestroyed()) return;
      for (const e of events) api.removeEventListener(e, update);
    };
  }, [api]);
  return state;
}
