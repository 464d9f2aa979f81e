/**
 * Settings > Integrations > Administration audit log: the newest writes made to users, roles, API
 * keys, snapshots and templates from this app and the CLI (who: the surface; which connection;
 * the name confirmed; the requests' method and path, never a body), and whether the log's chain
 * holds (docs/decisions.md, "Security in the UI").
 */
import { call, ui } from "../api/client.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { TableHead } from "../ui/TableHead.tsx";

export function AdminAuditLog() {
  const audit = useLoad(
    (signal) => call(ui["admin-audit"].$get, { query: { limit: "200" } }, signal),
    [],
  );
  const chain = useLoad((signal) => call(ui["admin-audit"].verify.$get, {}, signal), []);
  const refresh = () => {
    audit.reload();
    chain.reload();
  };
  const entries = audit.data?.entries;
  return (
    <section className="card" aria-label="Administration audit log">
      <div className="card-header">
        <h3>Administration audit log</h3>
        {/* "Reload", not "Refresh": the MCP audit log's card above has that button. */}
        <button type="button" className="small" onClick={refresh}>
          Reload
        </button>
      </div>
      <Loading active={audit.loading} label="Loading the administration audit log…" />
      <ErrorNote error={audit.error} />
      {chain.data ? (
        chain.data.breaks ? (
          <p className="error-note" role="alert" data-testid="admin-audit-chain">
            The chain breaks at {chain.data.breaks.file} line {chain.data.breaks.line}:{" "}
            {chain.data.breaks.problem}. The log was changed after Quarry wrote it; keep a copy of
            it as it is.
          </p>
        ) : (
          <p className="muted" data-testid="admin-audit-chain">
            ✓ The chain holds: {chain.data.lines.toLocaleString("en-US")} lines, none edited,
            removed or moved.
          </p>
        )
      ) : (
        <ErrorNote error={chain.error} />
      )}
      <div className="audit-scroll">
        <table className="plain-table compact" data-testid="admin-audit-table">
          <TableHead
            columns={["Time", "From", "Connection", "Action", "Name", "Requests", "Outcome"]}
          />
          <tbody>
            {entries?.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  No administration writes yet.
                </td>
              </tr>
            ) : null}
            {entries?.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only, newest first
              <tr key={i}>
                <td>{new Date(e.at).toLocaleString()}</td>
                <td>{e.surface === "ui" ? "this app" : "CLI"}</td>
                <td>{e.connection}</td>
                <td>{e.action}</td>
                <td>{e.subject}</td>
                <td>{e.requests.map((r) => `${r.method} ${r.path}`).join("; ")}</td>
                <td className={`outcome-${e.outcome}`}>
                  {e.outcome}
                  {e.status ? ` (HTTP ${e.status})` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
