/**
 * The one history, beside the library: the requests of this connection, or of every one, from the
 * UI, the CLI and agents (by token), searched on the server by words, connection, surface and time
 * (GET /history, the rule `quarry history` follows). Picking an entry adds it to the editor; any entry, an agent's
 * too, can be saved as a query of its own connection.
 */
import { useDeferredValue, useState } from "react";
import { consoleText } from "../../../../src/core/console.ts";
import { type Answer, call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { SaveQueryDialog } from "./SaveQueryDialog.tsx";
import { WorkPanel } from "./WorkPanel.tsx";

type Found = Answer<typeof ui.history.$get>;
type Entry = Found["entries"][number];

/** Pure: the label of a surface in the filter (`mcp:ci` is the agent with the token ci). */
export function surfaceLabel(surface: string): string {
  if (surface === "ui") return "UI";
  if (surface === "cli") return "CLI";
  if (surface === "mcp") return "Agents (any token)";
  return surface.startsWith("mcp:") ? `Agent: token ${surface.slice(4)}` : surface;
}

/** A `datetime-local` value as the API's ISO time (the page's time zone), or none. */
function isoOf(local: string): string | undefined {
  const t = local ? new Date(local) : undefined;
  return t && !Number.isNaN(t.getTime()) ? t.toISOString() : undefined;
}

/** Long because it is its markup: the four filters, the entries and the save dialog. */
export function HistoryPanel({
  connectionId,
  onPick,
}: {
  connectionId: string;
  onPick: (text: string) => void;
}) {
  const [text, setText] = useState("");
  const words = useDeferredValue(text);
  // This connection's first, as the console's history always was; every one a choice away.
  const [connection, setConnection] = useState(connectionId);
  const [surface, setSurface] = useState("");
  const [since, setSince] = useState("");
  const [until, setUntil] = useState("");
  const connections = useLoad((signal) => call(ui.connections.$get, {}, signal), []);
  const found = useLoad(
    (signal) => {
      const from = isoOf(since);
      const to = isoOf(until);
      return call(
        ui.history.$get,
        {
          query: {
            ...(words.trim() ? { text: words } : {}),
            ...(connection ? { connection } : {}),
            ...(surface ? { surface } : {}),
            ...(from ? { since: from } : {}),
            ...(to ? { until: to } : {}),
          },
        },
        signal,
      );
    },
    [words, connection, surface, since, until],
  );
  const [saving, setSaving] = useState<Entry | null>(null);
  const filtered = Boolean(words.trim() || surface || since || until);
  const surfaces = found.data?.surfaces ?? [];
  return (
    <WorkPanel
      title="History"
      testId="history-panel"
      search={{
        placeholder: "Search history (method, path, body, status, connection)",
        label: "Search history",
        value: text,
        onChange: setText,
      }}
    >
      <div className="history-filters">
        <ChoiceFilter
          name="History of connection"
          value={connection}
          onChange={setConnection}
          any="All connections"
          choices={(connections.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.name}${c.id === connectionId ? " (this one)" : ""}`,
          }))}
        />
        <ChoiceFilter
          name="History from surface"
          value={surface}
          onChange={setSurface}
          any="Every surface"
          choices={["ui", "cli", "mcp", ...surfaces.filter((s) => s.startsWith("mcp:"))].map(
            (s) => ({ value: s, label: surfaceLabel(s) }),
          )}
        />
        <TimeFilter label="From" name="History from time" value={since} onChange={setSince} />
        <TimeFilter label="Until" name="History until time" value={until} onChange={setUntil} />
      </div>
      <Loading active={found.loading} label="Loading history…" />
      <ErrorNote error={found.error} />
      {found.data?.entries.length === 0 ? (
        <p className="muted">
          {filtered
            ? "No request in the history matches."
            : connection
              ? `No requests run on ${connection === connectionId ? "this" : "that"} connection yet.`
              : "No requests run yet."}
        </p>
      ) : null}
      <ul className="history-list">
        {(found.data?.entries ?? []).map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the entries of one answer, newest first
          <li key={i}>
            <button
              type="button"
              className="history-item"
              data-testid="history-item"
              onClick={() => onPick(consoleText(h.request))}
            >
              <code>
                {h.request.method} {h.request.path}
              </code>
              <span className="muted">
                {h.status ?? "—"} · {new Date(h.at).toLocaleString()}
                {h.surface ? ` · ${h.surface}` : ""} · {h.connectionName ?? "a removed connection"}
                {h.bodyCut
                  ? ` · body cut${h.bodyCut.chars ? ` (${h.bodyCut.chars.toLocaleString()} characters)` : ""}`
                  : ""}
              </span>
            </button>
            <button
              type="button"
              className="small"
              aria-label={`Save ${h.request.method} ${h.request.path} as query`}
              disabled={h.connectionName === null || h.bodyCut !== undefined}
              title={
                h.bodyCut
                  ? "Its body was cut when it was kept: save the request from where it was written"
                  : h.connectionName === null
                    ? "Its connection is no longer saved"
                    : undefined
              }
              onClick={() => setSaving(h)}
            >
              Save as query
            </button>
          </li>
        ))}
      </ul>
      {found.data?.more ? (
        <p className="muted">{found.data.more} more match: narrow the search to see them.</p>
      ) : null}
      {saving !== null ? (
        <SaveQueryDialog
          connectionId={saving.connection}
          kind="console"
          text={consoleText(saving.request)}
          onClose={() => setSaving(null)}
          onSaved={() => setSaving(null)}
        />
      ) : null}
    </WorkPanel>
  );
}

/** One end of the time the history is searched in, as a local date and time. */
function TimeFilter(props: {
  label: string;
  /** Its name for screen readers. */
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="datetime-local"
        className="history-filter"
        aria-label={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** A choice the history is narrowed by, with "any" first (the empty value). */
function ChoiceFilter(props: {
  /** Its name for screen readers. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  any: string;
  choices: { value: string; label: string }[];
}) {
  return (
    <select
      className="history-filter"
      aria-label={props.name}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">{props.any}</option>
      {props.choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
