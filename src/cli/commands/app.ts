/**
 * The app process from the command line: `quarry` / `quarry start [--background]`, `quarry stop`,
 * `quarry status`, `quarry open-url <url>` and `quarry install-desktop`. One app runs per data
 * folder; a second start hands over to it (docs/cli.md).
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { Command } from "commander";
import type { RunningApp } from "../../app/app.ts";
import { type AppStatus, findRunningApp, type WindowResult } from "../../app/process/app-client.ts";
import { CHILD_COMMAND, type ChildReport, spawnBackgroundApp } from "../../app/process/daemon.ts";
import { installDesktop, removeDesktop } from "../../app/process/desktop.ts";
import { lockIsHeld, readInstanceInfo } from "../../app/process/instance.ts";
import { parseQuarryUrl } from "../../app/process/quarry-url.ts";
import { isAlive } from "../../app/storage/atomic-write.ts";
import { appDataDir, ensureAppDataDir } from "../../app/storage/paths.ts";
import { errors, isQuarryError, QuarryError } from "../../core/errors.ts";
import { handleClosedOutput, onClosedOutput } from "../closed-output.ts";
import { wantsJson } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine } from "../output.ts";

const STOP_WAIT_MS = 15_000;

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new QuarryError(
      "invalid_input",
      `--port: "${value}" is not a port number`,
      "Give a number from 1 to 65535, or leave --port out to let the system choose a free port.",
    );
  }
  return port;
}

function windowLines(window: WindowResult | undefined): string[] {
  if (!window) return [];
  if (window.opened) return ["Its window is open in your browser."];
  return [`No browser window was opened (${window.how}). Open this address:`, `  ${window.url}`];
}

/** The secret-bearing address only when no browser could show it. */
function windowJson(window: WindowResult | undefined) {
  if (!window) return null;
  return { opened: window.opened, how: window.how, ...(window.opened ? {} : { url: window.url }) };
}

/**
 * Runs the app in this process until it is stopped (Ctrl-C, `quarry stop`), or hands over to the
 * one already running. Used by `quarry start` and by `npm start`.
 */
