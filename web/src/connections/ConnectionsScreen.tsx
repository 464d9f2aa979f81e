/** The connection chooser: saved connections on the left; a database type or the editor on the right. */
import { useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ConnectionView, DatabaseType } from "../api/types.ts";
import { navigate, type Route } from "../navigation/route.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { type Loaded, Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ConnectionEditor } from "./ConnectionEditor.tsx";
import { DatabaseTypePicker } from "./DatabaseTypePicker.tsx";

export function ConnectionsScreen({ route }: { route: Extract<Route, { screen: "connections" }> }) {
  const connections = useLoad((signal) => call(ui.connections.$get, {}, signal), []);
  const types = useLoad((signal) => call(ui.drivers.$get, {}, signal), []);
  const toasts = useToasts();
  const [removing, setRemoving] = useState<ConnectionView | null>(null);

  const remove = async (c: ConnectionView) => {
    try {
      await call(ui.connections[":id"].$delete, { param: { id: c.id } });
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
          <button
            type="button"
            className="small"
            onClick={() => navigate({ screen: "compare" })}
            title="Compare two clusters (or two indices) side by side"
          >
            Compare
          </button>
        </div>
        <Loading active={connections.loading} label="Loading connections…" />
        <ErrorNote error={connections.error} />
        {connections.data && connections.data.length === 0 ? (
          <p className="muted pad">No saved connections yet. Pick a database type to create one.</p>
        ) : null}
        <ul className="list" data-testid="connection-list">
          {connections.data?.map((c) => (
            <ConnectionItem
              key={c.id}
              connection={c}
              selected={route.edit === c.id}
              summary={connectionSummary(c, types.data)}
              onRemove={() => setRemoving(c)}
            />
          ))}
        </ul>
      </aside>
      <section className="connections-detail">
        <ConnectionDetail route={route} connections={connections} types={types} />
      </section>
      {removing ? (
        <RemoveConnectionDialog
          connection={removing}
          onCancel={() => setRemoving(null)}
          onRemove={() => remove(removing)}
        />
      ) : null}
    </div>
  );
}

/** One saved connection in the list: open it, edit it, or remove it. */
function ConnectionItem(props: {
  connection: ConnectionView;
  selected: boolean;
  summary: string;
  onRemove: () => void;
}) {
  const c = props.connection;
  return (
    <li className={props.selected ? "list-item selected" : "list-item"}>
      <button
        type="button"
        className="list-main"
        onClick={() => navigate({ screen: "data", connectionId: c.id })}
        title={`Open ${c.name}`}
      >
        <span className="list-title">{c.name}</span>
        <span className="list-sub" title={props.summary}>
          {props.summary}
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
          onClick={props.onRemove}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** The right side: the editor of a saved or a new connection, or the database types. */
function ConnectionDetail(props: {
  route: Extract<Route, { screen: "connections" }>;
  connections: Loaded<ConnectionView[]>;
  types: Loaded<DatabaseType[]>;
}) {
  const { route, connections } = props;
  if (route.edit) {
    const editing = connections.data?.find((c) => c.id === route.edit);
    if (editing)
      return (
        <ConnectionEditor
          key={editing.id}
          type={editing.type}
          existing={editing}
          onSaved={() => connections.reload()}
        />
      );
    if (connections.loading) return null;
    return (
      <ErrorNote
        error={{
          message: "This connection no longer exists.",
          remedy: "Pick another one on the left.",
          code: "not_found",
        }}
      />
    );
  }
  if (route.newType)
    return (
      <ConnectionEditor
        key={`new-${route.newType}`}
        type={route.newType}
        onSaved={(saved) => {
          connections.reload();
          navigate({ screen: "connections", edit: saved.id });
        }}
      />
    );
  return <DatabaseTypePicker types={props.types} />;
}

function RemoveConnectionDialog(props: {
  connection: ConnectionView;
  onCancel: () => void;
  onRemove: () => void;
}) {
  return (
    <Modal
      title="Remove connection"
      onClose={props.onCancel}
      footer={
        <DialogFooter
          onCancel={props.onCancel}
          action="Remove"
          onAction={props.onRemove}
          tone="danger"
        />
      }
    >
      <p>
        Remove the saved connection <strong>{props.connection.name}</strong> and its stored secrets?
        The cluster itself is not touched.
      </p>
    </Modal>
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
