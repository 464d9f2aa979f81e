/**
 * `quarry open-url <url>`: handle a quarry:// URL, starting Quarry in the background if needed.
 */
import type { Command } from "commander";
import { findRunningApp } from "../../../app/http/app-client.ts";
import { spawnBackgroundApp } from "../../../app/process/daemon.ts";
import { parseQuarryUrl } from "../../../app/process/quarry-url.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { failedStart } from "./shared.ts";

export function registerOpenUrl(program: Command): void {
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
          throw failedStart(report.error);
        }
        pid = report.pid;
      }
      if (json) printJson({ handled: url, pid });
      else printLine(`Quarry (pid ${pid}) handled ${url}.`);
    });
}
