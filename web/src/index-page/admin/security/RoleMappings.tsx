/**
 * The cluster's role mappings: the roles each grants and whether it is on, with "Edit…" and
 * "Delete…"; and "New role mapping…".
 */
import type { RoleMappingInfo } from "../../../../../src/core/cluster-security.ts";
import type { OpenDialog } from "./dialogs.tsx";

export function RoleMappings({
  mappings,
  open,
}: {
  mappings: RoleMappingInfo[];
  open: OpenDialog;
}) {
  return (
    <section className="index-objects" aria-label="Role mappings">
      <h3>
        Role mappings{" "}
        <button type="button" className="small" onClick={() => open({ kind: "mapping" })}>
          New role mapping…
        </button>
      </h3>
      <ul data-testid="role-mappings-list">
        {mappings.map((m) => (
          <li key={m.name} data-mapping={m.name}>
            <code>{m.name}</code>{" "}
            <span className="muted">grants {m.roles.join(", ") || "(none)"}</span>
            {m.enabled ? null : <span className="muted"> (disabled)</span>}{" "}
            <button
              type="button"
              className="small"
              onClick={() => open({ kind: "mapping", mapping: m })}
            >
              Edit…
            </button>{" "}
            <button
              type="button"
              className="small"
              onClick={() =>
                open({
                  kind: "confirm",
                  title: `Delete role mapping ${m.name}`,
                  input: { action: "role-mapping-delete", name: m.name },
                })
              }
            >
              Delete…
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
