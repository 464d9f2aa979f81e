/**
 * The sidebar: the connection's indices (as the driver lists them: no dot names, no aliases or
 * data streams) with document counts, a filter by name, each index's page (details, actions and
 * deletion), and the links to create an index and to import a file. Keyboard: `/` filters, Enter
 * in the filter opens the first match, ↑/↓ move through the list.
 */
import { useEffect, useRef, useState } from "react";
import type { TableInfo } from "../api/types.ts";
import { navigate } from "../navigation/route.ts";
import { useImportDialog } from "../transfer/useTransferDialogs.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { type Loaded, Loading } from "../ui/loading.tsx";
import { IndexItem } from "./index-item.tsx";

export function Sidebar({
  connectionId,
  tables,
  selected,
  showError = true,
}: {
  connectionId: string;
  /** The index list, loaded by the workspace (it also tells whether the cluster answers). */
  tables: Loaded<TableInfo[]>;
  selected?: string;
  /** False when the main area already shows the failure in full. */
  showError?: boolean;
}) {
  const [filter, setFilter] = useState("");
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // The open index stays in sight, also when it was opened by a link far down a long list.
  useEffect(() => {
    if (!selected || !tables.data) return;
    listRef.current?.querySelector(".index-item.selected")?.scrollIntoView({ block: "nearest" });
  }, [selected, tables.data]);

  const shown = (tables.data ?? []).filter((t) =>
    t.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  return (
    <aside className="sidebar" aria-label="Indices">
      <div className="sidebar-header">
        <IndexFilter
          inputRef={filterRef}
          value={filter}
          onChange={setFilter}
          onEnter={() => {
            if (shown[0]) navigate({ screen: "data", connectionId, table: shown[0].name });
          }}
          onArrowDown={() => moveFocus(listRef.current, 0)}
        />
        <button
          type="button"
          className="icon"
          title="Refresh the list"
          aria-label="Refresh indices"
          onClick={tables.reload}
        >
          ⟳
        </button>
      </div>
      <Loading active={tables.loading} label="Loading indices…" />
      <ListError tables={tables} inFull={showError} />
      <SlashFocus target={filterRef} />
      <ul
        className="index-list"
        data-testid="index-list"
        ref={listRef}
        onKeyDown={(e) => arrowThroughList(e, listRef.current, filterRef.current)}
      >
        {shown.map((t) => (
          <IndexItem
            key={t.name}
            table={t}
            connectionId={connectionId}
            selected={t.name === selected}
          />
        ))}
      </ul>
      {tables.data && shown.length === 0 ? (
        <p className="muted pad">
          {filter ? "No index matches the filter." : "This cluster has no indices."}
        </p>
      ) : null}
      <SidebarLinks connectionId={connectionId} />
    </aside>
  );
}

/** At the foot of the list: creating an index, and importing a file into a new index. */
function SidebarLinks({ connectionId }: { connectionId: string }) {
  const importDialog = useImportDialog(connectionId);
  return (
    <div className="sidebar-links">
      <button
        type="button"
        className="small"
        onClick={() => navigate({ screen: "data", connectionId, view: "create" })}
      >
        + Create index
      </button>
      <button type="button" className="small" onClick={importDialog.open}>
        Import…
      </button>
      {importDialog.dialog}
    </div>
  );
}

function IndexFilter(props: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  onArrowDown: () => void;
}) {
  return (
    <input
      ref={props.inputRef}
      type="search"
      className="sidebar-filter"
      placeholder="Filter indices  ( / )"
      aria-label="Filter indices by name"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") props.onEnter();
        else if (e.key === "ArrowDown") {
          e.preventDefault();
          props.onArrowDown();
        }
      }}
    />
  );
}

/** Why the list is missing: in full with a retry, or one line when the main area says it. */
function ListError({ tables, inFull }: { tables: Loaded<TableInfo[]>; inFull: boolean }) {
  if (inFull)
    return (
      <ErrorNote error={tables.error}>
        <button type="button" className="small" onClick={tables.reload}>
          Retry
        </button>
      </ErrorNote>
    );
  return tables.error ? <p className="muted pad">The indices could not be listed.</p> : null;
}

/** ↑/↓ move through the indices; ↑ on the first goes back to the filter. */
function arrowThroughList(
  e: React.KeyboardEvent,
  list: HTMLElement | null,
  filter: HTMLInputElement | null,
): void {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
  const at = indexButtons(list).indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  e.preventDefault();
  if (e.key === "ArrowUp" && at === 0) filter?.focus();
  else moveFocus(list, at + (e.key === "ArrowDown" ? 1 : -1));
}

function indexButtons(list: HTMLElement | null): HTMLButtonElement[] {
  return [...(list?.querySelectorAll<HTMLButtonElement>(".index-open") ?? [])];
}

/** Focuses the list's index button at `at` (kept within the list). */
function moveFocus(list: HTMLElement | null, at: number): void {
  const buttons = indexButtons(list);
  buttons[Math.max(0, Math.min(buttons.length - 1, at))]?.focus();
}

/** "/" anywhere outside a text field focuses the index filter. */
function SlashFocus({ target }: { target: React.RefObject<HTMLInputElement | null> }) {
  useWindowKey("/", (e) => {
    const el = e.target as HTMLElement;
    if (el.closest("input, textarea, select, [contenteditable='true'], .cm-editor, .ag-root"))
      return false;
    target.current?.focus();
    return true;
  });
  return null;
}

function useWindowKey(key: string, handler: (e: KeyboardEvent) => boolean): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key === key && !e.ctrlKey && !e.metaKey && !e.altKey && ref.current(e))
        e.preventDefault();
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, [key]);
}
