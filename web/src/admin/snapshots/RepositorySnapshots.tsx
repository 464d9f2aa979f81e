/**
 * The snapshots of one repository, newest last as the cluster lists them: a table row each with
 * its state, its detail on demand (a row below), Restore… (RestoreDialog.tsx) and Delete…, which asks for its name typed.
 */
import { useState } from "react";
import type { BackupSummary } from "../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../api/client.ts";
import { shownError } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Actions, AdminTable } from "../AdminTable.tsx";
import { FixedActionDialog } from "../FixedActionDialog.tsx";
import { RestoreDialog } from "../RestoreDialog.tsx";
import { SnapshotDetail } from "./SnapshotDetail.tsx";

type Open = { what: "restore" | "delete"; snapshot: BackupSummary } | null;

export function RepositorySnapshots({
  connectionId,
  repository,
  version,
  onChanged,
}: {
  connectionId: string;
  repository: string;
  /** Bumped by the page when a snapshot was taken: the list is read again. */
  version: number;
  onChanged: () => void;
}) {
  const list = useLoad(
    (signal) =>
      call(
        ui.connections[":id"].admin.repositories[":repo"].snapshots.$get,
        { param: { id: connectionId, repo: repository } },
        signal,
      ),
    [connectionId, repository, version],
  );
  const [shown, setShown] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    setOpen(null);
    onChanged();
  };
  return (
    <div data-testid={`snapshots-of-${repository}`}>
      <h4>
        <code>{repository}</code>
      </h4>
      <Loading active={list.loading} label="Loading…" />
      {list.error ? <p className="muted">{shownError(list.error).message}</p> : null}
      {list.data ? (
        <AdminTable
          testId={`snapshots-table-${repository}`}
          columns={["Snapshot", "State", "Indices", ""]}
          count={list.data.snapshots.length}
          empty="No snapshots in this repository."
        >
          {list.data.snapshots.map((s) => (
            <SnapshotRows
              key={s.name}
              connectionId={connectionId}
              snapshot={s}
              shown={shown === s.name}
              toggle={() => setShown(shown === s.name ? null : s.name)}
              open={(what) => setOpen({ what, snapshot: s })}
            />
          ))}
        </AdminTable>
      ) : null}
      {open?.what === "restore" ? (
        <RestoreDialog
          connectionId={connectionId}
          repository={repository}
          snapshot={open.snapshot.name}
          indices={open.snapshot.tables}
          onClose={close}
        />
      ) : null}
      {open?.what === "delete" ? (
        <FixedActionDialog
          connectionId={connectionId}
          title={`Delete snapshot ${open.snapshot.name}`}
          text={`The snapshot ${open.snapshot.name} of ${repository} is deleted, with no undo.`}
          input={{ action: "backup-delete", repository, backup: open.snapshot.name }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** One snapshot: its state and indices, Details (a row below it), Restore… and Delete…. */
function SnapshotRows({
  connectionId,
  snapshot: s,
  shown,
  toggle,
  open,
}: {
  connectionId: string;
  snapshot: BackupSummary;
  shown: boolean;
  toggle: () => void;
  open: (what: "restore" | "delete") => void;
}) {
  return (
    <>
      <tr data-snapshot={s.name}>
        <td>
          <code>{s.name}</code>
        </td>
        <td>{s.state}</td>
        <td>{s.tables.join(", ")}</td>
        <Actions>
          <button type="button" className="small" aria-expanded={shown} onClick={toggle}>
            Details
          </button>
          <button type="button" className="small" onClick={() => open("restore")}>
            Restore…
          </button>
          <button type="button" className="small danger" onClick={() => open("delete")}>
            Delete…
          </button>
        </Actions>
      </tr>
      {shown ? (
        <tr className="admin-detail" data-snapshot-detail={s.name}>
          <td colSpan={4}>
            <SnapshotDetail
              connectionId={connectionId}
              repository={s.repository}
              snapshot={s.name}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
