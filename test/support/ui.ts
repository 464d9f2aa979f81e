/**
 * Browser tests of the web UI: Debian's chromium (installed when missing) driven by playwright-core,
 * against the app's UI server on real Elasticsearch nodes. Each test saves a screenshot of its final
 * screen under artifacts/screenshots/ (git-ignored).
 *
 * The UI server here is the same composition the app makes (`startUiServer`): Host/Origin checks
 * and the per-run secret, `/api/*` through the UI's API (`createUiApi`) and the built UI from
 * dist/web; only the app's own routes (/api/app/*) are left out.
 */

import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import {
  type BrowserContext,
  chromium,
  type Page,
  type Response as PwResponse,
} from "playwright-core";
import { buildPlugins } from "../../scripts/build-plugins.ts";
import { ensureWebBuilt } from "../../scripts/build-web.ts";
import { CHROMIUM, ensureSystemPackages } from "../../scripts/system-packages.ts";
import {
  type AppStorage,
  addConnection,
  openAppStorage,
} from "../../src/app/connections/connection-service.ts";
import { loadInstalledDrivers } from "../../src/app/connections/driver-registry.ts";
import { createUiApi, serveWebAssets, UiServices } from "../../src/app/http/api/index.ts";
import type { IntegrationsService } from "../../src/app/http/api/integrations.ts";
import { uiJobs } from "../../src/app/http/api/ui-jobs.ts";
import { startUiServer } from "../../src/app/http/server.ts";
import { LiveState } from "../../src/app/live/live-state.ts";
import { createIntegrationsService } from "../../src/app/mcp-host/integrations-service.ts";
import { type McpService, startMcpService } from "../../src/app/mcp-host/mcp-service.ts";
import { type PluginService, pluginServiceFor } from "../../src/app/plugins/service.ts";
import { connectionTo, type NodeName, node } from "./cluster.ts";
import { orderedBefore } from "./ordered-before.ts";
import { standIn } from "./stand-in.ts";

const root = join(import.meta.dirname, "..", "..");
export const screenshotsDir = join(root, "artifacts", "screenshots");

/** Installs Debian's chromium when it is missing (as root, with apt-get, under the machine-wide lock). */
export function ensureChromium(): string {
  ensureSystemPackages(["chromium"]);
  return CHROMIUM;
}

export interface UiApp {
  /** The URL the app would open: the page with this run's secret. */
  url: string;
  origin: string;
  secret: string;
  home: string;
  storage: AppStorage;
  services: UiServices;
  /** The app's MCP service, when started with `withMcp`. */
  mcpService?: McpService;
  close(): Promise<void>;
}

/**
 * Starts the UI server on 127.0.0.1 with a fresh app data folder (QUARRY_HOME). With `withMcp`,
 * Settings > Integrations runs over the app's real MCP service (as src/app/app.ts wires it).
 */
export interface UiAppOptions {
  plugins?: PluginService;
  mcp?: IntegrationsService;
  withMcp?: boolean;
  /** An app data folder to start on (a restart); it is then left in place by close(). */
  home?: string;
}

