/**
 * The library's shared folder (the one a team keeps in git): shown with where it comes from, set
 * to a folder that exists, or cleared. `QUARRY_QUERIES` wins over the setting, and says so.
 */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { useLoad } from "../../ui/loading.tsx";

export function SharedFolder({ onChanged }: { onChanged: () => void }) {
  const current = useLoad((signal) => call(ui.queries.folder.$get, {}, signal), []);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const put = async (folder: string | null) => {
    setBusy(true);
    setError(null);
    try {
      current.setData(await call(ui.queries.folder.$put, { json: { folder } }));
      setEditing(null);
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const f = current.data;
  return (
    <div className="shared-folder" data-testid="shared-folder">
      {editing === null ? (
        <p className="muted">
          Shared folder: {f?.folder ? <code>{f.folder}</code> : "none"}
          {f?.from === "env" ? " (from QUARRY_QUERIES, which wins over the setting)" : ""}{" "}
          <button
            type="button"
            className="small"
            onClick={() => setEditing(f?.setting ?? "")}
            disabled={!f}
          >
            {f?.setting ? "Change" : "Set"}
          </button>
          {f?.setting ? (
            <button type="button" className="small" disabled={busy} onClick={() => void put(null)}>
              Clear
            </button>
          ) : null}
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void put(editing);
          }}
        >
          <input
            className="shared-folder-path"
            aria-label="Shared folder path"
            placeholder="/home/me/team-queries"
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
          />
          <button type="submit" className="small primary" disabled={busy}>
            Save folder
          </button>
          <button type="button" className="small" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
      {f?.problem ? <p className="error-text">{f.problem}</p> : null}
      <ErrorNote error={error ?? current.error} />
    </div>
  );
}
