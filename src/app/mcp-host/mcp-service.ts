/**
 * The MCP server as part of the app process: wires the app's stores (connections, tokens, the
 * audit log, approvals, the handshake file) into `startMcpServer`, and follows the settings file,
 * so `quarry mcp enable|disable|port` and changed limits apply to the running app at once.
 *
 * The app calls `startMcpService()` once at start (src/app/app.ts) and `stop()` when it quits.
 */

import { statSync } from "node:fs";
import { join } from "node:path";
import type { SavedConnection } from "../../core/connections.ts";
import type { Clock, ConnectionDirectory, TableExporter } from "../../mcp/host.ts";
import { type McpServerConfig, type RunningMcpServer, startMcpServer } from "../../mcp/index.ts";
import type { BridgeTokenTimes } from "../../mcp/policy/tokens.ts";
import { type AppStorage, openAppStorage } from "../connections/connection-service.ts";
import { exportTable } from "../export/export-table.ts";
import { mcpEndpointServer } from "../http/mcp-endpoint.ts";
import { LiveState, plainJobs } from "../live/live-state.ts";
import { APP_VERSION } from "../process/version.ts";
import { AuditLog } from "../storage/audit-log.ts";
import { ConsoleHistory } from "../storage/console-history.ts";
import { TokenStore } from "../storage/token-store.ts";
import { ApprovalQueue } from "./approvals.ts";
import { removeHandshake, writeHandshake } from "./handshake.ts";
import { type McpSettings, McpSettingsStore } from "./mcp-settings.ts";
import { auditWithHistory, type HistoryAuditSink } from "./request-history.ts";
import { savedQueryShelf } from "./saved-queries.ts";

export interface McpServiceOptions {
  env?: NodeJS.ProcessEnv;
  /** Open storage, when the app has it already. */
  storage?: AppStorage;
  /**
   * The app's owner of live state, which the MCP server borrows sessions from and runs its
   * exports under; without it the service keeps one of its own and closes it when it stops.
   */
  live?: LiveState;
  now?: Clock;
  bridgeToken?: BridgeTokenTimes;
  /** Called whenever the server starts, stops or fails to start. */
  onStatus?: (status: McpStatus) => void;
}

export type McpStatus =
  | { state: "running"; port: number; url: string; instanceId: string }
  | { state: "disabled" }
  | { state: "failed"; error: string };

export interface McpService {
  readonly approvals: ApprovalQueue;
  readonly audit: AuditLog;
  readonly tokens: TokenStore;
  status(): McpStatus;
  /** Re-reads the settings file and starts, stops or restarts the server to match. */
  reload(): Promise<McpStatus>;
  stop(): Promise<void>;
}

/** The MCP server started, stopped or moved to match the settings, and its status. */
class ServerSwitch {
  #server: RunningMcpServer | undefined;
  #runningPort: number | undefined;
  status: McpStatus = { state: "disabled" };

  readonly #configFor: (settings: McpSettings) => McpServerConfig;
  readonly #onStatus: (status: McpStatus) => void;

  constructor(
    configFor: (settings: McpSettings) => McpServerConfig,
    onStatus: (status: McpStatus) => void,
  ) {
    this.#configFor = configFor;
    this.#onStatus = onStatus;
  }

  async apply(settings: McpSettings): Promise<McpStatus> {
    // Off, or a new preferred port (the server may be on a fallback port already): stop it.
    const moved =
      this.#runningPort !== undefined &&
      settings.preferredPort !== this.#runningPort &&
      this.#server?.port !== settings.preferredPort;
    if (this.#server && (!settings.enabled || moved)) await this.#stopServer();
    if (!settings.enabled) return this.#set({ state: "disabled" });
    if (this.#server) {
      this.#server.setLimits(settings.limits);
      return this.status;
    }
    try {
      const server = await startMcpServer(this.#configFor(settings));
      this.#server = server;
      this.#runningPort = settings.preferredPort;
      const { port, url, instanceId } = server;
      return this.#set({ state: "running", port, url, instanceId });
    } catch (e) {
      return this.#set({ state: "failed", error: e instanceof Error ? e.message : String(e) });
    }
  }

  async stop(): Promise<void> {
    await this.#stopServer();
    this.#set({ state: "disabled" });
  }

  async #stopServer(): Promise<void> {
    await this.#server?.stop();
    this.#server = undefined;
    this.#runningPort = undefined;
  }

  #set(status: McpStatus): McpStatus {
    this.status = status;
    this.#onStatus(status);
    return status;
  }
}

