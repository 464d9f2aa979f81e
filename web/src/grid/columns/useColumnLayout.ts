/**
 * The table's column arrangement (shown, order, width, pin), kept by the app per connection and
 * table: restored when the grid is ready, saved shortly after each change the person makes (drag,
 * resize, the chooser), forgotten by "Reset columns". Uses AG Grid's column state, so a drag in
 * the headers and a choice in the chooser are the same change.
 */
import type { ColumnState, GridApi } from "ag-grid-community";
import { useEffect, useRef } from "react";
import type { ColumnLayout, GridLayout } from "../../../../src/core/grid-layout.ts";
import { call, ui } from "../../api/client.ts";
import { useToasts } from "../../ui/errors.tsx";
import type { GridRow } from "../table/GridTable.tsx";

const SAVE_DELAY_MS = 300;

/** AG Grid's own columns (the row checkboxes) are not the table's. */
const isOwnColumn = (id: string) => id.startsWith("ag-Grid-");

/** The layout as the grid shows it now. */
export function layoutOf(api: GridApi<GridRow>): GridLayout {
  return {
    columns: api
      .getColumnState()
      .filter((s) => !isOwnColumn(s.colId))
      .map((s): ColumnLayout => {
        const c: ColumnLayout = { id: s.colId };
        if (typeof s.width === "number") c.width = s.width;
        if (s.hide) c.hidden = true;
        if (s.pinned === "left" || s.pinned === "right") c.pinned = s.pinned;
        return c;
      }),
  };
}

/** A saved layout as AG Grid's column state (sort is left alone: the page's request owns it). */
export function columnStateOf(layout: GridLayout): ColumnState[] {
  return layout.columns.map((c) => ({
    colId: c.id,
    ...(c.width !== undefined ? { width: c.width } : {}),
    hide: c.hidden === true,
    pinned: c.pinned ?? null,
  }));
}

export interface ColumnLayoutControl {
  /** The grid is ready: apply the saved layout. */
  restore(api: GridApi<GridRow>): void;
  /** A column moved, was resized, pinned, shown or hidden. */
  changed(api: GridApi<GridRow>): void;
  /** Back to the grid's own arrangement, and forget the saved one. */
  reset(api: GridApi<GridRow>): void;
}

export function useColumnLayout(
  connectionId: string,
  table: string,
  saved: GridLayout | null,
): ColumnLayoutControl {
  const toasts = useToasts();
  const layoutOfTable = ui.connections[":id"].tables[":table"].layout;
  const param = { id: connectionId, table };
  /** The layout last saved or restored, as JSON: a change that ends where it started saves nothing. */
  const last = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    restore(api) {
      if (saved) api.applyColumnState({ state: columnStateOf(saved), applyOrder: true });
      last.current = JSON.stringify(layoutOf(api));
    },
    changed(api) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (api.isDestroyed()) return;
        const layout = layoutOf(api);
        const json = JSON.stringify(layout);
        if (json === last.current) return;
        last.current = json;
        call(layoutOfTable.$put, { param, json: layout }).catch((e) => toasts.error(e));
      }, SAVE_DELAY_MS);
    },
    reset(api) {
      clearTimeout(timer.current);
      api.resetColumnState();
      last.current = JSON.stringify(layoutOf(api));
      call(layoutOfTable.$delete, { param }).catch((e) => toasts.error(e));
    },
  };
}
