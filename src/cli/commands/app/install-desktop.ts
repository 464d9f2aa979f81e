/**
 * `quarry install-desktop [--remove]`: register Quarry and its quarry:// scheme with the Linux
 * desktop (xdg-mime), or take the registration away.
 */
import type { Command } from "commander";
import { installDesktop, removeDesktop } from "../../../app/process/desktop.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerInstallDesktop(program: Command): void {
  program
    .command("install-desktop")
    .description("register Quarry and its quarry:// scheme with the Linux desktop (xdg-mime)")
    .option("--remove", "take the registration away again")
    .action(async (flags: { remove?: boolean }, cmd: Command) => {
      const res = flags.remove ? await removeDesktop() : await installDesktop();
      if (wantsJson(cmd)) {
        printJson({ installed: !flags.remove, ...res });
        return;
      }
      if (flags.remove) {
        printLine("Removed Quarry's desktop entries and its quarry:// registration:");
        for (const f of res.files) printLine(`  ${f}`);
        return;
      }
      printLine("Installed Quarry's desktop entries:");
      for (const f of res.files) printLine(`  ${f}`);
      printLine(
        `quarry:// links now open with ${res.exec} open-url (registered with ${res.registeredWith}).`,
      );
      printLine("Check: xdg-mime query default x-scheme-handler/quarry");
    });
}
