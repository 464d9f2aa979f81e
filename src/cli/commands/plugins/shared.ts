/** What the `quarry plugins` subcommands share: the data folder's plugin service and progress lines. */
import {
  type InstallProgress,
  type PluginService,
  pluginServiceFor,
} from "../../../app/plugins/service.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";

export async function service(): Promise<PluginService> {
  return pluginServiceFor(await ensureAppDataDir());
}

function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/** Progress on stderr: one updating line on a terminal, one line per step otherwise. */
export function progressPrinter(json: boolean): (p: InstallProgress) => void {
  const tty = process.stderr.isTTY;
  let lastPhase = "";
  return (p) => {
    if (json) return;
    const text =
      p.phase === "download"
        ? `downloading ${p.plugin}: ${kib(p.received)} of ${kib(p.total)}`
        : p.phase === "verify"
          ? `checking ${p.plugin}'s SHA-256`
          : p.phase === "install"
            ? `installing ${p.plugin}`
            : `${p.plugin} is ready`;
    if (tty) process.stderr.write(`\r\x1b[K${text}${p.phase === "done" ? "\n" : ""}`);
    else if (p.phase !== lastPhase) process.stderr.write(`${text}\n`);
    lastPhase = p.phase;
  };
}
