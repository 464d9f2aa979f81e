/**
 * The library of saved queries (shared with the grid, the CLI and agents), beside the history:
 * searchable; Run asks for the parameters in a small form first, then runs the query as console
 * text. Files that do not read are named with their path and line; the rest still list. The
 * shared folder is set below the list.
 */
import { useState } from "react";
import { type Answer, call, ui } from "../../api/client.ts";
import { ErrorNote, useToasts } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { ParamsDialog } from "../../ui/ParamsDialog.tsx";
import { matches } from "./SavedPanel.tsx";
import { SharedFolder } from "./SharedFolder.tsx";
import { WorkPanel } from "./WorkPanel.tsx";

type Listing = Answer<(typeof ui.connections)[":id"]["queries"]["$get"]>;
export type LibraryQuery = Listing["queries"][number];
type Planned = Answer<(typeof ui.connections)[":id"]["queries"][":name"]["plan"]["$post"]>;

/** Pure: what the console runs for a planned console request or ES|QL query. */
export function consoleTextOf(planned: Planned): string | null {
  if (planned.kind === "console") return planned.text;
  if (planned.kind === "esql")
    return `POST /_query\n${JSON.stringify(
      { query: planned.query, ...(planned.params.length ? { params: planned.params } : {}) },
      null,
      2,
    )}`;
  return null;
}

/** The library panel. Long because it is its markup: search, problems, items and the form. */
export function LibraryPanel({
  connectionId,
  onRun,
  onInsert,
}: {
  connectionId: string;
  onRun: (text: string) => void;
  onInsert: (text: string) => void;
}) {
  const toasts = useToasts();
  const [version, setVersion] = useState(0);
  const [query, setQuery] = useState("");
  const [asking, setAsking] = useState<{ q: LibraryQuery; insert: boolean } | null>(null);
  const listing = useLoad(
    (signal) => call(ui.connections[":id"].queries.$get, { param: { id: connectionId } }, signal),
    [connectionId, version],
  );
  const shown = (listing.data?.queries ?? []).filter(
    (q) => q.kind !== "view" && matches(query, q.name, q.description, q.text),
  );
  const plan = async (q: LibraryQuery, params: Record<string, string>) => {
    const planned = await call(ui.connections[":id"].queries[":name"].plan.$post, {
      param: { id: connectionId, name: q.name },
      json: { params },
    });
    return consoleTextOf(planned) ?? "";
  };
  const start = (q: LibraryQuery, insert: boolean) => {
    if (q.params.length > 0) setAsking({ q, insert });
    else void plan(q, {}).then((text) => (insert ? onInsert(text) : onRun(text)), toasts.error);
  };
  return (
    <WorkPanel
      title="Library"
      testId="library-panel"
      search={{
        placeholder: "Search the library (name, description, text)",
        label: "Search the library",
        value: query,
        onChange: setQuery,
      }}
    >
      <Loading active={listing.loading} label="Loading the library…" />
      <ErrorNote error={listing.error} />
      {(listing.data?.problems ?? []).map((p) => (
        <p key={p.path} className="error-text" data-testid="library-problem">
          {p.message}
        </p>
      ))}
      {listing.data && shown.length === 0 ? (
        <p className="muted">
          {query
            ? "No saved query matches."
            : "None yet: put the cursor on a request and press Save as…"}
        </p>
      ) : null}
      <ul>
        {shown.map((q) => (
          <li
            key={q.name}
            className="saved-item"
            data-testid="library-item"
            title={q.description || q.text}
          >
            <span className="saved-name">
              {q.name}
              {q.params.length ? (
                <span className="muted"> ({q.params.map((p) => p.name).join(", ")})</span>
              ) : null}
              {q.runsHere ? null : <span className="muted"> · not for this connection</span>}
            </span>
            <button
              type="button"
              className="small primary"
              disabled={!q.runsHere}
              onClick={() => start(q, false)}
            >
              Run
            </button>
            <button type="button" className="small" onClick={() => start(q, true)}>
              Insert
            </button>
            <button
              type="button"
              className="small danger"
              aria-label={`Delete ${q.name}`}
              onClick={() =>
                void call(ui.connections[":id"].queries[":name"].$delete, {
                  param: { id: connectionId, name: q.name },
                }).then(() => setVersion((v) => v + 1), toasts.error)
              }
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <SharedFolder onChanged={() => setVersion((v) => v + 1)} />
      {asking ? (
        <ParamsDialog
          query={asking.q}
          action={asking.insert ? "Insert" : "Run"}
          onSubmit={async (params) => {
            const text = await plan(asking.q, params);
            setAsking(null);
            if (asking.insert) onInsert(text);
            else onRun(text);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </WorkPanel>
  );
}
