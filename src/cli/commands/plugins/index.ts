/**
 * `quarry plugins list|browse|install|update|remove|catalog`: Settings > Plugins from the command
 * line, one file per subcommand. Works with or without the app running: both read the same plugins
 * folder.
 */
import type { Command } from "commander";
import { registerBrowse } from "./browse.ts";
import { registerCatalog } from "./catalog.ts";
import { registerInstall } from "./install.ts";
import { registerList } from "./list.ts";
import { registerRemove } from "./remove.ts";
import { registerUpdate } from "./update.ts";

export function registerPluginCommands(program: Command): void {
  const plugins = program
    .command("plugins")
    .description("driver plugins: list, browse the catalog, install, update, remove");
  registerList(plugins);
  registerBrowse(plugins);
  registerInstall(plugins);
  registerUpdate(plugins);
  registerRemove(plugins);
  registerCatalog(plugins);
}
