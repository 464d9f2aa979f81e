/**
 * Agents' requests in the one history: each MCP tool call that sent a request to a connection is
 * added to that connection's history beside the console's and the CLI's, its surface naming the
 * token (`mcp:<token name>`, `mcp:stdio` for the bridge), with its body (which the audit entry
 * carries for the history only) redacted and cut as the console's entries are, so any entry can be
 * saved as a query. Redacted and cut in the turn after it arrives, once the call's answer has been
 * written (the history is no part of the answer; the audit line is recorded before it, as ever):
 * a batch never holds a whole bulk body.
 *
 * Written in batches, at most one write a second per connection: a write reads, parses and
 * rewrites the connection's history file, which cost more CPU than the call it records (one client
 * calling in turn paid it every call), and under sustained load a write per call piled up (memory
 * and CPU grew with the backlog). What arrives meanwhile waits for the next write, at most the
 * history's own limit of it (older entries would be dropped by that write anyway). `settled()`
 * writes what waits at once and waits for every write: the app awaits it before it stops.
 */
import type { AuditEntry, AuditSink } from "../../mcp/policy/stores.ts";
import {
  type ConsoleHistory,
  HISTORY_LIMIT,
  type HistoryEntry,
  keptEntry,
} from "../storage/console-history.ts";

const BRIDGE_TOKEN = "__stdio_bridge__";
/** How long the first entry of a batch waits for others before the batch is written. */
const BATCH_WAIT_MS = 1_000;

export interface HistoryAuditSink extends AuditSink {
  /** Resolves once every entry recorded so far is written (or failed to be). */
  settled(): Promise<void>;
}

/** A call's entry as the history keeps it: its body redacted and cut, its surface the token's. */
function historyEntryOf(entry: AuditEntry): HistoryEntry | undefined {
  if (!entry.request) return undefined;
  const token = entry.token === BRIDGE_TOKEN ? "stdio" : (entry.token ?? "unknown");
  const { method, path } = entry.request;
  return keptEntry({
    at: entry.at,
    request:
      entry.requestBody === undefined
        ? { method, path }
        : { method, path, body: entry.requestBody },
    status: null,
    durationMs: entry.durationMs,
    classification: entry.request.class,
    surface: `mcp:${token}`,
  });
}

export function auditWithHistory(audit: AuditSink, history: ConsoleHistory): HistoryAuditSink {
  /** Entries waiting for the next write, oldest first, per connection. */
  const waiting = new Map<string, HistoryEntry[]>();
  const writing = new Map<string, Promise<void>>();
  /** Connections whose waiting entries are written when their timer fires. */
  const timers = new Map<string, NodeJS.Timeout>();

  /** A write of what waits, once the batch has waited (none while one is under way). */
  const schedule = (connection: string): void => {
    if (writing.has(connection) || timers.has(connection)) return;
    const timer = setTimeout(() => {
      timers.delete(connection);
      write(connection);
    }, BATCH_WAIT_MS);
    timer.unref();
    timers.set(connection, timer);
  };
  const write = (connection: string): void => {
    const batch = waiting.get(connection);
    if (!batch || writing.has(connection)) return;
    waiting.delete(connection);
    const done = history
      .addMany(connection, batch)
      .catch(() => {
        // A history that cannot be written must not fail the calls that ran.
      })
      .finally(() => {
        writing.delete(connection);
        // What arrived during the write waits its turn, as a first entry does.
        if (waiting.has(connection)) schedule(connection);
      });
    writing.set(connection, done);
  };

  /** Calls recorded this turn, taken into their batches in the next (`take`). */
  let arrived: AuditEntry[] = [];
  let taking: NodeJS.Immediate | undefined;
  const take = (): void => {
    taking = undefined;
    const entries = arrived;
    arrived = [];
    for (const entry of entries) add(entry);
  };
  const add = (entry: AuditEntry): void => {
    const id = entry.connection?.id;
    const kept = historyEntryOf(entry);
    if (id === undefined || !kept) return;
    const batch = waiting.get(id) ?? [];
    batch.push(kept);
    if (batch.length > HISTORY_LIMIT) batch.shift();
    waiting.set(id, batch);
    schedule(id);
  };

  return {
    record(entry: AuditEntry) {
      audit.record(entry);
      if (entry.method !== "tools/call" || !entry.request || !entry.connection) return;
      if (entry.outcome === "refused") return;
      // The call's answer is still to be written: its history entry waits for the next turn.
      arrived.push(entry);
      taking ??= setImmediate(take);
    },
    async settled() {
      if (taking) {
        clearImmediate(taking);
        take();
      }
      while (timers.size > 0 || writing.size > 0) {
        for (const [id, timer] of timers) {
          clearTimeout(timer);
          timers.delete(id);
          write(id);
        }
        await Promise.all(writing.values());
      }
    },
  };
}
