/**
 * `quarry status`: whether Quarry is running, and how (exit status 1 when it is not).
 */
import type { Command } from "commander";
import type { AppStatus } from "../../../app/context.ts";
import { findRunningApp } from "../../../app/http/app-client.ts";
import { lockIsHeld } from "../../../app/process/instance.ts";
import { appDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { EXIT } from "../../exit-codes.ts";
import { printJson, printLine } from "../../output.ts";

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

export function registerStatus(program: Command): void {
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
}
