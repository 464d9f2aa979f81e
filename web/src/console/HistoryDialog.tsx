/** The console's history on this connection, newest first; picking one adds it to the editor. */
import { consoleText } from "../../../src/core/console.ts";
import { get } from "../api/client.ts";
import type { HistoryEntry } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";

export function HistoryDialog({
  base,
  onPick,
  onClose,
}: {
  base: string;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const entries = useLoad((signal) => get<HistoryEntry[]>(`${base}/history`, { signal }), [base]);
  return (
    <Modal title="History" onClose={onClose} wide>
      <Loading active={entries.loading} label="Loading history…" />
      <ErrorNote error={entries.error} />
      {entries.data?.length === 0 ? (
        <p className="muted">No requests run on this connection yet.</p>
      ) : null}
      <ul className="history-list">
        {entries.data?.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only and shown newest first
          <li key={i}>
            <button
              type="button"
              className="history-item"
              onClick={() => onPick(consoleText(h.request))}
            >
              <code>
                {h.request.method} {h.request.path}
              </code>
              <span className="muted">
                {h.status ?? "—"} · {new Date(h.at).toLocaleString()}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
