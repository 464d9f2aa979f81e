/**
 * The cluster's users, with "New user…" and, on each user that is not built in, "Edit…",
 * "Password…", "Disable…" or "Enable…", and "Delete…" (each a dialog: dialogs.tsx).
 */
import type { UserInfo } from "../../../../src/core/cluster-security.ts";
import { Actions } from "../AdminTable.tsx";
import type { OpenDialog } from "./dialogs.tsx";
import { ConfirmButton, OpenButton, SecurityList } from "./list-parts.tsx";

export function Users({ users, open }: { users: UserInfo[]; open: OpenDialog }) {
  return (
    <SecurityList
      title="Users"
      create={{ label: "New user…", open: () => open({ kind: "user" }) }}
      testId="users-list"
      columns={["Name", "Roles", "State", ""]}
      count={users.length}
      empty="No users."
    >
      {users.map((u) => (
        <tr key={u.name} data-user={u.name}>
          <td>
            <code>{u.name}</code>
          </td>
          <td>{u.roles.join(", ")}</td>
          <td>
            {u.enabled ? "enabled" : <span className="muted">(disabled)</span>}
            {u.reserved ? <span className="muted"> · built in</span> : null}
          </td>
          <Actions>{u.reserved ? null : <UserButtons user={u} open={open} />}</Actions>
        </tr>
      ))}
    </SecurityList>
  );
}

function UserButtons({ user, open }: { user: UserInfo; open: OpenDialog }) {
  const name = user.name;
  const change = user.enabled ? "Disable" : "Enable";
  return (
    <>
      <OpenButton label="Edit…" open={open} dialog={{ kind: "user", user }} />
      <OpenButton label="Password…" open={open} dialog={{ kind: "password", name }} />
      <ConfirmButton
        label={`${change}…`}
        title={`${change} user ${name}`}
        input={{ action: "user-enable", name, enabled: !user.enabled }}
        open={open}
      />
      <ConfirmButton
        label="Delete…"
        title={`Delete user ${name}`}
        input={{ action: "user-delete", name }}
        open={open}
      />
    </>
  );
}
