/** `quarry plugins catalog [url]`: show or set where plugins are downloaded from. */
import type { Command } from "commander";
import { saveCatalogSetting } from "../../../app/plugins/catalog.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { service } from "./shared.ts";

export function registerCatalog(group: Command): void {
  group
    .command("catalog")
    .description("show or set where plugins are downloaded from (a mirror's catalog.json)")
    .argument("[url]", "the catalog's https:// or file: address")
    .option("--reset", "go back to the catalog shipped with Quarry")
    .action(async (url: string | undefined, flags: { reset?: boolean }, cmd: Command) => {
      const s = await service();
      if (flags.reset) await saveCatalogSetting(s.dataDir, null);
      else if (url) await saveCatalogSetting(s.dataDir, url);
      const location = await s.catalogLocation();
      if (wantsJson(cmd)) printJson(location);
      else {
        printLine(`Catalog: ${location.url}`);
        printLine(
          location.source === "environment"
            ? "(from QUARRY_PLUGIN_CATALOG, which overrides the saved setting)"
            : location.source === "setting"
              ? "(saved setting; quarry plugins catalog --reset goes back to the shipped catalog)"
              : "(the catalog shipped with Quarry)",
        );
      }
    });
}
