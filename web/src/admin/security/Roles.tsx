/**
 * The cluster's own roles (the built-in ones counted, not listed: they cannot be changed), each
 * with its cluster privileges and index privileges, "Edit…" and "Delete…"; and "New role…".
 */
import type { RoleInfo } from "../../../../src/core/cluster-security.ts";
import { Actions } from "../AdminTable.tsx";
import type { OpenDialog } from "./dialogs.tsx";
import { ConfirmButton, OpenButton, SecurityList } from "./list-parts.tsx";

/** A role's privileges in one line: "cluster: monitor; logs-*: read, view_index_metadata". */
function privileges(r: RoleInfo): string {
  return [
    r.cluster.length > 0 ? `cluster: ${r.cluster.join(", ")}` : "",
    ...r.tables.map((t) => `${t.names.join(", ")}: ${t.privileges.join(", ")}`),
  ]
    .filter(Boolean)
    .join("; ");
}

export function Roles({ roles, open }: { roles: RoleInfo[]; open: OpenDialog }) {
  const own = roles.filter((r) => !r.reserved);
  const builtIn = roles.length - own.length;
  return (
    <SecurityList
      title="Roles"
      create={{ label: "New role…", open: () => open({ kind: "role" }) }}
      testId="roles-list"
      columns={["Name", "Privileges", ""]}
      count={own.length}
      empty="No roles of this cluster's own."
      {...(builtIn > 0 ? { note: `and ${builtIn} built-in roles, which cannot be changed` } : {})}
    >
      {own.map((r) => (
        <tr key={r.name} data-role={r.name}>
          <td>
            <code>{r.name}</code>
          </td>
          <td>{privileges(r)}</td>
          <Actions>
            <OpenButton label="Edit…" open={open} dialog={{ kind: "role", role: r }} />
            <ConfirmButton
              label="Delete…"
              title={`Delete role ${r.name}`}
              input={{ action: "role-delete", name: r.name }}
              open={open}
            />
          </Actions>
        </tr>
      ))}
    </SecurityList>
  );
}
