/**
 * Agents' requests in the one history: each MCP tool call that sent a request to a connection is
 * added to that connection's history beside the console's and the CLI's, its surface naming the
 * token (`mcp:<token name>`, `mcp:stdio` for the bridge). Only method and path: the audit entry it
 * comes from never holds a body, and the history keeps no more than the audit does.
 */
import type { AuditEntry, AuditSink } from "../../mcp/policy/stores.ts";
import type { ConsoleHistory } from "../storage/console-history.ts";

const BRIDGE_TOKEN = "__stdio_bridge__";

export function auditWithHistory(audit: AuditSink, history: ConsoleHistory): AuditSink {
  return {
    record(entry: AuditEntry) {
      audit.record(entry);
      if (entry.method !== "tools/call" || !entry.request || !entry.connection) return;
      if (entry.outcome === "refused") return;
      const token = entry.token === BRIDGE_TOKEN ? "stdio" : (entry.token ?? "unknown");
      history
        .add(entry.connection.id, {
          at: entry.at,
          request: { method: entry.request.method, path: entry.request.path },
          status: null,
          durationMs: entry.durationMs,
          classification: entry.request.class,
          surface: `mcp:${token}`,
        })
        .catch(() => {
          // A history that cannot be written must not fail the call that ran.
        });
    },
  };
}
