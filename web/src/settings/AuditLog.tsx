/** Settings > Integrations > Audit log: the newest calls AI clients made, and how each ended. */

import { call, ui } from "../api/client.ts";
import type { AuditChainView } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { TableHead } from "../ui/TableHead.tsx";

export function AuditLog() {
  const audit = useLoad(
    (signal) => call(ui.mcp.audit.$get, { query: { limit: "200" } }, signal),
    [],
  );
  const chain = useLoad((signal) => call(ui.mcp.audit.verify.$get, {}, signal), []);
  const refresh = () => {
    audit.reload();
    chain.reload();
  };
  return (
    <section className="card">
      <div className="card-header">
        <h3>Audit log</h3>
        <button type="button" className="small" onClick={refresh}>
          Refresh
        </button>
      </div>
      <Loading active={audit.loading} label="Loading the audit log…" />
      <ErrorNote error={audit.error} />
      {chain.data ? <ChainStatus chain={chain.data} /> : <ErrorNote error={chain.error} />}
      <div className="audit-scroll">
        <table className="plain-table compact" data-testid="audit-table">
          <TableHead columns={["Time", "Token", "Connection", "Tool", "Class", "Outcome", "ms"]} />
          <tbody>
            {audit.data?.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  No calls from AI clients yet.
                </td>
              </tr>
            ) : null}
            {audit.data?.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only, newest first
              <tr key={i} title={a.message ?? undefined}>
                <td>{new Date(a.at).toLocaleString()}</td>
                <td>{a.token ?? "—"}</td>
                <td>{a.connection ?? "—"}</td>
                <td>{a.tool ?? "—"}</td>
                <td>{a.classification ?? "—"}</td>
                <td className={`outcome-${a.outcome}`}>
                  {a.outcome}
                  {a.layer ? ` (${a.layer})` : ""}
                </td>
                <td>{a.durationMs ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Whether the log is as Quarry wrote it: each line links to the one before it. */
function ChainStatus({ chain }: { chain: AuditChainView }) {
  if (!chain.breaks)
    return (
      <p className="muted" data-testid="audit-chain">
        ✓ The chain holds: {chain.lines.toLocaleString("en-US")} lines, none edited, removed or
        moved{chain.unlinked ? ` (${chain.unlinked} older lines carry no links)` : ""}.
      </p>
    );
  const { file, line, problem } = chain.breaks;
  return (
    <p className="error-note" role="alert" data-testid="audit-chain">
      The chain breaks at {file} line {line}: {problem}. The log was changed after Quarry wrote it;
      keep a copy of both audit files as they are.
    </p>
  );
}
