/**
 * A role created or changed (docs/decisions.md, "Security in the UI"): as a form (cluster
 * privileges, then index privilege entries, each index names and privileges, comma-separated) or
 * as JSON in the cluster's own words; switching carries what was typed across. A role with more
 * than the form shows (run-as, field or document security) opens in JSON. The exact request is
 * shown and the role's name typed before it is sent.
 */
import { useState } from "react";
import type { RoleInfo, TablePrivileges } from "../../../../src/core/cluster-security.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import {
  type Entry,
  entriesOf,
  formOf,
  jsonOnlyDefinition,
  list,
  parsedObject,
  roleBody,
} from "./role-form.ts";

/** Long because it holds both modes, form and JSON, and carries what was typed between them. */
export function RoleEditor({
  connectionId,
  role,
  onClose,
}: {
  connectionId: string;
  /** The role to change; none: a new one. */
  role?: RoleInfo;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState(role?.name ?? "");
  const [cluster, setCluster] = useState((role?.cluster ?? []).join(", "));
  const [entries, setEntries] = useState<Entry[]>(entriesOf(role?.tables ?? []));
  const [json, setJson] = useState<string | null>(() => jsonOnlyDefinition(role?.definition));
  const [problem, setProblem] = useState<string | null>(null);
  const tables = (): TablePrivileges[] =>
    entries
      .map((e) => ({ names: list(e.names), privileges: list(e.privileges) }))
      .filter((t) => t.names.length > 0);
  const toJson = () => setJson(JSON.stringify(roleBody(list(cluster), tables()), null, 2));
  const toForm = () => {
    const parsed = parsedObject(json ?? "");
    if (typeof parsed === "string") return setProblem(parsed);
    const form = formOf(parsed);
    setCluster(form.cluster.join(", "));
    setEntries(entriesOf(form.tables));
    setProblem(null);
    setJson(null);
  };
  return (
    <AdminDialog
      title={role ? `Edit role ${role.name}` : "New role"}
      action={action}
      onClose={onClose}
      input={() => {
        if (!name.trim()) return null;
        if (json === null)
          return {
            action: "role-save",
            name: name.trim(),
            cluster: list(cluster),
            tables: tables(),
          };
        const parsed = parsedObject(json);
        if (typeof parsed === "string") {
          setProblem(parsed);
          return null;
        }
        setProblem(null);
        return { action: "role-save", name: name.trim(), definition: parsed };
      }}
      form={
        <>
          <label>
            Role name
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={role !== undefined}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <div className="admin-mode">
            <button type="button" className="small" disabled={json === null} onClick={toForm}>
              Form
            </button>{" "}
            <button type="button" className="small" disabled={json !== null} onClick={toJson}>
              JSON
            </button>
          </div>
          {json === null ? (
            <RoleFormFields
              cluster={cluster}
              setCluster={setCluster}
              entries={entries}
              setEntries={setEntries}
            />
          ) : (
            <label>
              The role as JSON
              <textarea
                value={json}
                onChange={(e) => setJson(e.target.value)}
                rows={14}
                spellCheck={false}
                aria-label="The role as JSON"
                data-testid="role-json"
              />
            </label>
          )}
          {problem ? <p className="error-text">{problem}</p> : null}
        </>
      }
    />
  );
}

/** The form: cluster privileges, then each index privileges entry, added and removed. */
function RoleFormFields({
  cluster,
  setCluster,
  entries,
  setEntries,
}: {
  cluster: string;
  setCluster: (text: string) => void;
  entries: Entry[];
  setEntries: (update: (all: Entry[]) => Entry[]) => void;
}) {
  const setEntry = (i: number, next: Partial<Entry>) =>
    setEntries((all) => all.map((e, j) => (j === i ? { ...e, ...next } : e)));
  return (
    <>
      <label>
        Cluster privileges (comma-separated, e.g. monitor)
        <input value={cluster} onChange={(e) => setCluster(e.target.value)} spellCheck={false} />
      </label>
      {entries.map((e, i) => (
        <fieldset key={e.key} className="admin-roles" aria-label={`Index privileges ${i + 1}`}>
          <legend>Index privileges {i + 1}</legend>
          <label>
            Indices (names or patterns)
            <input
              value={e.names}
              onChange={(v) => setEntry(i, { names: v.target.value })}
              spellCheck={false}
            />
          </label>
          <label>
            Privileges (e.g. read, view_index_metadata)
            <input
              value={e.privileges}
              onChange={(v) => setEntry(i, { privileges: v.target.value })}
              spellCheck={false}
            />
          </label>
          <button
            type="button"
            className="small"
            onClick={() => setEntries((all) => all.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="small"
        onClick={() => setEntries((all) => [...all, ...entriesOf([{ names: [], privileges: [] }])])}
      >
        Add index privileges
      </button>
    </>
  );
}