export async function startUiApp(options: UiAppOptions = {}): Promise<UiApp> {
  await ensureWebBuilt();
  const home = options.home ?? (await mkdtemp(join(tmpdir(), "qt-ui-home-")));
  await buildPlugins();
  const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
  const storage = await openAppStorage(env);
  await loadInstalledDrivers(storage.dir, env);
  const live = new LiveState(storage, uiJobs());
  const mcpService = options.withMcp ? await startMcpService({ env, storage, live }) : undefined;
  const mcp =
    options.mcp ??
    (mcpService ? createIntegrationsService({ storage, service: () => mcpService }) : undefined);
  const services = new UiServices({
    storage,
    exportDir: join(home, "exports"),
    plugins: options.plugins ?? pluginServiceFor(storage.dir, env),
    ...(mcp ? { mcp } : {}),
    live,
  });
  const secret = randomBytes(24).toString("base64url");
  const api = createUiApi(services, { secret });
  const server = await startUiServer({ secret, routes: [], api, pages: (c) => serveWebAssets(c) });
  const origin = server.origin;
  return {
    url: `${origin}/?secret=${secret}`,
    origin,
    secret,
    home,
    storage,
    services,
    ...(mcpService ? { mcpService } : {}),
    async close() {
      await mcpService?.stop();
      await live.close();
      await server.close();
      if (!options.home) await rm(home, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Launches chromium headless, with a fresh profile, at 1280x800. */
export async function openBrowser(): Promise<Browser> {
  const executablePath = ensureChromium();
  const profile = await mkdtemp(join(tmpdir(), "qt-ui-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
      if (errors.length) throw new Error(`The page threw: ${errors.join("; ")}`);
    },
  };
}

/** Saves the page as artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotsDir, { recursive: true });
  const file = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Saves the page as artifacts/<name>.png as well: the screens an issue asks to see (the restore
 * dialog, the user editor, the ES|QL table), beside every test's own under screenshots/.
 */
export async function artifact(page: Page, name: string): Promise<string> {
  await screenshot(page, name);
  const file = join(screenshotsDir, "..", `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Unique index names for these tests. */
export function uiIndex(what: string): string {
  return `qt-ui-${what}-${randomBytes(4).toString("hex")}`;
}

/** Saves the connection `dev` to the es8 node in the app under test; returns its id. */
export function addEs8Connection(app: UiApp): Promise<string> {
  return addNodeConnection(app, "es8", "dev");
}

/**
 * Saves a connection to a test node in the app under test (with its credentials when the node is
 * secured), named after the node unless told otherwise; returns its id.
 */
export async function addNodeConnection(
  app: UiApp,
  nodeName: NodeName,
  name: string = nodeName,
): Promise<string> {
  const { config, secrets } = connectionTo(node(nodeName));
  const saved = await addConnection(
    app.storage,
    { name, type: "elasticsearch", settings: { ...config } },
    secrets,
  );
  return saved.id;
}

/**
 * An app with a browser on it, for the tests of one suite (see `appWithBrowser`). `app`, `browser`
 * and `page` stand for the real ones once the suite started (test/support/stand-in.ts); `app` is
 * the one running, after a `restartApp()` too.
 */
export interface UiFixture {
  app: UiApp;
  browser: Browser;
  page: Page;
  /** Closes the app and starts it again on the same data folder (with `restartable`). */
  restartApp(): Promise<UiApp>;
}

export interface UiFixtureOptions extends UiAppOptions {
  /** The fixture makes the app's data folder, keeps it across `restartApp()`, removes it after. */
  restartable?: boolean;
}

/**
 * The app's UI server and a browser, started before the suite's tests (in the `describe` it is
 * called in, or the file) and closed after them. Options may be a function, read when the app
 * starts: what a `before` hook declared ahead of this call prepared (in a `describe`, or at the
 * top level with `orderedBefore`: hooks then run in that order).
 */
export function appWithBrowser(
  options: UiFixtureOptions | (() => UiFixtureOptions) = {},
): UiFixture {
  let appOptions: UiAppOptions = {};
  let ownHome: string | undefined;
  let app: UiApp | undefined;
  let browser: Browser | undefined;
  orderedBefore(async () => {
    const { restartable, ...rest } = typeof options === "function" ? options() : options;
    if (restartable) ownHome = await mkdtemp(join(tmpdir(), "qt-ui-home-"));
    appOptions = ownHome ? { ...rest, home: ownHome } : rest;
    app = await startUiApp(appOptions);
    browser = await openBrowser();
  });
  after(async () => {
    // The app is closed even when the browser reports the page's errors: a server left listening
    // would keep the file's process from ever ending.
    try {
      await browser?.close();
    } finally {
      await app?.close();
      if (ownHome) await rm(ownHome, { recursive: true, force: true });
    }
  });
  return {
    app: standIn("The app", () => app),
    browser: standIn("The browser", () => browser),
    page: standIn("The page", () => browser?.page),
    async restartApp() {
      if (!ownHome || !app)
        throw new Error("restartApp needs appWithBrowser({ restartable: true })");
      await app.close();
      app = await startUiApp(appOptions);
      return app;
    },
  };
}

/**
 * Presses the connection editor's Test and answers the app's reply (the test of a new connection,
 * or of a saved one), waited for from before the press.
 */
export async function pressTest(page: Page): Promise<PwResponse> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/connections\/(?:[^/]+\/)?test$/.test(r.url()),
    { timeout: 60_000 },
  );
  await page.getByRole("button", { name: "Test", exact: true }).click();
  return answered;
}
