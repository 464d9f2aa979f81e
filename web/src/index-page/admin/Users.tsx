/**
 * The connection's users, on a cluster with security on (the page says when it has none), with
 * "New user…" and "Edit…" opening the user editor.
 */
import { useState } from "react";
import type { UserInfo } from "../../../../src/core/cluster-security.ts";
import { call, ui } from "../../api/client.ts";
import { shownError } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { UserEditor } from "./UserEditor.tsx";

export function Users({ connectionId }: { connectionId: string }) {
  const loaded = useLoad(
    async (signal) => {
      const [u, r] = await Promise.all([
        call(ui.connections[":id"].admin.users.$get, { param: { id: connectionId } }, signal),
        call(ui.connections[":id"].admin.roles.$get, { param: { id: connectionId } }, signal),
      ]);
      return { users: u.users, roles: r.roles };
    },
    [connectionId],
  );
  const [editing, setEditing] = useState<{ user?: UserInfo } | null>(null);
  return (
    <section className="index-objects" aria-label="Users">
      <h3>
        Users{" "}
        {loaded.data ? (
          <button type="button" className="small" onClick={() => setEditing({})}>
            New user…
          </button>
        ) : null}
      </h3>
      <Loading active={loaded.loading} label="Loading…" />
      {loaded.error ? <p className="muted">{shownError(loaded.error).message}</p> : null}
      {loaded.data ? (
        <ul data-testid="users-list">
          {loaded.data.users.map((u) => (
            <li key={u.name}>
              <code>{u.name}</code> <span className="muted">{u.roles.join(", ")}</span>
              {u.enabled ? null : <span className="muted"> (disabled)</span>}{" "}
              {u.reserved ? null : (
                <button type="button" className="small" onClick={() => setEditing({ user: u })}>
                  Edit…
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {editing && loaded.data ? (
        <UserEditor
          connectionId={connectionId}
          roles={loaded.data.roles}
          {...(editing.user ? { user: editing.user } : {})}
          onClose={() => {
            setEditing(null);
            loaded.reload();
          }}
        />
      ) : null}
    </section>
  );
}
