/**
 * What the UI's API routes call: the app's own services (saved connections, plugins, the MCP
 * server's settings and stores) and the app's session pool, which owns the open driver sessions
 * and grids (the HTTP layer holds none of its own). The routes are thin adapters over these;
 * no rule lives in the routes or the browser.
 */
import { QuarryError } from "../../../core/errors.ts";
import type { Column, TableInfo } from "../../../core/grid.ts";
import type { AppStorage } from "../../connections/connection-service.ts";
import type { GridRegistry } from "../../connections/grids.ts";
import type { PooledSession, SessionPool } from "../../connections/session-pool.ts";
import type { PluginService } from "../../plugins/service.ts";
import type { IntegrationsService } from "./integrations.ts";
import { JobRegistry } from "./jobs.ts";

export interface UiServicesOptions {
  storage: AppStorage;
  /** The plugin service, when the app runs one (Settings > Plugins, the chooser's download). */
  plugins?: PluginService;
  /** Settings > Integrations: the MCP server, tokens, approvals, audit, client snippets. */
  mcp?: IntegrationsService;
  /** Where exports are written (inside the app data folder). */
  exportDir: string;
  /** The app's one session pool (src/app/connections/session-pool.ts), shared with the MCP server. */
  sessions: SessionPool;
}

/** A service this app was started without (a UI server composed for tests, an older build). */
export function unavailable(what: string): QuarryError {
  return new QuarryError(
    "invalid_input",
    `${what} is not available in this Quarry build yet.`,
    "Use the console or the `quarry` CLI for now, or update Quarry.",
    { status: 501 },
  );
}

export class UiServices {
  readonly storage: AppStorage;
  readonly plugins: PluginService | undefined;
  readonly mcp: IntegrationsService | undefined;
  readonly exportDir: string;
  readonly jobs = new JobRegistry();
  /** The app's sessions and the grids open on them: the pool owns them, the API borrows. */
  readonly sessions: SessionPool;
  readonly grids: GridRegistry;

  constructor(options: UiServicesOptions) {
    this.storage = options.storage;
    this.plugins = options.plugins;
    this.mcp = options.mcp;
    this.exportDir = options.exportDir;
    this.sessions = options.sessions;
    this.grids = options.sessions.grids;
  }

  /**
   * The open session of a saved connection (opened once, reused until the connection changes).
   * Opening a saved connection whose driver is missing installs it without asking
   * (docs/architecture.md, "Driver plugins and the app process").
   */
  session(connectionId: string): Promise<PooledSession> {
    return this.sessions.session(connectionId);
  }

  /** Closes the grids and the session of a connection that was edited or removed. */
  forget(connectionId: string): Promise<void> {
    return this.sessions.forget(connectionId);
  }

  async listTables(connectionId: string): Promise<TableInfo[]> {
    return (await this.session(connectionId)).session.grid.listTables();
  }

  async describeTable(connectionId: string, table: string): Promise<Column[]> {
    return (await this.session(connectionId)).session.grid.describeTable(table);
  }

  /** Cancels the API's running jobs; the sessions are the pool's, closed by the app. */
  close(): void {
    this.jobs.cancelAll();
  }
}
