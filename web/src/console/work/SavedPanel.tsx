/** The connection's saved requests: search them, run one, put one in the editor, rename, delete. */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { SavedRequest } from "../../api/types.ts";
import { ErrorNote, useToasts } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { WorkPanel } from "./WorkPanel.tsx";

/** Pure: whether every word of the search is in the name or the text (any case). */
export function matches(query: string, ...texts: string[]): boolean {
  const hay = texts.join("\n").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

export function SavedPanel({
  connectionId,
  onInsert,
  onRun,
}: {
  connectionId: string;
  onInsert: (text: string) => void;
  onRun: (text: string) => void;
}) {
  const toasts = useToasts();
  const [version, setVersion] = useState(0);
  const [query, setQuery] = useState("");
  const saved = useLoad(
    (signal) =>
      call(ui.connections[":id"].console.saved.$get, { param: { id: connectionId } }, signal),
    [connectionId, version],
  );
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setVersion((v) => v + 1);
    } catch (e) {
      toasts.error(e);
    }
  };
  const shown = (saved.data ?? []).filter((s) => matches(query, s.name, s.text));
  return (
    <WorkPanel
      title="Saved requests"
      testId="saved-panel"
      search={{
        placeholder: "Search saved requests",
        label: "Search saved requests",
        value: query,
        onChange: setQuery,
      }}
    >
      <Loading active={saved.loading} label="Loading saved requests…" />
      <ErrorNote error={saved.error} />
      {saved.data?.length === 0 ? (
        <p className="muted">
          None yet: put the cursor on a request (or select several) and press Save.
        </p>
      ) : null}
      <ul>
        {shown.map((s) => (
          <SavedItem
            key={s.id}
            saved={s}
            onRun={onRun}
            onInsert={onInsert}
            onRename={(name) =>
              act(() =>
                call(ui.connections[":id"].console.saved[":saved"].$put, {
                  param: { id: connectionId, saved: s.id },
                  json: { name },
                }),
              )
            }
            onDelete={() =>
              act(() =>
                call(ui.connections[":id"].console.saved[":saved"].$delete, {
                  param: { id: connectionId, saved: s.id },
                }),
              )
            }
          />
        ))}
      </ul>
    </WorkPanel>
  );
}

function SavedItem({
  saved: s,
  onRun,
  onInsert,
  onRename,
  onDelete,
}: {
  saved: SavedRequest;
  onRun: (text: string) => void;
  onInsert: (text: string) => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="saved-item" data-testid="saved-item" title={s.text}>
      {renaming ? (
        <input
          className="saved-name"
          aria-label="New name"
          defaultValue={s.name}
          // biome-ignore lint/a11y/noAutofocus: renaming starts by typing the new name
          autoFocus
          onKeyDown={(e) => {
            if (e.key === "Escape") setRenaming(false);
            if (e.key !== "Enter") return;
            setRenaming(false);
            onRename(e.currentTarget.value);
          }}
        />
      ) : (
        <span className="saved-name">{s.name}</span>
      )}
      <button type="button" className="small primary" onClick={() => onRun(s.text)}>
        Run
      </button>
      <button type="button" className="small" onClick={() => onInsert(s.text)}>
        Insert
      </button>
      <button type="button" className="small" onClick={() => setRenaming(true)}>
        Rename
      </button>
      <button
        type="button"
        className="small danger"
        aria-label={`Delete ${s.name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </li>
  );
}
