/** `quarry plugins remove <plugin>`: remove a plugin; its saved connections are kept. */
import type { Command } from "commander";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { service } from "./shared.ts";

export function registerRemove(group: Command): void {
  group
    .command("remove")
    .description("remove an installed plugin (its saved connections are kept)")
    .argument("<plugin>", "the plugin's id or database type")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const res = await (await service()).remove(name);
      if (wantsJson(cmd)) printJson(res);
      else {
        printLine(`Removed ${res.id}.`);
        printLine("Saved connections of its type are kept; opening one installs the driver again.");
      }
    });
}
