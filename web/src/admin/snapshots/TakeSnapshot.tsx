/**
 * Taking a snapshot into a repository: its name, the indices (names or patterns; none: every
 * index), the cluster's global state or not; the request is sent without waiting for the
 * snapshot, whose progress is then followed until the cluster says it is done.
 */
import { useState } from "react";
import { AdminDialog } from "../AdminDialog.tsx";
import { Checkbox } from "../Checkbox.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { SnapshotDetail } from "./SnapshotDetail.tsx";

export function TakeSnapshot({
  connectionId,
  repository,
  onDone,
  onClose,
}: {
  connectionId: string;
  repository: string;
  /** Called once the snapshot is no longer running, so the lists show it as it ended. */
  onDone: () => void;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState("");
  const [indices, setIndices] = useState("");
  const [globalState, setGlobalState] = useState(false);
  const taken = name.trim();
  return (
    <AdminDialog
      title={`Take snapshot into ${repository}`}
      action={action}
      onClose={onClose}
      input={() => ({
        action: "backup-create",
        repository,
        backup: taken,
        tables: indices
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
        includeGlobalState: globalState,
      })}
      outcome={() => (
        <SnapshotDetail
          connectionId={connectionId}
          repository={repository}
          snapshot={taken}
          onDone={onDone}
        />
      )}
      form={
        <>
          <label>
            Snapshot name
            <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
          </label>
          <label>
            Indices (names or patterns, comma-separated; empty: every index)
            <input
              value={indices}
              onChange={(e) => setIndices(e.target.value)}
              placeholder="logs-*,-logs-old"
              spellCheck={false}
            />
          </label>
          <Checkbox checked={globalState} onChange={setGlobalState}>
            Include the cluster's global state (templates, settings)
          </Checkbox>
        </>
      }
    />
  );
}
