/**
 * Views…: the grid's view (filters, Raw SQL text, sort, columns) kept in the library every surface
 * shares, and opened again, a view with parameters asking for them first. A view is a plain file
 * (`<name>.view.json`), so it opens again after a restart and from `quarry query run`.
 */
import type { GridApi } from "ag-grid-community";
import { type RefObject, useState } from "react";
import { type Answer, call, ui } from "../api/client.ts";
import type { BrowseRequest, FilterRow, SortSpec } from "../api/types.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ParamsDialog } from "../ui/ParamsDialog.tsx";
import type { FilterDraft } from "./FilterBar.tsx";
import type { GridRow } from "./table/GridTable.tsx";

type Listed = Answer<(typeof ui.connections)[":id"]["queries"]["$get"]>["queries"][number];
type Planned = Answer<(typeof ui.connections)[":id"]["queries"][":name"]["plan"]["$post"]>;
type View = Extract<Planned, { kind: "view" }>["view"];

/** Pure: a saved filter as the filter bar's draft. */
function draftOf(f: FilterRow, id: number): FilterDraft {
  return {
    id,
    column: f.column,
    op: f.op,
    value: Array.isArray(f.value)
      ? f.value.join(", ")
      : f.value === undefined
        ? ""
        : String(f.value),
    group: f.group ?? 0,
  };
}

export function useGridViews({
  connectionId,
  table,
  request,
  gridApi,
  onOpen,
}: {
  connectionId: string;
  table: string;
  request: BrowseRequest;
  gridApi: RefObject<GridApi<GridRow> | null>;
  /** Shows a view: its filters in the bar, its request run from page 1. */
  onOpen: (drafts: FilterDraft[], rawQuery: string, request: BrowseRequest) => void;
}) {
  const [open, setOpen] = useState(false);
  const toasts = useToasts();
  const apply = (view: View) => {
    const filters = (view.filters ?? []) as FilterRow[];
    onOpen(filters.map(draftOf), view.rawQuery ?? "", {
      filters,
      ...(view.rawQuery ? { rawQuery: view.rawQuery } : {}),
      sort: (view.sort ?? []) as SortSpec[],
      page: 1,
    });
    const api = gridApi.current;
    if (api && view.columns?.length) {
      const shown = new Set(view.columns);
      const rest = api
        .getColumnState()
        .filter((s) => !shown.has(s.colId))
        .map((s) => ({ colId: s.colId, hide: !s.colId.startsWith("ag-Grid-") }));
      api.applyColumnState({
        state: [...view.columns.map((colId) => ({ colId, hide: false })), ...rest],
        applyOrder: true,
      });
    }
    setOpen(false);
  };
  const columnsShown = () =>
    gridApi.current
      ?.getColumnState()
      .filter((s) => !s.hide && !s.colId.startsWith("ag-Grid-"))
      .map((s) => s.colId) ?? [];
  return {
    open: () => setOpen(true),
    dialog: open ? (
      <ViewsDialog
        connectionId={connectionId}
        table={table}
        current={() => ({
          table,
          ...(request.filters?.length ? { filters: request.filters } : {}),
          ...(request.rawQuery ? { rawQuery: request.rawQuery } : {}),
          ...(request.sort?.length ? { sort: request.sort } : {}),
          columns: columnsShown(),
        })}
        onOpen={apply}
        onSaved={(name) => toasts.success(`Saved the view "${name}".`)}
        onClose={() => setOpen(false)}
      />
    ) : null,
  };
}

/** The table's saved views and the Save form. Long because it is the dialog's markup and its two calls. */
function ViewsDialog({
  connectionId,
  table,
  current,
  onOpen,
  onSaved,
  onClose,
}: {
  connectionId: string;
  table: string;
  current: () => Record<string, unknown>;
  onOpen: (view: View) => void;
  onSaved: (name: string) => void;
  onClose: () => void;
}) {
  const [version, setVersion] = useState(0);
  const [name, setName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [asking, setAsking] = useState<Listed | null>(null);
  const listing = useLoad(
    (signal) => call(ui.connections[":id"].queries.$get, { param: { id: connectionId } }, signal),
    [connectionId, version],
  );
  const views = (listing.data?.queries ?? []).filter(
    (q) => q.kind === "view" && q.view?.table === table,
  );
  const plan = async (q: Listed, params: Record<string, string>) => {
    const planned = await call(ui.connections[":id"].queries[":name"].plan.$post, {
      param: { id: connectionId, name: q.name },
      json: { params },
    });
    if (planned.kind === "view") onOpen(planned.view);
  };
  const save = async () => {
    try {
      await call(ui.connections[":id"].queries[":name"].$put, {
        param: { id: connectionId, name: name.trim() },
        json: {
          kind: "view",
          text: JSON.stringify(current()),
          description: "",
          onlyHere: false,
          replace: false,
        },
      });
      onSaved(name.trim());
      setName("");
      setVersion((v) => v + 1);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <Modal title={`Views of ${table}`} onClose={onClose}>
      <Loading active={listing.loading} label="Loading views…" />
      <ErrorNote error={listing.error} />
      {listing.data && views.length === 0 ? (
        <p className="muted">No saved view of this table yet.</p>
      ) : null}
      <ul className="views-list">
        {views.map((q) => (
          <li key={q.name} className="saved-item" data-testid="view-item">
            <span className="saved-name">{q.name}</span>
            <button
              type="button"
              className="small primary"
              disabled={!q.runsHere}
              onClick={() => (q.params.length ? setAsking(q) : void plan(q, {}).catch(setError))}
            >
              Open
            </button>
          </li>
        ))}
      </ul>
      <label className="field">
        <span>Save the current view as</span>
        <input
          aria-label="View name"
          placeholder="paid-by-total"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="button" className="small" disabled={name.trim() === ""} onClick={save}>
        Save view
      </button>
      <ErrorNote error={error} />
      {asking ? (
        <ParamsDialog
          query={asking}
          action="Open"
          onSubmit={(params) => plan(asking, params)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Modal>
  );
}
