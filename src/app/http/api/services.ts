/**
 * What the UI's API routes call: the app's own services (saved connections, plugins, the MCP
 * server's settings and stores) and open driver sessions. The routes are thin adapters over these;
 * no rule lives in the routes or the browser.
 */
import { randomUUID } from "node:crypto";
import type { SavedConnection } from "../../../core/connections.ts";
import type { DriverSession, GridView } from "../../../core/driver.ts";
import { QuarryError } from "../../../core/errors.ts";
import type { Column, TableInfo } from "../../../core/grid.ts";
import { type AppStorage, openSavedConnection } from "../../connections/connection-service.ts";
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
  readonly grids: GridRegistry;
  readonly #sessions = new Map<
    string,
    Promise<{ connection: SavedConnection; session: DriverSession }>
  >();

  constructor(options: UiServicesOptions) {
    this.storage = options.storage;
    this.plugins = options.plugins;
    this.mcp = options.mcp;
    this.exportDir = options.exportDir;
    this.grids = new GridRegistry();
  }

  /** The open session of a saved connection (opened once, reused until the connection changes). */
  async session(
    connectionId: string,
  ): Promise<{ connection: SavedConnection; session: DriverSession }> {
    let open = this.#sessions.get(connectionId);
    if (!open) {
      open = this.#open(connectionId);
      this.#sessions.set(connectionId, open);
      open.catch(() => this.#sessions.delete(connectionId));
    }
    return open;
  }

  async #open(
    connectionId: string,
  ): Promise<{ connection: SavedConnection; session: DriverSession }> {
    if (this.plugins) {
      // Opening a saved connection whose driver is missing installs it without asking
      // (docs/architecture.md, "Driver plugins and the app process").
      const connection = await this.storage.connections.require(connectionId);
      await this.plugins.driverFor(connection.type, { autoInstall: true }).catch((e) => {
        if (connection.type !== "elasticsearch") throw e;
      });
    }
    return openSavedConnection(connectionId, this.storage);
  }

  /** Forgets (and closes) the session of a connection that was edited or removed. */
  async forget(connectionId: string): Promise<void> {
    const open = this.#sessions.get(connectionId);
    this.#sessions.delete(connectionId);
    await this.grids.closeFor(connectionId);
    if (open) await open.then((o) => o.session.close()).catch(() => {});
  }

  async listTables(connectionId: string): Promise<TableInfo[]> {
    return (await this.session(connectionId)).session.listTables();
  }

  async describeTable(connectionId: string, table: string): Promise<Column[]> {
    return (await this.session(connectionId)).session.describeTable(table);
  }

  async close(): Promise<void> {
    this.jobs.cancelAll();
    await this.grids.closeAll();
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(all.map((o) => o.then((x) => x.session.close()).catch(() => {})));
  }
}

const GRID_IDLE_MS = 15 * 60_000;

interface OpenGrid {
  connectionId: string;
  table: string;
  view: GridView;
  lastUsed: number;
}

/**
 * Grids the page keeps open: each holds its point in time (when paging past 10,000) until the page
 * closes it or leaves it idle for 15 minutes.
 */
export class GridRegistry {
  readonly #grids = new Map<string, OpenGrid>();
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor() {
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  add(connectionId: string, table: string, view: GridView): string {
    const id = randomUUID();
    this.#grids.set(id, { connectionId, table, view, lastUsed: Date.now() });
    return id;
  }

  get(id: string): OpenGrid {
    const g = this.#grids.get(id);
    if (!g) {
      throw new QuarryError(
        "invalid_input",
        "This grid was closed (it was idle, or Quarry restarted).",
        "Reopen the table from the sidebar.",
        { status: 404 },
      );
    }
    g.lastUsed = Date.now();
    return g;
  }

  async close(id: string): Promise<void> {
    const g = this.#grids.get(id);
    this.#grids.delete(id);
    await g?.view.close();
  }

  async closeFor(connectionId: string): Promise<void> {
    const ids = [...this.#grids]
      .filter(([, g]) => g.connectionId === connectionId)
      .map(([id]) => id);
    await Promise.all(ids.map((id) => this.close(id).catch(() => {})));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#grids.keys()].map((id) => this.close(id).catch(() => {})));
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, g] of this.#grids) {
      if (now - g.lastUsed > GRID_IDLE_MS) this.close(id).catch(() => {});
    }
  }
}
