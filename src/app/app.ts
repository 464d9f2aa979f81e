/**
 * The app process, and its composition root: the long-running local process that holds saved
 * connections, loads driver plugins, serves the UI on 127.0.0.1 and runs the MCP server.
 *
 * `startApp` either becomes the one running app of its data folder (taking the instance lock), or
 * finds the app already running and hands over to it: a start by hand makes that app open its
 * window, a background start leaves it as it is, and `quarry://integrations/start-mcp` asks it for
 * its MCP server. There is never a second instance.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { errors, isQuarryError } from "../core/errors.ts";
import { START_MCP_URL } from "../core/quarry-scheme.ts";
import { openAppStorage } from "./connections/connection-service.ts";
import type { AppContext, AppControl, AppStatus, WindowResult } from "./context.ts";
import { createUiApi, serveWebAssets, UiServices } from "./http/api/index.ts";
import { type UiLiveState, uiJobs } from "./http/api/ui-jobs.ts";
import { type AppClient, findRunningApp } from "./http/app-client.ts";
import { appRoutes } from "./http/app-routes.ts";
import { placeholderPage, placeholderResponse } from "./http/placeholder.ts";
import { startUiServer, type UiServer } from "./http/server.ts";
import { LiveState } from "./live/live-state.ts";
import { createIntegrationsService } from "./mcp-host/integrations-service.ts";
import { ensureMcpServer, type McpServerHandle, type McpStartReason } from "./mcp-host/mcp-hook.ts";
import type { McpService } from "./mcp-host/mcp-service.ts";
import { type PluginService, pluginServiceFor } from "./plugins/service.ts";
import { type OpenResult, openInBrowser } from "./process/browser.ts";
import { installPaths } from "./process/install.ts";
import {
  type InstanceInfo,
  InstanceLock,
  readInstanceInfo,
  removeInstanceInfo,
  removeInstanceInfoNow,
  writeInstanceInfo,
} from "./process/instance.ts";
import { removeOpenPage, writeOpenPage } from "./process/open-page.ts";
import { parseQuarryUrl } from "./process/quarry-url.ts";
import { APP_VERSION } from "./process/version.ts";
import { ensureAppDataDir } from "./storage/paths.ts";

/** The built web UI (scripts/build-web.ts); without it the server shows a placeholder page. */
export const UI_BUILD_DIR = installPaths.web;
/** How long a start waits for an app that holds the lock but does not answer yet (starting up). */
const HANDOVER_WAIT_MS = 15_000;

export interface AppOptions {
  /**
   * Start with no window: nothing opens and nothing is shown (docs/architecture.md, "The app
   * process").
   */
  background?: boolean;
  /** Started for `quarry://integrations/start-mcp`: ask for the MCP server. */
  startMcp?: boolean;
  /** The UI server's port; 0 or absent lets the system choose. */
  port?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /**
   * The app owns this process (the CLI): end cleanly on SIGINT, SIGTERM and SIGHUP, and log stray
   * errors instead of exiting. Off by default (tests and embedders keep their process's handlers).
   */
  handleSignals?: boolean;
}

export type { AppContext } from "./context.ts";

export type StartResult =
  | { kind: "started"; app: RunningApp; window?: WindowResult }
  | { kind: "already-running"; client: AppClient; status: AppStatus; window?: WindowResult };