/** The app's stores the MCP server works with, opened. */
interface McpStores {
  storage: AppStorage;
  live: LiveState;
  /** Whether the service made its owner of live state (and closes it). */
  ownsLive: boolean;
  now: Clock;
  settingsStore: McpSettingsStore;
  settings: McpSettings;
  tokens: TokenStore;
  audit: AuditLog;
  /** The audit log, and agents' requests written to the connections' history. */
  auditWithHistory: HistoryAuditSink;
  approvals: ApprovalQueue;
}

async function openStores(options: McpServiceOptions): Promise<McpStores> {
  const storage = options.storage ?? (await openAppStorage(options.env));
  const live = options.live ?? new LiveState(storage, plainJobs());
  const dir = storage.dir;
  const now = options.now ?? Date.now;
  const settingsStore = new McpSettingsStore(dir);
  const settings = await settingsStore.read();
  const approvals = new ApprovalQueue({
    dir,
    timeoutMs: settings.limits.approvalTimeoutSeconds * 1000,
    now,
  });
  await approvals.start();
  const audit = new AuditLog(dir);
  const stores = {
    tokens: new TokenStore(dir, now),
    audit,
    auditWithHistory: auditWithHistory(audit, new ConsoleHistory(join(dir, "console-history"))),
    approvals,
  };
  return {
    storage,
    live,
    ownsLive: !options.live,
    now,
    settingsStore,
    settings,
    ...stores,
  };
}

/** What the MCP server is given: the app's stores, its HTTP layer, the settings' port and limits. */
function serverConfig(
  stores: McpStores,
  settings: McpSettings,
  bridgeToken: BridgeTokenTimes | undefined,
): McpServerConfig {
  const dir = stores.storage.dir;
  return {
    version: APP_VERSION,
    preferredPort: settings.preferredPort,
    limits: settings.limits,
    tokens: stores.tokens,
    connections: connectionDirectory(stores.storage, stores.live),
    approvals: stores.approvals,
    audit: stores.auditWithHistory,
    handshake: {
      write: (file) => writeHandshake(dir, file),
      remove: (instanceId) => removeHandshake(dir, instanceId),
    },
    http: mcpEndpointServer,
    exportDir: join(dir, "exports"),
    exportTable: liveExport(stores.live),
    savedQueries: savedQueryShelf(dir),
    now: stores.now,
    ...(bridgeToken ? { bridgeToken } : {}),
  };
}

export async function startMcpService(options: McpServiceOptions = {}): Promise<McpService> {
  const stores = await openStores(options);
  const { settingsStore, tokens, audit, approvals } = stores;
  let settings = stores.settings;

  const server = new ServerSwitch(
    (current) => serverConfig(stores, current, options.bridgeToken),
    (s) => options.onStatus?.(s),
  );
  let queue: Promise<unknown> = Promise.resolve();

  const apply = async (): Promise<McpStatus> => {
    settings = await settingsStore.read().catch(() => settings);
    approvals.timeoutMs = settings.limits.approvalTimeoutSeconds * 1000;
    return server.apply(settings);
  };

  const reload = (): Promise<McpStatus> => {
    const next = queue.then(apply, apply);
    queue = next.catch(() => {});
    return next;
  };

  await reload();
  const stopWatching = settingsStore.watch(() => void reload());

  return {
    approvals,
    audit,
    tokens,
    status: () => server.status,
    reload,
    async stop() {
      stopWatching();
      await queue;
      await server.stop();
      await approvals.stop();
      await stores.auditWithHistory.settled();
      await audit.close();
      await tokens.settled();
      if (stores.ownsLive) await stores.live.close();
    },
  };
}

/**
 * The saved connections as the MCP server sees them. The list is read again only when
 * connections.json changes (checked by stat on each call): every tool call looks connections up,
 * and parsing the file each time would be most of a call's own cost.
 */
export function connectionDirectory(storage: AppStorage, live: LiveState): ConnectionDirectory {
  let cache: { key: string; list: Promise<SavedConnection[]> } | undefined;
  return {
    list() {
      let key = "none";
      try {
        const st = statSync(storage.connections.path);
        key = `${st.ino}:${st.size}:${st.mtimeMs}`;
      } catch {
        // No file yet: no connections (the store says the same).
      }
      if (cache?.key !== key) {
        const list = storage.connections.list();
        cache = { key, list };
        list.catch(() => {
          if (cache?.list === list) cache = undefined;
        });
      }
      return cache.list;
    },
    session: (c) => live.lend(c),
  };
}

/**
 * export_data as a job of its connection: forgetting the connection or stopping the app cancels
 * it, and waits for it to close its scan. Each call writes a file of its own that nothing
 * resumes, so an interrupted one keeps neither its point in time nor its partial file.
 */
export function liveExport(live: LiveState): TableExporter {
  return (source, table, options, owner) =>
    live.jobs.track({ connections: [owner.connectionId] }, options.signal, (signal) =>
      exportTable(source, table, { ...options, signal, keepInterrupted: false }),
    );
}
