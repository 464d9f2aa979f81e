/**
 * What the UI's API routes call: the app's own services (saved connections, plugins, the MCP
 * server's settings and stores) and the owner of live state (src/app/live/live-state.ts), which
 * holds the open driver sessions, grids and jobs (the HTTP layer holds none of its own). The
 * routes are thin adapters over these; no rule lives in the routes or the browser.
 */
import { QuarryError } from "../../../core/errors.ts";
import type { Column, TableInfo } from "../../../core/grid.ts";
import type { AppStorage } from "../../connections/connection-service.ts";
import type { GridRegistry } from "../../live/grids.ts";
import type { PooledSession } from "../../live/live-state.ts";
import type { PluginService } from "../../plugins/service.ts";
import type { IntegrationsService } from "./integrations.ts";
import type { UiJobs, UiLiveState } from "./ui-jobs.ts";

export interface UiServicesOptions {
  storage: AppStorage;
  /** The plugin service, when the app runs one (Settings > Plugins, the chooser's download). */
  plugins?: PluginService;
  /** Settings > Integrations: the MCP server, tokens, approvals, audit, client snippets. */
  mcp?: IntegrationsService;
  /** Where exports are written (inside the app data folder). */
  exportDir: string;
  /** The app's one owner of live state, shared with the MCP server. */
  live: UiLiveState;
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
  /** The app's sessions, grids and jobs: the owner of live state holds them, the API borrows. */
  readonly live: UiLiveState;
  readonly grids: GridRegistry;
  readonly jobs: UiJobs;

  constructor(options: UiServicesOptions) {
    this.storage = options.storage;
    this.plugins = options.plugins;
    this.mcp = options.mcp;
    this.exportDir = options.exportDir;
    this.live = options.live;
    this.grids = options.live.grids;
    this.jobs = options.live.jobs;
  }

  /**
   * The open session of a saved connection (opened once, reused until the connection changes).
   * Opening a saved connection whose driver is missing installs it without asking
   * (docs/architecture.md, "Driver plugins and the app process").
   */
  session(connectionId: string): Promise<PooledSession> {
    return this.live.session(connectionId);
  }

  /** Cancels the jobs, closes the grids, then the session of a connection edited or removed. */
  forget(connectionId: string): Promise<void> {
    return this.live.forget(connectionId);
  }

  async listTables(connectionId: string): Promise<TableInfo[]> {
    return (await this.session(connectionId)).session.grid.listTables();
  }

  async describeTable(connectionId: string, table: string): Promise<Column[]> {
    return (await this.session(connectionId)).session.grid.describeTable(table);
  }
}
