/** `quarry plugins list`: installed plugins, each checked against its SHA-256 as it would load. */
import type { Command } from "commander";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { service } from "./shared.ts";

export function registerList(group: Command): void {
  group
    .command("list")
    .description("installed plugins, each checked against its SHA-256")
    .action(async (_flags: unknown, cmd: Command) => {
      const installed = await (await service()).installed();
      if (wantsJson(cmd)) {
        printJson(installed);
        return;
      }
      if (installed.length === 0) {
        printLine("No plugins are installed. See what is available with quarry plugins browse.");
        return;
      }
      printTable(
        ["plugin", "version", "database type", "status"],
        installed.map((p) => [
          p.id,
          p.version,
          p.displayName,
          p.status === "ok" ? "ok" : `BROKEN: ${p.error?.message ?? ""}`,
        ]),
        100,
      );
      for (const p of installed.filter((x) => x.error)) {
        printLine();
        printLine(`${p.id}: ${p.error!.remedy}`);
      }
    });
}
