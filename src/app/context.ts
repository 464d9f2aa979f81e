/**
 * What the app's parts are given, so they depend on this small module and never on the app
 * itself (the composition root in app.ts imports them, not the other way round).
 */
import type { LiveState } from "./live/live-state.ts";
import type { InstalledPlugin, PluginService } from "./plugins/service.ts";
import type { OpenResult } from "./process/browser.ts";
import type { InstanceInfo } from "./process/instance.ts";

/** What the app's parts (HTTP routes, the MCP server) are given. */
export interface AppContext {
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly plugins: PluginService;
  readonly info: InstanceInfo;
  /** The one owner of live state (sessions, grids, jobs), shared by the UI's API and the MCP server. */
  readonly live: LiveState;
  log(line: string): void;
  /** Registers a clean-up to run when the app stops (close sessions, flush files...). */
  onStop(cleanup: () => Promise<void> | void): void;
}

/** What other Quarry processes may ask the running app (its own HTTP routes). */
export interface AppControl {
  status(): Promise<AppStatus>;
  openWindow(): Promise<WindowResult>;
  handleUrl(url: string): Promise<AppStatus>;
  stop(reason: string): Promise<void>;
}

/** What the running app says about itself (`GET /api/app/status`, `quarry status --json`). */
export interface AppStatus {
  instanceId: string;
  pid: number;
  version: string;
  dataDir: string;
  startedAt: string;
  /** The UI's address, without the key. */
  url: string;
  /** "background" until a window was asked for in this run (by hand, or a second start), then "window". */
  mode: "background" | "window";
  /** What the last attempt to open the window did: opened with what, or why not; null if none. */
  window: { opened: boolean; how: string } | null;
  mcp: { requested: boolean; running: boolean; port: number | null; detail: string };
  plugins: InstalledPlugin[];
}

export interface WindowResult extends OpenResult {
  /** The UI's address with its key, to print where no browser could open it. */
  url: string;
}
