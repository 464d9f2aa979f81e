/**
 * The console's kept work on this connection: the saved requests beside the history (newest
 * first), each searchable; picking one adds it to the editor, Run runs a saved one.
 */
import { useState } from "react";
import { consoleText } from "../../../../src/core/console.ts";
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Modal } from "../../ui/modal.tsx";
import { LibraryPanel } from "./LibraryPanel.tsx";
import { matches, SavedPanel } from "./SavedPanel.tsx";
import { SaveQueryDialog } from "./SaveQueryDialog.tsx";
import "../results/results.css";

export function HistoryDialog({
  connectionId,
  onPick,
  onRun,
  onClose,
}: {
  connectionId: string;
  onPick: (text: string) => void;
  /** Runs a saved request's text (the dialog closes). */
  onRun: (text: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Library, saved requests and history" onClose={onClose} wide>
      <div className="work-panels">
        <LibraryPanel connectionId={connectionId} onInsert={onPick} onRun={onRun} />
        <SavedPanel connectionId={connectionId} onInsert={onPick} onRun={onRun} />
        <HistoryPanel connectionId={connectionId} onPick={onPick} />
      </div>
    </Modal>
  );
}

function HistoryPanel({
  connectionId,
  onPick,
}: {
  connectionId: string;
  onPick: (text: string) => void;
}) {
  const [query, setQuery] = useState("");
  const entries = useLoad(
    (signal) =>
      call(ui.connections[":id"].console.history.$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const shown = (entries.data ?? [])
    .map((h) => ({ h, text: consoleText(h.request) }))
    .filter(({ h, text }) => matches(query, text, String(h.status ?? ""), h.surface ?? ""));
  const [saving, setSaving] = useState<string | null>(null);
  return (
    <section className="work-panel" aria-label="History" data-testid="history-panel">
      <h3>History</h3>
      <input
        type="search"
        placeholder="Search history (method, path, body, status, ui, cli, mcp)"
        aria-label="Search history"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <Loading active={entries.loading} label="Loading history…" />
      <ErrorNote error={entries.error} />
      {entries.data?.length === 0 ? (
        <p className="muted">No requests run on this connection yet.</p>
      ) : null}
      {entries.data?.length && shown.length === 0 ? (
        <p className="muted">No request in the history matches.</p>
      ) : null}
      <ul className="history-list">
        {shown.map(({ h, text }, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only and shown newest first
          <li key={i}>
            <button
              type="button"
              className="history-item"
              data-testid="history-item"
              onClick={() => onPick(text)}
            >
              <code>
                {h.request.method} {h.request.path}
              </code>
              <span className="muted">
                {h.status ?? "—"} · {new Date(h.at).toLocaleString()}
                {h.surface ? ` · ${h.surface}` : ""}
              </span>
            </button>
            <button
              type="button"
              className="small"
              aria-label={`Save ${h.request.method} ${h.request.path} as query`}
              onClick={() => setSaving(text)}
            >
              Save as query
            </button>
          </li>
        ))}
      </ul>
      {saving !== null ? (
        <SaveQueryDialog
          connectionId={connectionId}
          kind="console"
          text={saving}
          onClose={() => setSaving(null)}
          onSaved={() => setSaving(null)}
        />
      ) : null}
    </section>
  );
}
