/**
 * `quarry stop [--force]`: end the running Quarry cleanly, or, forced, its process (only one that
 * is a Quarry app).
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { Command } from "commander";
import { findRunningApp } from "../../../app/http/app-client.ts";
import { lockIsHeld, readInstanceInfo } from "../../../app/process/instance.ts";
import { isAlive } from "../../../app/storage/atomic-write.ts";
import { appDataDir } from "../../../app/storage/paths.ts";
import { errors } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

const STOP_WAIT_MS = 15_000;

/** Whether a process id is a Quarry app (so `stop --force` never signals an unrelated process). */
function looksLikeQuarry(pid: number): boolean {
  if (process.platform !== "linux") return isAlive(pid);
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /src\/cli\/main\.ts|scripts\/start\.ts|quarry/.test(cmdline);
  } catch {
    return false;
  }
}

async function waitForRelease(dataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!lockIsHeld(dataDir)) return true;
    await sleep(100);
  }
  return !lockIsHeld(dataDir);
}

async function forceStop(dataDir: string): Promise<number | undefined> {
  const info = await readInstanceInfo(dataDir);
  const pid = info?.pid;
  if (!pid || !isAlive(pid) || !looksLikeQuarry(pid)) return undefined;
  process.kill(pid, "SIGTERM");
  if (await waitForRelease(dataDir, 5_000)) return pid;
  process.kill(pid, "SIGKILL");
  await waitForRelease(dataDir, 5_000);
  return pid;
}

export function registerStop(program: Command): void {
  program
    .command("stop")
    .description("end the running Quarry cleanly")
    .option("--force", "if it does not answer, end its process (SIGTERM, then SIGKILL)")
    .action(async (flags: { force?: boolean }, cmd: Command) => {
      const json = wantsJson(cmd);
      const dataDir = appDataDir();
      const running = await findRunningApp(dataDir);
      let pid: number | undefined;
      if (running) {
        pid = running.status.pid;
        await running.client.stop();
        if (!(await waitForRelease(dataDir, STOP_WAIT_MS))) {
          if (!flags.force) {
            throw errors.appNotResponding(pid, `it did not end within ${STOP_WAIT_MS / 1000} s`);
          }
          await forceStop(dataDir);
        }
      } else if (lockIsHeld(dataDir)) {
        const info = await readInstanceInfo(dataDir);
        if (!flags.force)
          throw errors.appNotResponding(info?.pid, "its local server does not answer");
        pid = await forceStop(dataDir);
        if (pid === undefined || lockIsHeld(dataDir)) {
          throw errors.appNotResponding(
            info?.pid,
            "its process could not be identified or ended; end it with your system's process manager",
          );
        }
      } else {
        if (json) printJson({ stopped: false, running: false });
        else printLine("Quarry is not running.");
        return;
      }
      if (json) printJson({ stopped: true, pid });
      else printLine(`Quarry (pid ${pid}) has stopped.`);
    });
}
