/**
 * The sidebar: the connection's indices (as the driver lists them: no dot names, no aliases or
 * data streams) with document counts, a filter by name, and deletion behind a confirmation that
 * shows the exact request the app will send.
 */
import { useEffect, useRef, useState } from "react";
import { del, get, seg } from "../api/client.ts";
import type { DeletePlan, TableInfo } from "../api/types.ts";
import { navigate } from "../shell/route.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";

export function Sidebar({ connectionId, selected }: { connectionId: string; selected?: string }) {
  const tables = useLoad(
    (signal) => get<TableInfo[]>(`/connections/${seg(connectionId)}/tables`, { signal }),
    [connectionId],
  );
  const [filter, setFilter] = useState("");
  const [plan, setPlan] = useState<{ table: string; plan: DeletePlan } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const toasts = useToasts();

  const shown = (tables.data ?? []).filter((t) =>
    t.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  const askDelete = async (table: string) => {
    try {
      const p = await get<DeletePlan>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/delete-plan`,
      );
      setDeleteError(null);
      setPlan({ table, plan: p });
    } catch (e) {
      toasts.error(e);
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
      <ErrorNote error={tables.error} />
      <SlashFocus target={filterRef} />
      <ul className="index-list" data-testid="index-list">
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
