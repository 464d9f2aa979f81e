/**
 * One index in the sidebar (open it, or ask to delete it), and the deletion behind a confirmation
 * that shows the exact request the app will send.
 */
import { useState } from "react";
import { del, get, seg } from "../api/client.ts";
import type { DeletePlan, TableInfo } from "../api/types.ts";
import { forgetTable, navigate } from "../shell/route.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Modal } from "../ui/modal.tsx";

export function IndexItem({
  table: t,
  connectionId,
  selected,
  busy,
  onDelete,
}: {
  table: TableInfo;
  connectionId: string;
  selected: boolean;
  busy: boolean;
  onDelete: () => void;
}) {
  return (
    <li className={selected ? "index-item selected" : "index-item"}>
      <button
        type="button"
        className="index-open"
        onClick={() => navigate({ screen: "data", connectionId, table: t.name })}
        aria-current={selected ? "true" : undefined}
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
        onClick={onDelete}
        aria-busy={busy}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

/** Asking for an index's delete plan, and sending it once the user confirms. */
export function useDeleteIndex(
  connectionId: string,
  selected: string | undefined,
  reload: () => void,
) {
  const [plan, setPlan] = useState<{ table: string; plan: DeletePlan } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const toasts = useToasts();

  const ask = async (table: string) => {
    if (asking) return; // one confirmation at a time
    setAsking(table);
    try {
      const p = await get<DeletePlan>(
        `/connections/${seg(connectionId)}/tables/${seg(table)}/delete-plan`,
      );
      setError(null);
      setPlan({ table, plan: p });
    } catch (e) {
      toasts.error(e);
    } finally {
      setAsking(null);
    }
  };

  const confirm = async () => {
    if (!plan) return;
    setDeleting(true);
    setError(null);
    try {
      await del(`/connections/${seg(connectionId)}/tables/${seg(plan.table)}`, {
        confirmed: plan.plan.request,
      });
      toasts.success(`Index ${plan.table} deleted.`);
      forgetTable(connectionId, plan.table);
      if (selected === plan.table) navigate({ screen: "data", connectionId });
      setPlan(null);
      reload();
    } catch (e) {
      setError(e);
    } finally {
      setDeleting(false);
    }
  };

  return { plan, deleting, error, asking, ask, confirm, cancel: () => setPlan(null) };
}

export function DeleteIndexDialog({ deletion }: { deletion: ReturnType<typeof useDeleteIndex> }) {
  const { plan, deleting } = deletion;
  if (!plan) return null;
  return (
    <Modal
      title="Delete index"
      onClose={deletion.cancel}
      footer={
        <>
          <button type="button" onClick={deletion.cancel} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={deletion.confirm} disabled={deleting}>
            {deleting ? "Deleting…" : "Delete index"}
          </button>
        </>
      }
    >
      <p>
        This deletes the index <strong>{plan.table}</strong> and every document in it. It cannot be
        undone. Quarry will send exactly:
      </p>
      <pre className="request-preview" data-testid="delete-request">
        {plan.plan.text}
      </pre>
      <ErrorNote error={deletion.error} />
    </Modal>
  );
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
