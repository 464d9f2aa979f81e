/** `quarry mcp port <port>`: the preferred port; a running Quarry moves there at once. */
import type { Command } from "commander";
import { McpSettingsStore, parsePort } from "../../../app/mcp-host/mcp-settings.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerPort(group: Command): void {
  group
    .command("port")
    .description("set the preferred port (if it is taken the server uses any free port)")
    .argument("<port>", "1 to 65535")
    .action(async (port: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const n = parsePort(port);
      const s = await new McpSettingsStore(dir).update((x) => {
        x.preferredPort = n;
      });
      if (wantsJson(cmd)) printJson(s);
      else printLine(`Preferred port set to ${n}. A running Quarry moves there now.`);
    });
}
