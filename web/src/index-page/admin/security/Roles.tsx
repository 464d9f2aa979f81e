/**
 * The cluster's own roles (the built-in ones counted, not listed: they cannot be changed), each
 * with its cluster privileges and index privileges, "Edit…" and "Delete…"; and "New role…".
 */
import type { RoleInfo } from "../../../../../src/core/cluster-security.ts";
import type { OpenDialog } from "./dialogs.tsx";

export function Roles({ roles, open }: { roles: RoleInfo[]; open: OpenDialog }) {
  const own = roles.filter((r) => !r.reserved);
  const builtIn = roles.length - own.length;
  return (
    <section className="index-objects" aria-label="Roles">
      <h3>
        Roles{" "}
        <button type="button" className="small" onClick={() => open({ kind: "role" })}>
          New role…
        </button>
      </h3>
      <ul data-testid="roles-list">
        {own.map((r) => (
          <li key={r.name} data-role={r.name}>
            <code>{r.name}</code>{" "}
            <span className="muted">
              {[
                r.cluster.length > 0 ? `cluster: ${r.cluster.join(", ")}` : "",
                ...r.tables.map((t) => `${t.names.join(", ")}: ${t.privileges.join(", ")}`),
              ]
                .filter(Boolean)
                .join("; ")}
            </span>{" "}
            <button type="button" className="small" onClick={() => open({ kind: "role", role: r })}>
              Edit…
            </button>{" "}
            <button
              type="button"
              className="small"
              onClick={() =>
                open({
                  kind: "confirm",
                  title: `Delete role ${r.name}`,
                  input: { action: "role-delete", name: r.name },
                })
              }
            >
              Delete…
            </button>
          </li>
        ))}
      </ul>
      {builtIn > 0 ? (
        <p className="muted">and {builtIn} built-in roles, which cannot be changed</p>
      ) : null}
    </section>
  );
}
