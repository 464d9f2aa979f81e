/**
 * Background mode: `quarry start --background` and `quarry open-url` start the app as a detached
 * process (its own session, no terminal, no window) that writes its log to logs/app.log in the app
 * data folder, and return once it answers. The child tells its parent over an IPC channel whether
 * it started or found another app running, then lets the channel go.
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { errors } from "../../core/errors.ts";
import { ensurePrivateDir } from "../storage/paths.ts";
import { installPaths } from "./install.ts";
import { APP_ENV, APP_NODE_FLAGS } from "./node-flags.ts";

export const LOG_DIR = "logs";
export const LOG_FILE = "app.log";
const LOG_MAX_BYTES = 5 * 1024 * 1024;
const READY_TIMEOUT_MS = 30_000;
/** The hidden CLI command the detached child runs. */
export const CHILD_COMMAND = "run-app";

/** What the detached child reports to its parent. */
export type ChildReport =
  | { type: "started"; pid: number; port: number }
  | { type: "already-running"; pid: number }
  | { type: "failed"; error: { code: string; message: string; remedy: string } };

export async function logFile(dataDir: string): Promise<string> {
  const dir = await ensurePrivateDir(join(dataDir, LOG_DIR));
  const path = join(dir, LOG_FILE);
  try {
    if (statSync(path).size > LOG_MAX_BYTES) renameSync(path, `${path}.1`); // keep one old log
  } catch {
    // no log yet
  }
  return path;
}

/** Starts the app detached, in the background, and waits for its report. */
export async function spawnBackgroundApp(options: {
  dataDir: string;
  startMcp?: boolean;
  port?: number;
  env?: NodeJS.ProcessEnv;
}): Promise<ChildReport & { logPath: string }> {
  const logPath = await logFile(options.dataDir);
  const fd = openSync(logPath, "a", 0o600);
  // The launcher's flags are not inherited by a process spawned from here: the app's are given
  // again, with its allocator's settings.
  const args = [...APP_NODE_FLAGS, installPaths.cliEntry, CHILD_COMMAND];
  if (options.startMcp) args.push("--start-mcp");
  if (options.port) args.push("--port", String(options.port));
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", fd, fd, "ipc"],
    env: { ...(options.env ?? process.env), ...APP_ENV },
    cwd: options.dataDir,
  });
  closeSync(fd);
  try {
    const report = await new Promise<ChildReport>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            errors.appNotResponding(
              child.pid,
              `it did not start within ${READY_TIMEOUT_MS / 1000} s (log: ${logPath})`,
            ),
          ),
        READY_TIMEOUT_MS,
      );
      child.once("message", (m) => {
        clearTimeout(timer);
        resolve(m as ChildReport);
      });
      child.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(
          errors.appNotResponding(
            child.pid,
            `it ended while starting (${signal ?? `exit status ${code}`}); see ${logPath}`,
          ),
        );
      });
    });
    return { ...report, logPath };
  } finally {
    child.removeAllListeners();
    if (child.connected) child.disconnect();
    child.unref();
  }
}
