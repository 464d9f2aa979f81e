/** The cluster page's health card (status, why, shard counts), its nodes and its pending tasks. */

import { bytesText } from "../../../src/core/impact.ts";
import type { HealthReport, NodeSummary } from "../api/types.ts";
import { TableHead } from "../ui/TableHead.tsx";
import { loadText, percent } from "./cluster-model.ts";

export function HealthCard({ health: h }: { health: HealthReport }) {
  const p = h.partitions;
  const facts: [string, string | number][] = [
    ["Active shards", p.active],
    ["Active primaries", p.activePrimary],
    ["Relocating", p.relocating],
    ["Initializing", p.initializing],
    ["Unassigned", p.unassigned],
    ...(p.delayedUnassigned ? ([["Delayed", p.delayedUnassigned]] as [string, number][]) : []),
    ["Active", p.activePercent === null ? "–" : `${Math.round(p.activePercent * 10) / 10}%`],
    ["Pending tasks", h.pendingTasks ?? "–"],
  ];
  const causes = h.causes ?? [];
  return (
    <section className="card cluster-section" aria-labelledby="cluster-health-title">
      <h3 id="cluster-health-title">Health</h3>
      <p className={`cluster-health-line status-text-${h.status}`}>
        The cluster is <strong>{h.status}</strong>
        {causes.length ? ":" : "."}
      </p>
      {causes.length ? (
        <ul className="cluster-causes" data-testid="cluster-causes">
          {causes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      <dl className="cluster-counts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function NodesTable({ nodes }: { nodes: NodeSummary[] }) {
  return (
    <section className="card cluster-section" aria-labelledby="cluster-nodes-title">
      <h3 id="cluster-nodes-title">Nodes ({nodes.length})</h3>
      {nodes.length === 0 ? (
        <p className="muted">The cluster did not list its nodes (this user may not read them).</p>
      ) : (
        <div className="cluster-scroll">
          <table className="plain-table compact" data-testid="cluster-nodes">
            <TableHead
              columns={["Name", "Roles", "Version", "Heap", "Disk", "CPU", "Load (1, 5, 15 min)"]}
            />
            <tbody>
              {nodes.map((n) => (
                <tr key={n.name} data-node={n.name}>
                  <td className="cluster-node-name">
                    {n.name}
                    {n.leader ? (
                      <span className="cluster-master" title="The elected master">
                        master
                      </span>
                    ) : null}
                  </td>
                  <td className="cluster-roles">{n.roles.join(", ")}</td>
                  <td>{n.version ?? "–"}</td>
                  <td>
                    <Meter used={n.memoryUsedBytes} max={n.memoryMaxBytes} />
                  </td>
                  <td>
                    <Meter used={n.diskUsedBytes} max={n.diskTotalBytes} />
                  </td>
                  <td>
                    {n.cpuPercent === null || n.cpuPercent === undefined ? "–" : `${n.cpuPercent}%`}
                  </td>
                  <td>{loadText(n.load)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Used of max as a bar and in words ("228.3 MB of 402.7 MB"). */
function Meter({ used, max }: { used: number | null | undefined; max: number | null | undefined }) {
  const share = percent(used, max);
  if (!share || used === null || used === undefined || !max) return <>–</>;
  const high = used / max >= 0.85;
  return (
    <span className="cluster-meter" title={`${bytesText(used)} of ${bytesText(max)}`}>
      <span className="cluster-meter-bar" aria-hidden="true">
        <span className={high ? "high" : ""} style={{ width: share }} />
      </span>
      {share} <span className="hint">of {bytesText(max)}</span>
    </span>
  );
}

export function PendingTasks({ health: h }: { health: HealthReport }) {
  const list = h.pendingTaskList ?? [];
  return (
    <section className="card cluster-section" aria-labelledby="cluster-pending-title">
      <h3 id="cluster-pending-title">Pending tasks ({h.pendingTasks ?? "–"})</h3>
      {list.length === 0 ? (
        <p className="muted">No cluster change is waiting.</p>
      ) : (
        <table className="plain-table compact" data-testid="cluster-pending">
          <TableHead columns={["Order", "Priority", "Source", "Waiting"]} />
          <tbody>
            {list.map((t) => (
              <tr key={t.order}>
                <td>{t.order}</td>
                <td>{t.priority}</td>
                <td>
                  {t.source}
                  {t.executing ? <span className="hint"> (executing)</span> : null}
                </td>
                <td>{t.waitingMs === null ? "–" : `${t.waitingMs} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
