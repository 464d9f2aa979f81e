/** `quarry mcp audit`: the calls AI clients made, who, what, on which connection, allowed or refused. */
import type { Command } from "commander";
import { readAudit, verifyAudit } from "../../../app/storage/audit-log.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { printChainVerdict } from "../audit/chain-verdict.ts";

export function registerAudit(group: Command): void {
  group
    .command("audit")
    .description("the calls AI clients made: who, what, on which connection, allowed or refused")
    .option("--limit <n>", "the newest N entries", "50")
    .option("--token <name>", "only this token's calls")
    .option("--connection <name>", "only calls on this connection")
    .option("--refused", "only refused and failed calls")
    .option("--verify", "check that no line was edited, removed or moved since it was written")
    .action(
      async (
        flags: {
          limit: string;
          token?: string;
          connection?: string;
          refused?: boolean;
          verify?: boolean;
        },
        cmd: Command,
      ) => {
        const dir = await ensureAppDataDir();
        if (flags.verify) {
          printChainVerdict(await verifyAudit(dir), wantsJson(cmd), {
            chain: "The audit chain",
            changed:
              "The audit log was changed after Quarry wrote it. Keep a copy of both audit files as they are;",
          });
          return;
        }
        const entries = await readAudit(dir, {
          limit: Math.max(1, Number(flags.limit) || 50),
          ...(flags.token ? { token: flags.token } : {}),
          ...(flags.connection ? { connection: flags.connection } : {}),
          ...(flags.refused ? { problemsOnly: true } : {}),
        });
        if (wantsJson(cmd)) {
          printJson({ entries });
          return;
        }
        if (entries.length === 0) {
          printLine("No MCP calls recorded yet.");
          return;
        }
        printTable(
          ["TIME", "TOKEN", "CALL", "CONNECTION", "REQUEST", "OUTCOME", "MS", "BYTES"],
          entries.map((e) => [
            e.at.replace("T", " ").slice(0, 19),
            e.token ?? "-",
            e.target ? `${e.method} ${e.target}` : e.method,
            e.connection?.name ?? "",
            e.request
              ? `${e.request.class} ${e.request.method} ${e.request.path}`
              : (e.class ?? ""),
            e.outcome === "refused"
              ? `refused (${e.layer ?? e.code})`
              : e.approval
                ? `${e.outcome} (${e.approval})`
                : e.outcome,
            e.durationMs,
            e.resultBytes ?? "",
          ]),
          48,
        );
      },
    );
}