function defaultLog(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

export class RunningApp implements AppControl {
  readonly context: AppContext;
  readonly info: InstanceInfo;
  /** Resolves once the app has stopped and released its lock. */
  readonly stopped: Promise<void>;
  readonly #lock: InstanceLock;
  readonly #cleanups: Array<() => Promise<void> | void> = [];
  #server: UiServer | undefined;
  #mode: "background" | "window";
  /** What the last attempt to open the window did (undefined: none was asked for). */
  #window: OpenResult | undefined;
  #mcp: McpServerHandle | undefined;
  #mcpRequested = false;
  #mcpError: string | undefined;
  #stopping: Promise<void> | undefined;
  #resolveStopped!: () => void;
  #signalHandler: ((signal: NodeJS.Signals) => void) | undefined;

  constructor(
    lock: InstanceLock,
    info: InstanceInfo,
    init: {
      env: NodeJS.ProcessEnv;
      plugins: PluginService;
      live: UiLiveState;
      log: (line: string) => void;
      background: boolean;
    },
  ) {
    this.#lock = lock;
    this.info = info;
    this.#mode = init.background ? "background" : "window";
    this.stopped = new Promise((resolve) => {
      this.#resolveStopped = resolve;
    });
    this.context = {
      dataDir: info.dataDir,
      env: init.env,
      plugins: init.plugins,
      live: init.live,
      info,
      log: init.log,
      onStop: (cleanup) => {
        this.#cleanups.push(cleanup);
      },
    };
    // The one owner of live connections closes last: clean-ups run in reverse order, so every
    // part that borrows its sessions has stopped by then.
    this.#cleanups.push(() => init.live.close());
  }

  /** The running MCP service, once the hook started one. */
  get mcpService(): McpService | undefined {
    return this.#mcp?.service;
  }

  get mode(): "background" | "window" {
    return this.#mode;
  }

  /** The UI's address, with the per-run key in the fragment (never sent over the network). */
  windowUrl(): string {
    return `http://127.0.0.1:${this.info.port}/#secret=${this.info.secret}`;
  }

  /**
   * Opens the UI in the browser; from now on the app behaves as opened by hand. The opener gets a
   * 0600 page that leads on to the address, never the address itself: its key would be readable
   * by every local user in the opener's (and the browser's) command line.
   */
  async openWindow(): Promise<WindowResult> {
    this.#mode = "window";
    const page = await writeOpenPage(this.info.dataDir, this.info.instanceId, this.windowUrl());
    const result = await openInBrowser(page, this.context.env);
    this.#window = result;
    this.context.log(
      result.opened ? `opened the window (${result.how})` : `no window opened: ${result.how}`,
    );
    return { ...result, url: this.windowUrl() };
  }

  async handleUrl(url: string): Promise<AppStatus> {
    const action = parseQuarryUrl(url);
    if (action === "start-mcp") await this.ensureMcp("start-mcp-url");
    return this.status();
  }

  /** Starts the MCP server through the hook (idempotent); a failure is reported, never fatal. */
  async ensureMcp(reason: McpStartReason): Promise<void> {
    if (reason === "start-mcp-url") this.#mcpRequested = true;
    try {
      this.#mcp = await ensureMcpServer(this.context, reason, this.#mcp);
      this.#mcpError = undefined;
    } catch (e) {
      this.#mcpError = isQuarryError(e) ? `${e.message} ${e.remedy}` : String(e);
      this.context.log(`the MCP server did not start: ${this.#mcpError}`);
    }
  }

  async status(): Promise<AppStatus> {
    return {
      instanceId: this.info.instanceId,
      pid: this.info.pid,
      version: this.info.version,
      dataDir: this.info.dataDir,
      startedAt: this.info.startedAt,
      url: `http://127.0.0.1:${this.info.port}/`,
      mode: this.#mode,
      window: this.#window ? { opened: this.#window.opened, how: this.#window.how } : null,
      mcp: {
        requested: this.#mcpRequested,
        running: this.#mcp?.running ?? false,
        port: this.#mcp?.port ?? null,
        detail: this.#mcpError ?? (this.#mcp?.running ? "running" : "not running"),
      },
      plugins: await this.context.plugins.installed(),
    };
  }

  /**
   * Ends the app cleanly: instance.json first (nothing should find an app that is going away),
   * then the MCP server, clean-ups, the HTTP server, the opener's page, then the lock.
   */
  stop(reason = "asked to stop"): Promise<void> {
    this.#stopping ??= (async () => {
      this.context.log(`stopping (${reason})`);
      const step = async (what: string, fn: () => Promise<void> | void) => {
        try {
          await fn();
        } catch (e) {
          this.context.log(`while stopping, ${what} failed: ${(e as Error)?.message ?? e}`);
        }
      };
      await step("removing instance.json", () => removeInstanceInfo(this.info));
      if (this.#mcp) await step("the MCP server", () => this.#mcp?.stop());
      for (const cleanup of this.#cleanups.reverse()) await step("a clean-up", cleanup);
      if (this.#server) await step("the HTTP server", () => this.#server?.close());
      await step("removing the window's page", () =>
        removeOpenPage(this.info.dataDir, this.info.instanceId),
      );
      this.#lock.release();
      if (this.#signalHandler) {
        for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
          process.off(s, this.#signalHandler);
      }
      this.context.log("stopped");
      this.#resolveStopped();
    })();
    return this.#stopping;
  }

  /** Internal: wires the HTTP server and signals once the app is assembled. */
  attach(server: UiServer, handleSignals: boolean): void {
    this.#server = server;
    if (handleSignals) {
      // Kept until the app has stopped: a second Ctrl-C (or the SIGINT `npm start` passes on
      // after the terminal's) must not end the process half way, leaving instance.json behind.
      // A third one ends it at once, for a stop that hangs.
      let signals = 0;
      this.#signalHandler = (signal) => {
        signals++;
        if (signals === 1) void this.stop(signal);
        else if (signals === 2) this.context.log(`stopping already (${signal} again ends it now)`);
        else {
          removeInstanceInfoNow(this.info);
          process.exit(130);
        }
      };
      for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(s, this.#signalHandler);
      // The app owns this process: a stray error in one request or one plugin is logged, and the
      // app keeps serving everything else instead of dying with it.
      process.on("unhandledRejection", (reason) =>
        this.context.log(`unhandled rejection: ${(reason as Error)?.stack ?? reason}`),
      );
      process.on("uncaughtException", (e) =>
        this.context.log(`uncaught exception: ${e?.stack ?? e}`),
      );
    }
  }
}

/** Takes the instance lock, or finds the app that holds it (waiting while it starts up). */
async function acquireOrFind(
  dataDir: string,
): Promise<
  | { lock: InstanceLock; running?: undefined }
  | { lock?: undefined; running: { client: AppClient; status: AppStatus } }
> {
  const deadline = Date.now() + HANDOVER_WAIT_MS;
  for (;;) {
    const lock = InstanceLock.tryAcquire(dataDir);
    if (lock) return { lock };
    const running = await findRunningApp(dataDir);
    if (running) return { running };
    if (Date.now() > deadline) {
      const info = await readInstanceInfo(dataDir);
      throw errors.appNotResponding(
        info?.pid,
        "it holds this data folder's instance lock but its local server does not answer",
      );
    }
    await sleep(100);
  }
}

/** Starts the app, or hands over to the one already running for this data folder. */
export async function startApp(options: AppOptions = {}): Promise<StartResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? defaultLog;
  const background = options.background ?? false;
  const dataDir = await ensureAppDataDir(env);

  const found = await acquireOrFind(dataDir);
  if (found.running) {
    const { client } = found.running;
    let status = found.running.status;
    if (options.startMcp) status = await client.openUrl(START_MCP_URL);
    const window = background ? undefined : await client.openWindow();
    return { kind: "already-running", client, status, ...(window ? { window } : {}) };
  }

  const lock = found.lock;
  let server: UiServer | undefined;
  try {
    const plugins = pluginServiceFor(dataDir, env);
    await plugins.loadAll(); // failures are recorded and reported, never fatal
    for (const [id, e] of plugins.failures()) log(`plugin ${id} not loaded: ${e.message}`);

    const secret = randomBytes(32).toString("base64url");
    const info: InstanceInfo = {
      instanceId: randomUUID(),
      pid: process.pid,
      port: 0,
      secret,
      version: APP_VERSION,
      dataDir,
      startedAt: new Date().toISOString(),
    };
    const storage = await openAppStorage(env);
    const live = new LiveState(storage, uiJobs());
    const app = new RunningApp(lock, info, { env, plugins, live, log, background });

    // The UI's API over the app's services; Settings > Integrations reaches the MCP service
    // through the hook's handle (it starts after the API is built, so it is looked up each time).
    const mcp = createIntegrationsService({
      storage,
      service: () => app.mcpService,
      ensureService: () => app.ensureMcp("app-start"),
      env,
    });
    const services = new UiServices({
      storage,
      plugins,
      mcp,
      exportDir: join(dataDir, "exports"),
      live,
    });
    const api = createUiApi(services, { secret });
    const builtUi = join(UI_BUILD_DIR, "index.html");
    const placeholder = placeholderPage({ version: APP_VERSION, dataDir });

    server = await startUiServer({
      secret,
      routes: appRoutes(app),
      api,
      pages: (c) => (existsSync(builtUi) ? serveWebAssets(c) : placeholderResponse(placeholder)),
      ...(options.port ? { port: options.port } : {}),
      log,
    });
    info.port = server.port;
    app.attach(server, options.handleSignals ?? false);
    await writeInstanceInfo(info);
    log(
      `Quarry ${APP_VERSION} started (pid ${process.pid}, ${background ? "background" : "window"}) on ${server.origin}, data folder ${dataDir}`,
    );
    await app.ensureMcp(options.startMcp ? "start-mcp-url" : "app-start");
    const window = background ? undefined : await app.openWindow();
    return { kind: "started", app, ...(window ? { window } : {}) };
  } catch (e) {
    await server?.close().catch(() => {});
    lock.release();
    throw e;
  }
}
