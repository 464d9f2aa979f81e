/**
 * The app process from the command line, one file per command: `quarry` / `quarry start
 * [--background]`, `quarry stop`, `quarry status`, `quarry open-url <url>` and
 * `quarry install-desktop`. One app runs per data folder; a second start hands over to it
 * (docs/cli.md).
 */
import type { Command } from "commander";
import { registerChild } from "./child.ts";
import { registerInstallDesktop } from "./install-desktop.ts";
import { registerOpenUrl } from "./open-url.ts";
import { registerStart } from "./start.ts";
import { registerStatus } from "./status.ts";
import { registerStop } from "./stop.ts";

export { runAppInForeground } from "./foreground.ts";

export function registerAppCommands(program: Command): void {
  registerStart(program);
  registerChild(program);
  registerStop(program);
  registerStatus(program);
  registerOpenUrl(program);
  registerInstallDesktop(program);
}
