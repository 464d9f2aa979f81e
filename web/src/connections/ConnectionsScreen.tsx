/** The connection chooser: saved connections on the left; a database type or the editor on the right. */
import { useState } from "react";
import { del, get, seg } from "../api/client.ts";
import type { ConnectionView, DatabaseType } from "../api/types.ts";
import { navigate, type Route } from "../shell/route.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ConnectionEditor } from "./ConnectionEditor.tsx";
import { DatabaseTypePicker } from "./DatabaseTypePicker.tsx";

export function ConnectionsScreen({ route }: { route: Extract<Route, { screen: "connections" }> }) {
  const connections = useLoad((signal) => get<ConnectionView[]>("/connections", { signal }), []);
  const types = useLoad((signal) => get<DatabaseType[]>("/drivers", { signal }), []);
  const toasts = useToasts();
  const [removing, setRemoving] = useState<ConnectionView | null>(null);
  const editing = route.edit ? connections.data?.find((c) => c.id === route.edit) : undefined;

  const remove = async (c: ConnectionView) => {
    try {
      await del(`/connections/${seg(c.id)}`);
      toasts.success(`Connection "${c.name}" removed.`);
      setRemoving(null);
      connections.reload();
      if (route.edit === c.id) navigate({ screen: "connections" });
    } catch (e) {
      toasts.error(e);
    }
  };

  return (
    <div className="connections-screen">
      <aside className="connections-list" aria-label="Saved connections">
        <div className="pane-header">
          <h2>Connections</h2>
          <button
            type="button"
            className="primary small"
            onClick={() => navigate({ screen: "connections" })}
            title="Choose a database type for a new connection"
          >
            New
          </button>
        </div>
        <Loading active={connections.loading} label="Loading connections…" />
        <ErrorNote error={connections.error} />
        {connections.data && connections.data.length === 0 ? (
          <p className="muted pad">No saved connections yet. Pick a database type to create one.</p>
        ) : null}
        <ul className="list" data-testid="connection-list">
          {connections.data?.map((c) => (
            <li key={c.id} className={route.edit === c.id ? "list-item selected" : "list-item"}>
              <button
                type="button"
                className="list-main"
                onClick={() => navigate({ screen: "data", connectionId: c.id })}
                title={`Open ${c.name}`}
              >
                <span className="list-title">{c.name}</span>
                <span className="list-sub" title={connectionSummary(c, types.data)}>
                  {connectionSummary(c, types.data)}
                </span>
              </button>
              <div className="list-actions">
                <button
                  type="button"
                  className="small"
                  aria-label={`Edit ${c.name}`}
                  onClick={() => navigate({ screen: "connections", edit: c.id })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="small danger-text"
                  aria-label={`Remove ${c.name}`}
                  onClick={() => setRemoving(c)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      </aside>
      <section className="connections-detail">
        {route.edit ? (
          editing ? (
            <ConnectionEditor
              key={editing.id}
              type={editing.type}
              existing={editing}
              onSaved={() => connections.reload()}
            />
          ) : connections.loading ? null : (
            <ErrorNote
              error={{
                message: "This connection no longer exists.",
                remedy: "Pick another one on the left.",
                code: "not_found",
              }}
            />
          )
        ) : route.newType ? (
          <ConnectionEditor
            key={`new-${route.newType}`}
            type={route.newType}
            onSaved={(saved) => {
              connections.reload();
              navigate({ screen: "connections", edit: saved.id });
            }}
          />
        ) : (
          <DatabaseTypePicker types={types} />
        )}
      </section>
      {removing ? (
        <Modal
          title="Remove connection"
          onClose={() => setRemoving(null)}
          footer={
            <>
              <button type="button" onClick={() => setRemoving(null)}>
                Cancel
              </button>
              <button type="button" className="danger" onClick={() => remove(removing)}>
                Remove
              </button>
            </>
          }
        >
          <p>
            Remove the saved connection <strong>{removing.name}</strong> and its stored secrets? The
            cluster itself is not touched.
          </p>
        </Modal>
      ) : null}
    </div>
  );
}

function typeName(types: DatabaseType[] | undefined, type: string): string {
  return types?.find((t) => t.type === type)?.displayName ?? type;
}

/** Where a connection points first (what tells two connections apart), then its type. */
function connectionSummary(c: ConnectionView, types: DatabaseType[] | undefined): string {
  const endpoint = `${String(c.settings.host ?? "")}:${String(c.settings.port ?? "")}`;
  const driver = c.driverInstalled ? "" : " · driver not installed";
  return `${endpoint} · ${typeName(types, c.type)}${driver}`;
}