export async function runAppInForeground(
  options: { port?: number; json?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const { startApp } = await import("../../app/app.ts"); // the app's parts load only to run it
  const result = await startApp({
    background: false,
    handleSignals: true,
    ...(options.port ? { port: options.port } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  if (result.kind === "already-running") {
    const { status, window } = result;
    if (options.json) {
      printJson({
        alreadyRunning: true,
        pid: status.pid,
        url: status.url,
        window: windowJson(window),
      });
    } else {
      printLine(`Quarry is already running (pid ${status.pid}, data folder ${status.dataDir}).`);
      for (const line of windowLines(window)) printLine(line);
    }
    return;
  }
  const { app, window } = result;
  // A closed output (the terminal's reader went away) ends the app as it ends any command, but
  // cleanly: instance.json removed, the lock released.
  handleClosedOutput();
  const restore = onClosedOutput((status) => {
    process.exitCode = status;
    void app.stop("its output was closed");
  });
  void app.stopped.then(restore);
  if (options.json) {
    printJson({
      started: true,
      pid: app.info.pid,
      url: `http://127.0.0.1:${app.info.port}/`,
      dataDir: app.info.dataDir,
      window: windowJson(window),
    });
  } else {
    printLine(`Quarry ${app.info.version} is running (pid ${app.info.pid}).`);
    printLine(`  UI:          http://127.0.0.1:${app.info.port}/`);
    printLine(`  Data folder: ${app.info.dataDir}`);
    for (const line of windowLines(window)) printLine(line);
    printLine("Stop it with Ctrl-C here, or with quarry stop from another terminal.");
  }
  await app.stopped;
}

function printStatus(status: AppStatus): void {
  printLine(`Quarry ${status.version} is running (pid ${status.pid}).`);
  printLine(`  Mode:        ${modeText(status)}`);
  printLine(`  UI:          ${status.url}`);
  printLine(`  Data folder: ${status.dataDir}`);
  printLine(`  Started:     ${status.startedAt}`);
  printLine(
    `  MCP server:  ${status.mcp.running ? `running on port ${status.mcp.port}` : `not running (${status.mcp.detail})`}`,
  );
  if (status.plugins.length === 0) printLine("  Plugins:     none installed");
  for (const p of status.plugins) {
    const state = p.status === "ok" ? "ok" : `BROKEN: ${p.error?.message ?? "cannot be loaded"}`;
    printLine(`  Plugin:      ${p.id} ${p.version} (${state})`);
  }
}

/** The mode as it is: a window asked for is not a window opened. */
function modeText(status: AppStatus): string {
  if (status.mode === "background") return "background (no window)";
  const w = status.window;
  if (w?.opened) return `window (opened with ${w.how})`;
  return `window, but none was opened${w ? ` (${w.how})` : ""}; quarry start opens one or prints its address`;
}

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

export function registerAppCommands(program: Command): void {
  program
    .command("start", { isDefault: true })
    .description(
      "start Quarry and open its window (the default command); hands over to a running Quarry",
    )
    .option("--background", "start with no window: nothing opens and nothing is shown")
    .option("--port <port>", "the UI server's port on 127.0.0.1 (default: any free port)")
    // As the default command it receives any word that is not a command: name it as such.
    .allowExcessArguments(true)
    .action(async (flags: { background?: boolean; port?: string }, cmd: Command) => {
      if (cmd.args.length > 0) {
        throw new QuarryError(
          "invalid_input",
          `"${cmd.args[0]}" is not a quarry command`,
          "quarry --help lists the commands; quarry alone starts Quarry.",
        );
      }
      const json = wantsJson(cmd);
      const port = parsePort(flags.port);
      if (!flags.background) {
        await runAppInForeground({ ...(port ? { port } : {}), json });
        process.exit(process.exitCode ?? EXIT.ok);
      }
      const dataDir = await ensureAppDataDir();
      const running = await findRunningApp(dataDir);
      const report: ChildReport | undefined = running
        ? { type: "already-running", pid: running.status.pid }
        : await spawnBackgroundApp({ dataDir, ...(port ? { port } : {}) });
      if (report.type === "failed") {
        throw new QuarryError(
          report.error.code as QuarryError["code"],
          report.error.message,
          report.error.remedy,
        );
      }
      if (json)
        printJson({
          background: true,
          alreadyRunning: report.type === "already-running",
          pid: report.pid,
        });
      else if (report.type === "already-running") {
        printLine(`Quarry is already running (pid ${report.pid}); it was left as it is.`);
      } else {
        printLine(
          `Quarry is running in the background (pid ${report.pid}). quarry start opens its window; quarry stop ends it.`,
        );
      }
    });

  // The detached process `start --background` and `open-url` launch; not for people.
  program
    .command(CHILD_COMMAND, { hidden: true })
    .option("--start-mcp")
    .option("--port <port>")
    .action(async (flags: { startMcp?: boolean; port?: string }) => {
      const send = (r: ChildReport) => process.send?.(r);
      let app: RunningApp | undefined;
      try {
        const port = parsePort(flags.port);
        const { startApp } = await import("../../app/app.ts");
        const result = await startApp({
          background: true,
          handleSignals: true,
          ...(flags.startMcp ? { startMcp: true } : {}),
          ...(port ? { port } : {}),
        });
        if (result.kind === "already-running")
          send({ type: "already-running", pid: result.status.pid });
        else {
          app = result.app;
          send({ type: "started", pid: app.info.pid, port: app.info.port });
        }
      } catch (e) {
        const error = isQuarryError(e)
          ? e.toJSON()
          : { code: "internal", message: String((e as Error)?.stack ?? e), remedy: "" };
        process.stderr.write(`${new Date().toISOString()} failed to start: ${error.message}\n`);
        send({ type: "failed", error });
        process.exit(EXIT.failed);
      }
      if (process.connected) process.disconnect();
      if (app) await app.stopped;
      process.exit(EXIT.ok);
    });

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

  program
    .command("status")
    .description("tell whether Quarry is running, and how (exit status 1 when it is not)")
    .action(async (_flags: unknown, cmd: Command) => {
      const json = wantsJson(cmd);
      const dataDir = appDataDir();
      const running = await findRunningApp(dataDir);
      if (running) {
        if (json) printJson({ running: true, ...running.status });
        else printStatus(running.status);
        return;
      }
      const held = lockIsHeld(dataDir);
      if (json) printJson({ running: false, dataDir, ...(held ? { unresponsive: true } : {}) });
      else if (held) {
        printLine(
          "A Quarry process holds this data folder but does not answer (starting, or stuck).",
        );
        printLine("Wait a moment, or end it with quarry stop --force.");
      } else printLine(`Quarry is not running (data folder ${dataDir}).`);
      process.exitCode = EXIT.failed;
    });

  program
    .command("open-url")
    .description(
      "handle a quarry:// URL: quarry://integrations/start-mcp starts Quarry in the background with its MCP server",
    )
    .argument("<url>", "the quarry:// URL")
    .action(async (url: string, _flags: unknown, cmd: Command) => {
      const json = wantsJson(cmd);
      parseQuarryUrl(url); // refuse an unknown URL before starting anything
      const dataDir = await ensureAppDataDir();
      const running = await findRunningApp(dataDir);
      let pid: number;
      if (running) {
        pid = (await running.client.openUrl(url)).pid;
      } else {
        const report = await spawnBackgroundApp({ dataDir, startMcp: true });
        if (report.type === "failed") {
          throw new QuarryError(
            report.error.code as QuarryError["code"],
            report.error.message,
            report.error.remedy,
          );
        }
        pid = report.pid;
      }
      if (json) printJson({ handled: url, pid });
      else printLine(`Quarry (pid ${pid}) handled ${url}.`);
    });

  program
    .command("install-desktop")
    .description("register Quarry and its quarry:// scheme with the Linux desktop (xdg-mime)")
    .option("--remove", "take the registration away again")
    .action(async (flags: { remove?: boolean }, cmd: Command) => {
      const res = flags.remove ? await removeDesktop() : await installDesktop();
      if (wantsJson(cmd)) {
        printJson({ installed: !flags.remove, ...res });
        return;
      }
      if (flags.remove) {
        printLine("Removed Quarry's desktop entries and its quarry:// registration:");
        for (const f of res.files) printLine(`  ${f}`);
        return;
      }
      printLine("Installed Quarry's desktop entries:");
      for (const f of res.files) printLine(`  ${f}`);
      printLine(
        `quarry:// links now open with ${res.exec} open-url (registered with ${res.registeredWith}).`,
      );
      printLine("Check: xdg-mime query default x-scheme-handler/quarry");
    });
}
