/**
 * The cluster's role mappings: the roles each grants and whether it is on, with "Edit…" and
 * "Delete…"; and "New role mapping…".
 */
import type { RoleMappingInfo } from "../../../../src/core/cluster-security.ts";
import { Actions } from "../AdminTable.tsx";
import type { OpenDialog } from "./dialogs.tsx";
import { ConfirmButton, OpenButton, SecurityList } from "./list-parts.tsx";

export function RoleMappings({
  mappings,
  open,
}: {
  mappings: RoleMappingInfo[];
  open: OpenDialog;
}) {
  return (
    <SecurityList
      title="Role mappings"
      create={{ label: "New role mapping…", open: () => open({ kind: "mapping" }) }}
      testId="role-mappings-list"
      columns={["Name", "Grants", "State", ""]}
      count={mappings.length}
      empty="No role mappings."
    >
      {mappings.map((m) => (
        <tr key={m.name} data-mapping={m.name}>
          <td>
            <code>{m.name}</code>
          </td>
          <td>grants {m.roles.join(", ") || "(none)"}</td>
          <td>{m.enabled ? "enabled" : <span className="muted">(disabled)</span>}</td>
          <Actions>
            <OpenButton label="Edit…" open={open} dialog={{ kind: "mapping", mapping: m }} />
            <ConfirmButton
              label="Delete…"
              title={`Delete role mapping ${m.name}`}
              input={{ action: "role-mapping-delete", name: m.name }}
              open={open}
            />
          </Actions>
        </tr>
      ))}
    </SecurityList>
  );
}
