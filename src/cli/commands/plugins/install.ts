/** `quarry plugins install <plugin>`: download from the catalog, verify and install. */
import type { Command } from "commander";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { progressPrinter, service } from "./shared.ts";

export function registerInstall(group: Command): void {
  group
    .command("install")
    .description("download a plugin from the catalog, check its SHA-256 and install it")
    .argument("<plugin>", "the plugin's id or database type, e.g. elasticsearch")
    .option("--force", "download and install again even when it is installed and intact")
    .action(async (name: string, flags: { force?: boolean }, cmd: Command) => {
      const json = wantsJson(cmd);
      const res = await (await service()).install(name, {
        force: flags.force ?? false,
        onProgress: progressPrinter(json),
      });
      if (json) printJson(res);
      else if (!res.changed)
        printLine(`${res.record.id} ${res.record.version} is already installed.`);
      else
        printLine(
          `Installed ${res.record.id} ${res.record.version} (SHA-256 ${res.record.sha256}).`,
        );
    });
}
