/**
 * Agents' requests in the one history: each MCP tool call that sent a request to a connection is
 * added to that connection's history beside the console's and the CLI's, its surface naming the
 * token (`mcp:<token name>`, `mcp:stdio` for the bridge). Only method and path: the audit entry it
 * comes from never holds a body, and the history keeps no more than the audit does.
 *
 * Written in batches, one write at a time per connection: under sustained load an agent's calls
 * come faster than a history file is read and written again, and a write per call piled up
 * (memory and CPU grew with the backlog). What arrives while a write is under way waits for the
 * next, at most the history's own limit of it (older entries would be dropped by that write
 * anyway). `settled()` waits for every write under way: the app awaits it before it stops.
 */
import type { AuditEntry, AuditSink } from "../../mcp/policy/stores.ts";
import {
  type ConsoleHistory,
  HISTORY_LIMIT,
  type HistoryEntry,
} from "../storage/console-history.ts";

const BRIDGE_TOKEN = "__stdio_bridge__";

export interface HistoryAuditSink extends AuditSink {
  /** Resolves once every entry recorded so far is written (or failed to be). */
  settled(): Promise<void>;
}

export function auditWithHistory(audit: AuditSink, history: ConsoleHistory): HistoryAuditSink {
  /** Entries waiting for the next write, oldest first, per connection. */
  const waiting = new Map<string, HistoryEntry[]>();
  const writing = new Map<string, Promise<void>>();

  const take = (connection: string): HistoryEntry[] | undefined => {
    const batch = waiting.get(connection);
    waiting.delete(connection);
    return batch;
  };
  const drain = async (connection: string): Promise<void> => {
    try {
      for (let batch = take(connection); batch; batch = take(connection))
        await history.addMany(connection, batch).catch(() => {
          // A history that cannot be written must not fail the calls that ran.
        });
    } finally {
      // Runs as soon as the last batch is taken: a record after it starts a new drain.
      writing.delete(connection);
    }
  };

  return {
    record(entry: AuditEntry) {
      audit.record(entry);
      if (entry.method !== "tools/call" || !entry.request || !entry.connection) return;
      if (entry.outcome === "refused") return;
      const token = entry.token === BRIDGE_TOKEN ? "stdio" : (entry.token ?? "unknown");
      const id = entry.connection.id;
      const batch = waiting.get(id) ?? [];
      batch.push({
        at: entry.at,
        request: { method: entry.request.method, path: entry.request.path },
        status: null,
        durationMs: entry.durationMs,
        classification: entry.request.class,
        surface: `mcp:${token}`,
      });
      if (batch.length > HISTORY_LIMIT) batch.shift();
      waiting.set(id, batch);
      if (!writing.has(id)) writing.set(id, drain(id));
    },
    async settled() {
      while (writing.size > 0) await Promise.all(writing.values());
    },
  };
}
