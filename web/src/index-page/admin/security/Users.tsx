/**
 * The cluster's users, with "New user…" and, on each user that is not built in, "Edit…",
 * "Password…", "Disable…" or "Enable…", and "Delete…" (each a dialog: dialogs.tsx).
 */
import type { UserInfo } from "../../../../../src/core/cluster-security.ts";
import type { OpenDialog } from "./dialogs.tsx";

export function Users({ users, open }: { users: UserInfo[]; open: OpenDialog }) {
  return (
    <section className="index-objects" aria-label="Users">
      <h3>
        Users{" "}
        <button type="button" className="small" onClick={() => open({ kind: "user" })}>
          New user…
        </button>
      </h3>
      <ul data-testid="users-list">
        {users.map((u) => (
          <li key={u.name} data-user={u.name}>
            <code>{u.name}</code> <span className="muted">{u.roles.join(", ")}</span>
            {u.enabled ? null : <span className="muted"> (disabled)</span>}{" "}
            {u.reserved ? null : <UserButtons user={u} open={open} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UserButtons({ user, open }: { user: UserInfo; open: OpenDialog }) {
  const name = user.name;
  return (
    <>
      <button type="button" className="small" onClick={() => open({ kind: "user", user })}>
        Edit…
      </button>{" "}
      <button type="button" className="small" onClick={() => open({ kind: "password", name })}>
        Password…
      </button>{" "}
      <button
        type="button"
        className="small"
        onClick={() =>
          open({
            kind: "confirm",
            title: `${user.enabled ? "Disable" : "Enable"} user ${name}`,
            input: { action: "user-enable", name, enabled: !user.enabled },
          })
        }
      >
        {user.enabled ? "Disable…" : "Enable…"}
      </button>{" "}
      <button
        type="button"
        className="small"
        onClick={() =>
          open({
            kind: "confirm",
            title: `Delete user ${name}`,
            input: { action: "user-delete", name },
          })
        }
      >
        Delete…
      </button>
    </>
  );
}
