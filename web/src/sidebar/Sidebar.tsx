/**
 * The sidebar: the connection's indices (as the driver lists them: no dot names, no aliases or
 * data streams) with document counts, a filter by name, and deletion behind a confirmation that
 * shows the exact request the app will send. Keyboard: `/` filters, Enter in the filter opens the
 * first match, ↑/↓ move through the list.
 */
import { useEffect, useRef, useState } from "react";
import { del, get, seg } from "../api/client.ts";
import type { DeletePlan, TableInfo } from "../api/types.ts";
import { forgetTable, navigate } from "../shell/route.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { type Loaded, Loading } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";

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
  const [plan, setPlan] = useState<{ table: string; plan: DeletePlan } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [askingDelete, setAskingDelete] = useState<string | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const toasts = useToasts();

  // The open index stays in sight, also when it was opened by a link far down a long list.
  useEffect(() => {
    if (!selected || !tables.data) return;
    listRef.current?.querySelector(".index-item.selected")?.scrollIntoView({ block: "nearest" });
  }, [selected, tables.data]);

  const shown = (tables.data ?? []).filter((t) =>
    t.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  const askDelete = async (table: string) => {
    if (askingDelete) return; // one confirmation at a time
    setAskingDelete(table);
    try {
      const p = await get<DeletePlan>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/delete-plan`,
      );
      setDeleteError(null);
      setPlan({ table, plan: p });
    } catch (e) {
      toasts.error(e);
    } finally {
      setAskingDelete(null);
    }
  };

  const confirmDelete = async () => {
    if (!plan) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await del(`/connections/${seg(connectionId)}/tables/${seg(plan.table)}`, {
        confirmed: plan.plan.request,
      });
      toasts.success(`Index ${plan.table} deleted.`);
      forgetTable(connectionId, plan.table);
      if (selected === plan.table) navigate({ screen: "data", connectionId });
      setPlan(null);
      tables.reload();
    } catch (e) {
      setDeleteError(e);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <aside className="sidebar" aria-label="Indices">
      <div className="sidebar-header">
        <input
          ref={filterRef}
          type="search"
          className="sidebar-filter"
          placeholder="Filter indices  ( / )"
          aria-label="Filter indices by name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && shown[0])
              navigate({ screen: "data", connectionId, table: shown[0].name });
            else if (e.key === "ArrowDown") {
              e.preventDefault();
              moveFocus(listRef.current, 0);
            }
          }}
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
      {showError ? (
        <ErrorNote error={tables.error}>
          <button type="button" className="small" onClick={tables.reload}>
            Retry
          </button>
        </ErrorNote>
      ) : tables.error ? (
        <p className="muted pad">The indices could not be listed.</p>
      ) : null}
      <SlashFocus target={filterRef} />
      <ul
        className="index-list"
        data-testid="index-list"
        ref={listRef}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
          const buttons = indexButtons(listRef.current);
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          if (at < 0) return;
          e.preventDefault();
          if (e.key === "ArrowUp" && at === 0) filterRef.current?.focus();
          else moveFocus(listRef.current, at + (e.key === "ArrowDown" ? 1 : -1));
        }}
      >
        {shown.map((t) => (
          <li key={t.name} className={t.name === selected ? "index-item selected" : "index-item"}>
            <button
              type="button"
              className="index-open"
              onClick={() => navigate({ screen: "data", connectionId, table: t.name })}
              aria-current={t.name === selected ? "true" : undefined}
              title={t.status === "close" ? `${t.name} (closed)` : t.name}
            >
              <span className="index-name">{t.name}</span>
              <span className="index-count" data-testid="index-count">
                {t.docCount === null ? t.status : t.docCount.toLocaleString("en-US")}
              </span>
            </button>
            <button
              type="button"
              className="icon index-delete"
              title={`Delete index ${t.name}`}
              aria-label={`Delete index ${t.name}`}
              onClick={() => askDelete(t.name)}
              aria-busy={askingDelete === t.name}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      {tables.data && shown.length === 0 ? (
        <p className="muted pad">
          {filter ? "No index matches the filter." : "This cluster has no indices."}
        </p>
      ) : null}
      {plan ? (
        <Modal
          title="Delete index"
          onClose={() => setPlan(null)}
          footer={
            <>
              <button type="button" onClick={() => setPlan(null)} disabled={deleting}>
                Cancel
              </button>
              <button type="button" className="danger" onClick={confirmDelete} disabled={deleting}>
                {deleting ? "Deleting…" : "Delete index"}
              </button>
            </>
          }
        >
          <p>
            This deletes the index <strong>{plan.table}</strong> and every document in it. It cannot
            be undone. Quarry will send exactly:
          </p>
          <pre className="request-preview" data-testid="delete-request">
            {plan.plan.text}
          </pre>
          <ErrorNote error={deleteError} />
        </Modal>
      ) : null}
    </aside>
  );
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

function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M6 2h4l.5 1H14v1.5H2V3h3.5L6 2zm-2.5 3.5h9l-.7 8.1a1.5 1.5 0 0 1-1.5 1.4H5.7a1.5 1.5 0 0 1-1.5-1.4L3.5 5.5zm3 1.5v6h1V7h-1zm2.5 0v6h1V7H9z"
        fill="currentColor"
      />
    </svg>
  );
}
