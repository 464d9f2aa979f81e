/** `quarry plugins browse`: what the catalog offers, and what of it is installed. */
import type { Command } from "commander";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { service } from "./shared.ts";

export function registerBrowse(group: Command): void {
  group
    .command("browse")
    .description("the plugins the catalog offers, and which are installed")
    .action(async (_flags: unknown, cmd: Command) => {
      const s = await service();
      const location = await s.catalogLocation();
      const offered = await s.browse();
      if (wantsJson(cmd)) {
        printJson({ catalog: location, plugins: offered });
        return;
      }
      printLine(`Catalog: ${location.url} (${location.source})`);
      printTable(
        ["database type", "available", "installed", "state"],
        offered.map((p) => [
          p.displayName,
          p.availableVersion,
          p.installedVersion ?? "-",
          p.loadError
            ? "installed, broken"
            : p.updateAvailable
              ? "update available"
              : p.installed
                ? "installed"
                : "not installed",
        ]),
      );
    });
}
