/**
 * A connection's cluster page: health and why it is not green, nodes, unassigned shards with the
 * allocation explanation, pending tasks, and every shard by index and node. Read in one call
 * (`GET /connections/:id/cluster`), again on Refresh or at the interval chosen (off by default).
 * A failed read is said in the page with the cluster's reason; the last answer stays shown.
 */
import { useEffect, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ClusterOverview } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { AllocationPanel } from "./AllocationPanel.tsx";
import { HealthCard, NodesTable, PendingTasks } from "./ClusterHealth.tsx";
import { REFRESH_CHOICES } from "./cluster-model.ts";
import { ShardMatrix } from "./ShardMatrix.tsx";
import "./cluster.css";

export function ClusterView({ connectionId }: { connectionId: string }) {
  const overview = useLoad(
    (signal) => call(ui.connections[":id"].cluster.$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const [every, setEvery] = useState(0);
  useRefreshEvery(every, overview.loading, overview.reload);
  const data = overview.data;
  return (
    <div className="cluster-view" data-testid="cluster-view">
      <div className="toolbar cluster-toolbar">
        <h2 className="toolbar-title">
          Cluster{data ? ` ${data.health.name}` : ""}
          {data ? (
            <span
              className={`cluster-status status-${data.health.status}`}
              data-testid="cluster-status"
            >
              {data.health.status}
            </span>
          ) : null}
        </h2>
        <Loading active={overview.loading} label="Reading the cluster…" />
        {data ? (
          <span className="hint" data-testid="cluster-read-at">
            read at {new Date(data.readAt).toLocaleTimeString()}
          </span>
        ) : null}
        <label className="cluster-refresh-choice">
          Refresh every{" "}
          <select
            value={every}
            onChange={(e) => setEvery(Number(e.target.value))}
            data-testid="cluster-refresh-interval"
          >
            {REFRESH_CHOICES.map((c) => (
              <option key={c.ms} value={c.ms}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="small" onClick={overview.reload}>
          Refresh
        </button>
      </div>
      <div className="view-body">
        {overview.error ? (
          <div data-testid="cluster-error">
            {data ? (
              <p className="hint">The last answer below is from before this failure.</p>
            ) : null}
            <ErrorNote error={overview.error}>
              <button type="button" className="small" onClick={overview.reload}>
                Retry
              </button>
            </ErrorNote>
          </div>
        ) : null}
        {data ? <Overview connectionId={connectionId} data={data} /> : null}
      </div>
    </div>
  );
}

function Overview({ connectionId, data }: { connectionId: string; data: ClusterOverview }) {
  const h = data.health;
  return (
    <>
      <HealthCard health={h} />
      <NodesTable nodes={h.nodes} />
      <AllocationPanel connectionId={connectionId} health={h} />
      <PendingTasks health={h} />
      <section className="card cluster-section" aria-labelledby="cluster-shards-title">
        <h3 id="cluster-shards-title">Shards by index and node</h3>
        {data.partitions ? (
          <ShardMatrix partitions={data.partitions} nodes={h.nodes} />
        ) : (
          <ErrorNote error={data.partitionsError} />
        )}
      </section>
    </>
  );
}

/**
 * Reads again `ms` after the last read finished (never two at once, however slow the cluster);
 * off when `ms` is 0.
 */
function useRefreshEvery(ms: number, loading: boolean, reload: () => void): void {
  useEffect(() => {
    if (!ms || loading) return;
    const t = setTimeout(reload, ms);
    return () => clearTimeout(t);
  }, [ms, loading, reload]);
}
