/**
 * Every shard by index (rows) and node (columns), with unassigned ones in a column of their own:
 * each copy a small box, its shard number inside, filled for a primary and outlined for a
 * replica, coloured by state. A filter by name, and a switch for dot-named indices.
 */
import { useMemo, useState } from "react";
import { bytesText, countText } from "../../../src/core/impact.ts";
import type { NodeSummary, PartitionInfo } from "../api/types.ts";
import { type MatrixRow, shardMatrix, stateClass } from "./cluster-model.ts";

export function ShardMatrix({
  partitions,
  nodes,
}: {
  partitions: PartitionInfo[];
  nodes: NodeSummary[];
}) {
  const [filter, setFilter] = useState("");
  const [showDot, setShowDot] = useState(false);
  const m = useMemo(
    () => shardMatrix(partitions, nodes, { filter, showDot }),
    [partitions, nodes, filter, showDot],
  );
  return (
    <>
      <div className="cluster-matrix-tools">
        <input
          type="search"
          placeholder="Filter indices"
          aria-label="Filter indices by name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <label>
          <input type="checkbox" checked={showDot} onChange={(e) => setShowDot(e.target.checked)} />{" "}
          Dot-named indices
        </label>
        <span className="hint">
          {m.rows.length} shown
          {m.hidden ? `, ${m.hidden} left out` : ""}
          {m.cut ? `, ${m.cut} more: filter to see them` : ""}
        </span>
        <span className="cluster-legend hint" aria-hidden="true">
          <span className="shard primary started">0</span> primary
          <span className="shard started">0</span> replica
          <span className="shard primary moving">0</span> moving
          <span className="shard primary unassigned">0</span> unassigned
        </span>
      </div>
      <div className="cluster-scroll">
        <table className="plain-table compact cluster-matrix" data-testid="shard-matrix">
          <thead>
            <tr>
              <th>Index</th>
              {m.nodes.map((n) => (
                <th key={n}>{n}</th>
              ))}
              <th>Unassigned</th>
            </tr>
          </thead>
          <tbody>
            {m.rows.map((r) => (
              <Row key={r.table} row={r} nodes={m.nodes} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Row({ row, nodes }: { row: MatrixRow; nodes: string[] }) {
  return (
    <tr data-index={row.table}>
      <th scope="row" className={`cluster-index state-${row.worst}`}>
        {row.table}
      </th>
      {nodes.map((n) => (
        <td key={n} data-node={n}>
          <Copies copies={row.byNode.get(n) ?? []} />
        </td>
      ))}
      <td data-node="">
        <Copies copies={row.unassigned} />
      </td>
    </tr>
  );
}

function Copies({ copies }: { copies: PartitionInfo[] }) {
  return (
    <span className="shards">
      {copies.map((c, i) => {
        const what = `shard ${c.partition} ${c.primary ? "primary" : "replica"}: ${c.state}`;
        const numbers = [
          c.docs === null ? null : `${countText(c.docs)} docs`,
          c.sizeBytes === null ? null : bytesText(c.sizeBytes),
          c.unassignedReason,
        ].filter(Boolean);
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: unassigned replicas of one shard look alike
            key={`${c.partition}/${c.primary}/${i}`}
            className={`shard ${c.primary ? "primary" : ""} ${stateClass(c.state)}`}
            title={[what, ...numbers].join(" · ")}
            role="img"
            aria-label={what}
            data-shard={c.partition}
            data-state={c.state}
          >
            {c.partition}
          </span>
        );
      })}
    </span>
  );
}
