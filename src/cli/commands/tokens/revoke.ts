/** `quarry tokens revoke <name>`: its requests in flight end and later ones are refused. */
import type { Command } from "commander";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { TokenStore } from "../../../app/storage/token-store.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { connectionNames, shown } from "./shared.ts";

export function registerRevoke(group: Command): void {
  group
    .command("revoke")
    .description("revoke a token: its requests in flight end and later ones are refused")
    .argument("<name>", "the token's name, id or prefix")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const revoked = await new TokenStore(dir).revoke(name);
      if (wantsJson(cmd)) printJson(shown(revoked, await connectionNames(dir)));
      else printLine(`Token "${revoked.name}" revoked.`);
    });
}
