/** `quarry tokens list`: the tokens with their scope, connections and use, never the tokens themselves. */
import type { Command } from "commander";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { TokenStore } from "../../../app/storage/token-store.ts";
import { TOKEN_SCOPE_LABELS } from "../../../mcp/policy/tokens.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { connectionNames, shown } from "./shared.ts";

export function registerList(group: Command): void {
  group
    .command("list")
    .description("list the tokens (never the tokens themselves)")
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const names = await connectionNames(dir);
      const all = (await new TokenStore(dir).list()).map((t) => shown(t, names));
      if (wantsJson(cmd)) {
        printJson({ tokens: all });
        return;
      }
      if (all.length === 0) {
        printLine(
          "No tokens yet. Create one: quarry tokens create --name <client> --scope read-only",
        );
        return;
      }
      printTable(
        ["NAME", "PREFIX", "SCOPE", "CONNECTIONS", "CREATED", "EXPIRES", "LAST USED", "STATUS"],
        all.map((t) => [
          t.name,
          t.prefix,
          TOKEN_SCOPE_LABELS[t.scope],
          t.connections === null ? "all" : t.connections.join(", "),
          t.createdAt.slice(0, 10),
          t.expiresAt?.slice(0, 10) ?? "never",
          // To the minute: the store records use at most once a minute.
          t.lastUsedAt ? t.lastUsedAt.slice(0, 16).replace("T", " ") : "-",
          t.status,
        ]),
      );
    });
}
