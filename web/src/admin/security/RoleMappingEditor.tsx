/**
 * A role mapping created or changed: its name, the roles it grants (chosen among the cluster's),
 * its rules as JSON in the cluster's words (which users it matches), and whether it is on; the
 * exact request shown and the mapping's name typed before it is sent.
 */
import { useState } from "react";
import type { RoleInfo, RoleMappingInfo } from "../../../../src/core/cluster-security.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { Checkbox } from "../Checkbox.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { list, parsedObject } from "./role-form.ts";

/** Rules for a new mapping: one user by name, to be edited. */
const EXAMPLE_RULES = { field: { username: "someone" } };

/** Long because it is one form of four labelled fields and their check. */
export function RoleMappingEditor({
  connectionId,
  roles,
  mapping,
  onClose,
}: {
  connectionId: string;
  roles: RoleInfo[];
  mapping?: RoleMappingInfo;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState(mapping?.name ?? "");
  const [granted, setGranted] = useState((mapping?.roles ?? []).join(", "));
  const [rules, setRules] = useState(JSON.stringify(mapping?.rules ?? EXAMPLE_RULES, null, 2));
  const [enabled, setEnabled] = useState(mapping?.enabled ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <AdminDialog
      title={mapping ? `Edit role mapping ${mapping.name}` : "New role mapping"}
      action={action}
      onClose={onClose}
      input={() => {
        const parsed = parsedObject(rules);
        setProblem(typeof parsed === "string" ? parsed.replace("The role", "The rules") : null);
        if (!name.trim() || typeof parsed === "string") return null;
        return {
          action: "role-mapping-save",
          name: name.trim(),
          roles: list(granted),
          rules: parsed,
          enabled,
        };
      }}
      form={
        <>
          <label>
            Role mapping name
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={mapping !== undefined}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <label>
            Roles it grants (comma-separated)
            <input
              value={granted}
              onChange={(e) => setGranted(e.target.value)}
              spellCheck={false}
              list="security-role-names"
            />
            <datalist id="security-role-names">
              {roles.map((r) => (
                <option key={r.name} value={r.name} />
              ))}
            </datalist>
          </label>
          <label>
            Rules (JSON: which users it matches)
            <textarea
              value={rules}
              onChange={(e) => setRules(e.target.value)}
              rows={6}
              spellCheck={false}
              aria-label="Rules"
            />
          </label>
          <Checkbox checked={enabled} onChange={setEnabled}>
            Enabled
          </Checkbox>
          {problem ? <p className="error-text">{problem}</p> : null}
        </>
      }
    />
  );
}
