/**
 * Test support for the stdio bridge: a temporary app data folder, the real app started in this
 * process (its MCP server and handshake file as in production), and the official MCP client
 * spawning the real `bin/quarry-mcp` over stdio with the minimal environment AI clients give it
 * (a PATH whose `node`, if any, is not Quarry's).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type RunningApp, startApp } from "../../src/app/app.ts";
import { type AppStorage, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { orderedBefore } from "./ordered-before.ts";
import { standIn } from "./stand-in.ts";

const root = join(import.meta.dirname, "..", "..");
export const BRIDGE = join(root, "bin", "quarry-mcp");
export const QUARRY = join(root, "bin", "quarry");

export type Era = "2026-07-28" | "2025-11-25" | "2025-06-18";

export interface BridgeHome {
  dir: string;
  /** The environment of an app started for this folder. */
  env: NodeJS.ProcessEnv;
  storage: AppStorage;
  /** The bridge's environment: minimal, as AI clients spawn it. */
  bridgeEnv(extra?: Record<string, string>): Record<string, string>;
  cleanup(): Promise<void>;
}

export async function bridgeHome(): Promise<BridgeHome> {
  const base = await mkdtemp(join(tmpdir(), "qt-bridge-"));
  const dir = join(base, "home");
  const isolated = {
    QUARRY_HOME: dir,
    QUARRY_SECRET_STORE: "file",
    QUARRY_BROWSER: "none",
    // No quarry:// handler from the machine's own desktop settings.
    XDG_DATA_HOME: join(base, "xdg-data"),
    XDG_CONFIG_HOME: join(base, "xdg-config"),
  };
  const env = { ...process.env, ...isolated };
  const storage = await openAppStorage(env);
  return {
    dir,
    env,
    storage,
    bridgeEnv: (extra = {}) => ({
      HOME: process.env.HOME ?? "/root",
      PATH: "/usr/bin:/bin",
      ...isolated,
      ...extra,
    }),
    cleanup: async () => {
      // A background app a bridge launched for this folder is stopped (never anything else).
      spawnSync(QUARRY, ["stop"], { env, encoding: "utf8", timeout: 60_000 });
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** The real app, in this process, in background mode (its MCP server on, no window). */
export async function startAppIn(
  home: BridgeHome,
  extraEnv: Record<string, string> = {},
): Promise<RunningApp> {
  const result = await startApp({
    background: true,
    env: { ...home.env, ...extraEnv },
    log: () => {},
  });
  if (result.kind !== "started") throw new Error("an app already runs for this test folder");
  return result.app;
}

/**
 * A fixture: a fresh bridge home with the real app running in it for the whole suite, stopped and
 * removed after it (docs/testing.md, "Fixtures").
 */
export function appInBridgeHome(): { home: BridgeHome; app: RunningApp } {
  let home: BridgeHome | undefined;
  let app: RunningApp | undefined;
  orderedBefore(async () => {
    home = await bridgeHome();
    app = await startAppIn(home);
  });
  after(async () => {
    await app?.stop();
    await home?.cleanup();
  });
  return { home: standIn("the bridge home", () => home), app: standIn("the app", () => app) };
}

export interface BridgeSession {
  client: Client;
  transport: StdioClientTransport;
  /** What the bridge wrote to standard error so far. */
  stderr(): string;
  close(): Promise<void>;
}

export function newClient(era: Era): Client {
  return new Client(
    { name: `bridge-test-${era}`, version: "1.0.0" },
    era === "2026-07-28"
      ? { versionNegotiation: { mode: { pin: "2026-07-28" } } }
      : { supportedProtocolVersions: [era] },
  );
}

/** The official MCP client over stdio, spawning bin/quarry-mcp (no arguments). */
export async function bridgeClient(
  home: Pick<BridgeHome, "bridgeEnv">,
  era: Era,
  extraEnv: Record<string, string> = {},
): Promise<BridgeSession> {
  const transport = new StdioClientTransport({
    command: BRIDGE,
    args: [],
    env: home.bridgeEnv(extraEnv),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString("utf8");
  });
  const client = newClient(era);
  await client.connect(transport);
  return {
    client,
    transport,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The JSON-RPC error a client call was refused with. */
export async function rpcErrorOf(
  p: Promise<unknown>,
): Promise<{ code: number; message: string; data?: unknown }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof err.code === "number")
      return { code: err.code, message: String(err.message), data: err.data };
    throw e;
  }
  throw new Error("expected the call to be refused");
}

/**
 * Runs bin/quarry-mcp on raw lines (what no client library would send, or to see exactly what it
 * writes): returns every message it wrote to stdout (each line must be JSON) and its stderr.
 */
export async function rawBridge(
  env: Record<string, string>,
  lines: (string | object)[],
): Promise<{ messages: Record<string, unknown>[]; stderr: string; code: number | null }> {
  const { spawn } = await import("node:child_process");
  const child = spawn(BRIDGE, [], { env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    stderr += c;
  });
  child.stdin.end(
    `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
  );
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const messages = out
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { messages, stderr, code };
}

/** `params._meta` of a 2026-07-28 request. */
export const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-test", version: "1" },
};
