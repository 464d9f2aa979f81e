/**
 * Restoring a snapshot (docs/decisions.md, "Cluster administration"): which of its indices, an
 * optional rename (pattern and replacement, as the cluster applies them), global state or not;
 * the exact requests shown; a restore over existing indices asks for their names typed.
 */
import { useState } from "react";
import { AdminDialog } from "./AdminDialog.tsx";
import { Checkbox } from "./Checkbox.tsx";
import { useAdminAction } from "./use-admin-action.ts";

export function RestoreDialog({
  connectionId,
  repository,
  snapshot,
  indices,
  onClose,
}: {
  connectionId: string;
  repository: string;
  snapshot: string;
  indices: string[];
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [chosen, setChosen] = useState(indices.join(","));
  const [pattern, setPattern] = useState("(.+)");
  const [replacement, setReplacement] = useState("restored-$1");
  const [rename, setRename] = useState(true);
  const [globalState, setGlobalState] = useState(false);
  const list = (v: string) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return (
    <AdminDialog
      title={`Restore snapshot ${snapshot}`}
      action={action}
      onClose={onClose}
      input={() => ({
        action: "backup-restore",
        repository,
        backup: snapshot,
        tables: list(chosen),
        ...(rename ? { renamePattern: pattern, renameReplacement: replacement } : {}),
        ...(globalState ? { includeGlobalState: true } : {}),
      })}
      form={
        <>
          <label>
            Indices (names or patterns, comma-separated)
            <input value={chosen} onChange={(e) => setChosen(e.target.value)} spellCheck={false} />
          </label>
          <Checkbox checked={rename} onChange={setRename}>
            Restore under new names
          </Checkbox>
          {rename ? (
            <>
              <label>
                Rename pattern
                <input
                  value={pattern}
                  onChange={(e) => setPattern(e.target.value)}
                  spellCheck={false}
                />
              </label>
              <label>
                Rename replacement
                <input
                  value={replacement}
                  onChange={(e) => setReplacement(e.target.value)}
                  spellCheck={false}
                />
              </label>
            </>
          ) : null}
          <Checkbox checked={globalState} onChange={setGlobalState}>
            Restore the cluster's global state too
          </Checkbox>
        </>
      }
    />
  );
}
