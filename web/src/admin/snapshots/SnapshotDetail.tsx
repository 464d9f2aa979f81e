/**
 * One snapshot in full: its state, shards done and failed, size, each index's part and the
 * failures with their reasons. While it is still being taken it is read again every half second,
 * so the person sees its progress until the cluster says it is done.
 */
import { useEffect } from "react";
import type { BackupDetail } from "../../../../src/core/cluster-admin.ts";
import { bytesText as bytes } from "../../../../src/core/impact.ts";
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { ProgressBar } from "../../ui/progress.tsx";
import { TableHead } from "../../ui/TableHead.tsx";

const POLL_MS = 500;

export function SnapshotDetail({
  connectionId,
  repository,
  snapshot,
  onDone,
}: {
  connectionId: string;
  repository: string;
  snapshot: string;
  /** Called once the snapshot is no longer running. */
  onDone?: () => void;
}) {
  const detail = useLoad(
    (signal) =>
      call(
        ui.connections[":id"].admin.repositories[":repo"].snapshots[":snap"].$get,
        { param: { id: connectionId, repo: repository, snap: snapshot } },
        signal,
      ),
    [connectionId, repository, snapshot],
  );
  const d = detail.data;
  const { reload } = detail;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows each new answer
  useEffect(() => {
    if (!d) return;
    if (!d.running) {
      onDone?.();
      return;
    }
    const t = setTimeout(reload, POLL_MS);
    return () => clearTimeout(t);
  }, [d]);
  return (
    <div className="snapshot-detail" data-testid="snapshot-detail">
      <Loading active={detail.loading && !d} label="Loading…" />
      <ErrorNote error={detail.error} />
      {d ? <Shown d={d} /> : null}
    </div>
  );
}

function Shown({ d }: { d: BackupDetail }) {
  return (
    <>
      {d.running ? (
        <ProgressBar
          label={`Taking snapshot ${d.name} (shards)`}
          progress={{ done: d.shards.successful, total: d.shards.total || null }}
        />
      ) : null}
      <p data-testid="snapshot-state">
        <strong>{d.state}</strong>
        {d.running ? " (running)" : ""}: {d.shards.successful} of {d.shards.total} shards done
        {d.shards.failed > 0 ? `, ${d.shards.failed} failed` : ""}
        {d.sizeBytes !== null ? `, ${bytes(d.doneBytes ?? 0)} of ${bytes(d.sizeBytes)}` : ""}
        {d.includesGlobalState ? ", with the global state" : ""}
      </p>
      {d.perTable.length > 0 ? (
        <table className="snapshot-indices">
          <TableHead columns={["Index", "Shards done", "Failed", "Size"]} />
          <tbody>
            {d.perTable.map((t) => (
              <tr key={t.name}>
                <td>
                  <code>{t.name}</code>
                </td>
                <td>
                  {t.shards.done} of {t.shards.total}
                </td>
                <td>{t.shards.failed}</td>
                <td>{t.sizeBytes === null ? "" : bytes(t.sizeBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Indices: {d.tables.join(", ") || "none"}</p>
      )}
      {d.failures.length > 0 ? (
        <ul className="error-text" data-testid="snapshot-failures">
          {d.failures.map((f) => (
            <li key={`${f.table}/${f.shard}`}>
              {f.table} shard {f.shard}
              {f.node ? ` on ${f.node}` : ""}: {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {d.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
    </>
  );
}
