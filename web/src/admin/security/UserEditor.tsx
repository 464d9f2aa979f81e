/**
 * A user created or changed: name, password (sent, never shown back), roles chosen among the
 * cluster's, full name and email; the exact request shown with the password hidden, and the
 * user's name typed before it is sent (docs/decisions.md, "Security administration").
 */
import { useState } from "react";
import type { RoleInfo, UserInfo } from "../../../../src/core/cluster-security.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { Checkbox } from "../Checkbox.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { PasswordField } from "./password-field.tsx";

export function UserEditor({
  connectionId,
  roles,
  user,
  onClose,
}: {
  connectionId: string;
  roles: RoleInfo[];
  /** The user to change; none: a new one. */
  user?: UserInfo;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState(user?.name ?? "");
  const [password, setPassword] = useState("");
  const [chosen, setChosen] = useState<string[]>(user?.roles ?? []);
  const [fullName, setFullName] = useState(user?.fullName ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const toggle = (role: string, on: boolean) =>
    setChosen((now) => (on ? [...now, role] : now.filter((r) => r !== role)));
  return (
    <AdminDialog
      title={user ? `Edit user ${user.name}` : "New user"}
      action={action}
      onClose={onClose}
      input={() =>
        name.trim()
          ? {
              action: "user-save",
              mode: user ? "replace" : "create",
              user: {
                name: name.trim(),
                roles: chosen,
                ...(password ? { password } : {}),
                ...(fullName ? { fullName } : {}),
                ...(email ? { email } : {}),
              },
            }
          : null
      }
      form={
        <>
          <label>
            User name
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={user !== undefined}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <PasswordField
            label={user ? "New password (empty: keep it)" : "Password"}
            value={password}
            onChange={setPassword}
          />
          <label>
            Full name
            <input value={fullName} onChange={(e) => setFullName(e.target.value)} />
          </label>
          <label>
            Email
            <input value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <RoleChoices roles={roles} chosen={chosen} toggle={toggle} />
        </>
      }
    />
  );
}

function RoleChoices({
  roles,
  chosen,
  toggle,
}: {
  roles: RoleInfo[];
  chosen: string[];
  toggle: (role: string, on: boolean) => void;
}) {
  return (
    <fieldset className="admin-roles">
      <legend>Roles</legend>
      {roles.map((r) => (
        <Checkbox
          key={r.name}
          checked={chosen.includes(r.name)}
          onChange={(c) => toggle(r.name, c)}
        >
          {r.name}
        </Checkbox>
      ))}
    </fieldset>
  );
}
