/** `quarry plugins update [plugin]`: bring installed plugins to the catalog's version. */
import type { Command } from "commander";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { progressPrinter, service } from "./shared.ts";

export function registerUpdate(group: Command): void {
  group
    .command("update")
    .description("bring installed plugins (or the one named) to the catalog's version")
    .argument("[plugin]", "the plugin's id or database type")
    .action(async (name: string | undefined, _flags: unknown, cmd: Command) => {
      const json = wantsJson(cmd);
      const results = await (await service()).update(name, { onProgress: progressPrinter(json) });
      if (json) {
        printJson(results);
        return;
      }
      if (results.length === 0) printLine("No plugins are installed.");
      for (const r of results) {
        if (r.note) printLine(`${r.id} ${r.from}: ${r.note}, left as it is.`);
        else if (r.changed) printLine(`${r.id}: ${r.from || "(damaged)"} → ${r.to}`);
        else printLine(`${r.id} ${r.to} is up to date.`);
      }
    });
}
