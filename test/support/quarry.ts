/**
 * Running the real `quarry` command in tests: each test gets its own app data folder (QUARRY_HOME)
 * and a "browser" that only records the URLs it is asked to open (QUARRY_BROWSER), and every app
 * process a test starts is stopped afterwards.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { connectionTo, type NodeName, node } from "./cluster.ts";

const root = join(import.meta.dirname, "..", "..");
export const QUARRY = join(root, "bin", "quarry");

export interface Sandbox {
  home: string;
  env: NodeJS.ProcessEnv;
  /**
   * Where the "browser" was sent, in order: for the page the app opens with (a `file:` URL), the
   * address that page leads to, read by the browser as a real one reads it.
   */
  opened(): string[];
  /** The arguments the "browser" was started with, exactly (what any local user could read). */
  openedArgs(): string[];
  /** Runs `quarry <args>` to completion (blocking this process: nothing here can answer it). */
  run(args: string[], options?: { input?: string; env?: NodeJS.ProcessEnv }): CliResult;
  /** Runs `quarry <args>` to completion while this process goes on serving (e.g. a catalog). */
  runAsync(args: string[], options?: { env?: NodeJS.ProcessEnv }): Promise<CliResult>;
  /** Starts `quarry <args>` and leaves it running (a foreground app). */
  spawn(args: string[]): ChildProcess;
  /** Stops every app this sandbox started and removes its folder. */
  dispose(): Promise<void>;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function sandbox(extraEnv: NodeJS.ProcessEnv = {}): Sandbox {
  const base = mkdtempSync(join(tmpdir(), "qt-app-"));
  const home = extraEnv.QUARRY_HOME ?? join(base, "home");
  const openedLog = join(base, "opened.log");
  const argsLog = join(base, "opened-args.log");
  const browser = join(base, "browser.sh");
  writeFileSync(
    browser,
    [
      "#!/bin/sh",
      `printf '%s\\n' "$1" >> '${argsLog}'`,
      'case "$1" in',
      // The page's address: location.replace("…") in the file it names.
      `  file://*) sed -n 's/.*location\\.replace("\\(.*\\)");.*/\\1/p' "\${1#file://}" >> '${openedLog}' ;;`,
      `  *) printf '%s\\n' "$1" >> '${openedLog}' ;;`,
      "esac",
      "",
    ].join("\n"),
  );
  chmodSync(browser, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    QUARRY_HOME: home,
    QUARRY_BROWSER: browser,
    QUARRY_SECRET_STORE: "file",
    ...extraEnv,
  };
  const children: ChildProcess[] = [];
  const pids = new Set<number>();
  const remember = (r: CliResult) => {
    for (const m of `${r.stdout}\n${r.stderr}`.matchAll(/"?pid"?:?\s+(\d+)/g))
      pids.add(Number(m[1]));
    for (const m of `${r.stdout}\n${r.stderr}`.matchAll(/\(pid (\d+)/g)) pids.add(Number(m[1]));
  };
  return {
    home,
    env,
    opened: () =>
      existsSync(openedLog) ? readFileSync(openedLog, "utf8").split("\n").filter(Boolean) : [],
    openedArgs: () =>
      existsSync(argsLog) ? readFileSync(argsLog, "utf8").split("\n").filter(Boolean) : [],
    run(args, options = {}) {
      const res = spawnSync(QUARRY, args, {
        env: { ...env, ...options.env },
        input: options.input ?? "",
        encoding: "utf8",
        timeout: 120_000,
      });
      const out = { status: res.status, stdout: res.stdout, stderr: res.stderr };
      remember(out);
      return out;
    },
    async runAsync(args, options = {}) {
      const child = spawn(QUARRY, args, {
        env: { ...env, ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c) => {
        stdout += c;
      });
      child.stderr.on("data", (c) => {
        stderr += c;
      });
      const [status] = (await once(child, "close")) as [number | null];
      const out = { status, stdout, stderr };
      remember(out);
      return out;
    },
    spawn(args) {
      const child = spawn(QUARRY, args, { env, stdio: ["ignore", "pipe", "pipe"] });
      children.push(child);
      if (child.pid) pids.add(child.pid);
      return child;
    },
    async dispose() {
      spawnSync(QUARRY, ["stop", "--force"], { env, encoding: "utf8", timeout: 60_000 });
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      // Anything still alive that this sandbox started (a detached background app) is ended.
      for (const pid of pids) {
        if (isQuarryApp(pid, home)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // already gone
          }
        }
      }
      await sleep(50);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Whether a process is a Quarry app of this data folder (never signal anything else). */
function isQuarryApp(pid: number, home: string): boolean {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
    return environ.includes(`QUARRY_HOME=${home}\0`);
  } catch {
    return false;
  }
}

/** Waits until `check` is true, polling every 50 ms, or fails after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Collects a child's output as it arrives. */
export function collect(child: ChildProcess): { text(): string } {
  let text = "";
  child.stdout?.on("data", (c) => {
    text += c;
  });
  child.stderr?.on("data", (c) => {
    text += c;
  });
  return { text: () => text };
}

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * What `quarry` commands are given to reach a test node: its URL when it is unsecured; for a
 * secured one, a connection named after it saved in the CLI data folder `home` (credentials, CA).
 */
export async function cliTargetFor(home: string, name: NodeName): Promise<string> {
  const n = node(name);
  if (!n.secured) return n.url;
  const storage = await openAppStorage({ ...process.env, QUARRY_HOME: home });
  const { config, secrets } = connectionTo(n);
  await addConnection(storage, { name, type: "elasticsearch", settings: { ...config } }, secrets);
  return name;
}
