/**
 * Settings > Integrations: Enable MCP Server and its bound port; Authentication (Tokens.tsx); the
 * audit log (AuditLog.tsx) and the administration audit log (AdminAuditLog.tsx); the Connect a
 * Client sheet.
 */
import { useState } from "react";
import { call, ui } from "../api/client.ts";
import type { McpStatus } from "../api/types.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { type Loaded, Loading, useLoad } from "../ui/loading.tsx";
import { AdminAuditLog } from "./AdminAuditLog.tsx";
import { AuditLog } from "./AuditLog.tsx";
import { ConnectClientSheet } from "./ConnectClientSheet.tsx";
import { Tokens } from "./Tokens.tsx";

export function Integrations() {
  const toasts = useToasts();
  const status = useLoad((signal) => call(ui.mcp.$get, {}, signal), []);
  const [toggling, setToggling] = useState(false);
  const [sheet, setSheet] = useState(false);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    try {
      status.setData(await call(ui.mcp.$put, { json: { enabled } }));
    } catch (e) {
      toasts.error(e);
    } finally {
      setToggling(false);
    }
  };

  return (
    <div className="settings-page">
      <h2>Integrations</h2>
      <McpServerCard
        status={status}
        toggling={toggling}
        onToggle={toggle}
        onConnect={() => setSheet(true)}
      />
      <Tokens />
      <AuditLog />
      <AdminAuditLog />
      {sheet ? <ConnectClientSheet onClose={() => setSheet(false)} /> : null}
    </div>
  );
}

/** The MCP server: the switch, where it listens, and why it did not start. */
function McpServerCard({
  status,
  toggling,
  onToggle,
  onConnect,
}: {
  status: Loaded<McpStatus>;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onConnect: () => void;
}) {
  const s = status.data;
  return (
    <section className="card">
      <h3>MCP server</h3>
      <Loading active={status.loading} label="Loading…" />
      <ErrorNote error={status.error} />
      {s ? (
        <>
          <label className="check switch">
            <input
              type="checkbox"
              checked={s.enabled}
              disabled={toggling}
              onChange={(e) => onToggle(e.target.checked)}
            />
            Enable MCP Server
          </label>
          <dl className="facts">
            <dt>Status</dt>
            <dd data-testid="mcp-status">
              {s.running ? "running" : !s.enabled ? "off" : s.error ? "failed" : "starting…"}
            </dd>
            <dt>Port</dt>
            <dd data-testid="mcp-port">{s.port ?? "—"}</dd>
            <dt>Endpoint</dt>
            <dd>
              <code>{s.url ?? "—"}</code>
            </dd>
            <dt>Bridge</dt>
            <dd>
              <code>{s.bridgePath}</code>
            </dd>
          </dl>
          {s.error ? (
            <div className="error-note" role="alert" data-testid="mcp-error">
              <div className="error-message">The MCP server did not start: {s.error}</div>
              <div className="error-remedy">
                Fix what it names, then turn Enable MCP Server off and on again to retry.
              </div>
            </div>
          ) : null}
          <button type="button" className="primary" onClick={onConnect}>
            Connect a Client…
          </button>
        </>
      ) : null}
    </section>
  );
}
