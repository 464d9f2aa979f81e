/**
 * `quarry` / `quarry start [--background]`: start Quarry and open its window, or start it with no
 * window; either hands over to a Quarry already running on this data folder.
 */
import type { Command } from "commander";
import { findRunningApp } from "../../../app/http/app-client.ts";
import { type ChildReport, spawnBackgroundApp } from "../../../app/process/daemon.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { QuarryError } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { EXIT } from "../../exit-codes.ts";
import { printJson, printLine } from "../../output.ts";
import { runAppInForeground } from "./foreground.ts";
import { failedStart, portFlag } from "./shared.ts";

export function registerStart(program: Command): void {
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
      const port = portFlag(flags.port);
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
        throw failedStart(report.error);
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
}
