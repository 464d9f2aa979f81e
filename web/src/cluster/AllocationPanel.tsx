/**
 * The unassigned shards with their reasons, and the cluster's allocation explanation: of the
 * first one at first (it comes with the health), of another when its Explain is pressed.
 */
import { useEffect, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { HealthReport, PartitionCopy, PlacementExplanation } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading } from "../ui/loading.tsx";
import { TableHead } from "../ui/TableHead.tsx";

const copyName = (c: PartitionCopy) =>
  `${c.table} shard ${c.partition} ${c.primary ? "primary" : "replica"}`;

const same = (a: PartitionCopy | undefined, b: PartitionCopy) =>
  !!a && a.table === b.table && a.partition === b.partition && a.primary === b.primary;

export function AllocationPanel({
  connectionId,
  health: h,
}: {
  connectionId: string;
  health: HealthReport;
}) {
  const [chosen, setChosen] = useState<{
    copy: PartitionCopy;
    explanation?: PlacementExplanation | null;
    error?: unknown;
  } | null>(null);
  // A copy that is no longer unassigned after a new read gives way to the report's own first one.
  useEffect(
    () => setChosen((c) => (c && h.unassigned.some((u) => same(c.copy, u)) ? c : null)),
    [h],
  );

  const explain = async (copy: PartitionCopy) => {
    setChosen({ copy });
    try {
      const answer = await call(ui.connections[":id"].cluster.explain.$post, {
        param: { id: connectionId },
        json: copy,
      });
      setChosen({ copy, explanation: answer.explanation });
    } catch (error) {
      setChosen({ copy, error });
    }
  };

  if (h.unassigned.length === 0 && !chosen) return null;
  const shown = chosen ? chosen.explanation : h.explanation;
  return (
    <section className="card cluster-section" aria-labelledby="cluster-unassigned-title">
      <h3 id="cluster-unassigned-title">
        Unassigned shards ({h.partitions.unassigned}
        {h.unassignedListed === "some" ? `, the first ${h.unassigned.length} listed` : ""})
      </h3>
      <UnassignedTable
        health={h}
        current={chosen?.copy ?? h.explanation}
        busy={!!chosen && chosen.explanation === undefined && !chosen.error}
        onExplain={explain}
      />
      {chosen && chosen.explanation === undefined && !chosen.error ? (
        <Loading active label="Asking the cluster…" />
      ) : null}
      {chosen?.error ? <ErrorNote error={chosen.error} /> : null}
      {shown ? <Explanation e={shown} /> : null}
    </section>
  );
}

/** The unassigned shards, each with an Explain button; the one explained now is marked. */
function UnassignedTable(props: {
  health: HealthReport;
  current: PartitionCopy | undefined;
  busy: boolean;
  onExplain: (copy: PartitionCopy) => void;
}) {
  return (
    <table className="plain-table compact" data-testid="cluster-unassigned">
      <TableHead columns={["Index", "Shard", "Copy", "Reason", ""]} />
      <tbody>
        {props.health.unassigned.map((u) => {
          const copy = { table: u.table, partition: u.partition, primary: u.primary };
          const current = same(props.current, copy);
          return (
            <tr key={`${u.table}/${u.partition}/${u.primary}`} className={current ? "chosen" : ""}>
              <td>{u.table}</td>
              <td>{u.partition}</td>
              <td>{u.primary ? "primary" : "replica"}</td>
              <td>{u.reason ?? "–"}</td>
              <td className="actions">
                <button
                  type="button"
                  className="small"
                  onClick={() => props.onExplain(copy)}
                  aria-label={`Explain ${copyName(copy)}`}
                  disabled={current && props.busy}
                >
                  Explain
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Explanation({ e }: { e: PlacementExplanation }) {
  return (
    <div className="cluster-explanation" data-testid="allocation-explanation">
      <h4>
        Why {copyName(e)} is {e.currentNode ? `on ${e.currentNode}` : (e.state ?? "unassigned")}
      </h4>
      {e.unassignedReason ? (
        <p>
          Unassigned because <code>{e.unassignedReason}</code>
          {e.unassignedSince ? ` since ${new Date(e.unassignedSince).toLocaleString()}` : ""}
          {e.details ? `: ${e.details}` : ""}
        </p>
      ) : null}
      {e.decision ? (
        <p>
          {e.currentNode ? "May stay on its node" : "Can be allocated"}:{" "}
          <strong className={`decision-${e.decision}`}>{e.decision}</strong>
        </p>
      ) : null}
      {e.explanation ? <p className="cluster-explanation-text">{e.explanation}</p> : null}
      {e.nodes.length ? (
        <table className="plain-table compact">
          <TableHead columns={["Node", "Decision", "Why"]} />
          <tbody>
            {e.nodes.map((n) => (
              <tr key={n.node}>
                <td>{n.node}</td>
                <td className={`decision-${n.decision}`}>{n.decision}</td>
                <td>
                  {n.reasons.length ? (
                    <ul className="cluster-reasons">
                      {n.reasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  ) : (
                    "–"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
