/** `quarry query folder [path] [--clear]`: show, set or clear the shared queries folder. */
import type { Command } from "commander";
import { projectFolder, setProjectFolder } from "../../../app/queries/queries-settings.ts";
import { appDataDir } from "../../../app/storage/paths.ts";
import { QuarryError } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerFolder(group: Command): void {
  group
    .command("folder")
    .description(
      "show the shared queries folder, set it (it must exist), or clear it (QUARRY_QUERIES wins over it)",
    )
    .argument("[path]", "the folder your team shares (made absolute)")
    .option("--clear", "forget the setting: only the data folder's queries remain")
    .action(async (path: string | undefined, flags: { clear?: boolean }, cmd: Command) => {
      if (path !== undefined && flags.clear)
        throw new QuarryError(
          "invalid_input",
          "Give a folder or --clear, not both",
          "quarry query folder <path> sets it; quarry query folder --clear forgets it.",
        );
      const data = appDataDir();
      if (path !== undefined || flags.clear)
        await setProjectFolder(data, flags.clear ? null : (path ?? null));
      const now = await projectFolder(data);
      if (wantsJson(cmd)) {
        printJson({
          folder: now.folder ?? null,
          from: now.from,
          setting: now.setting ?? null,
          ...(now.problem ? { problem: now.problem } : {}),
        });
        return;
      }
      if (now.problem) process.stderr.write(`warning: ${now.problem}\n`);
      if (path !== undefined) printLine(`Shared queries folder set to ${now.setting}.`);
      else if (flags.clear) printLine("Shared queries folder cleared.");
      if (now.from === "env") {
        printLine(`${now.folder} (from QUARRY_QUERIES, which wins over the setting)`);
        if (now.setting)
          printLine(`The setting, unused while QUARRY_QUERIES is set: ${now.setting}`);
      } else if (path === undefined && !flags.clear)
        printLine(now.folder ?? "No shared queries folder is set: quarry query folder <path>");
    });
}
