/**
 * `quarry audit admin [--connection <name>] [--limit <n>] [--verify]`: the administration audit log
 * (app/storage/admin-audit.ts), the writes made to users, roles, keys, snapshots and templates from
 * the CLI and the UI, and a check that no line of it was changed (docs/cli.md, "Audit"). The calls
 * AI clients made are in `quarry mcp audit`.
 */
import type { Command } from "commander";
import { readAdminAudit, verifyAdminAudit } from "../../../app/storage/admin-audit.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { printChainVerdict } from "./chain-verdict.ts";

export function registerAuditGroup(program: Command): void {
  const group = program
    .command("audit")
    .description("the audit logs kept on this machine (AI clients' calls: quarry mcp audit)");
  group
    .command("admin")
    .description(
      "the administration writes made from the CLI and the UI: users, roles, keys, snapshots, templates",
    )
    .option("--limit <n>", "the newest N entries", "50")
    .option("--connection <name>", "only writes on this connection")
    .option("--verify", "check that no line was edited, removed or moved since it was written")
    .action(
      async (flags: { limit: string; connection?: string; verify?: boolean }, cmd: Command) => {
        const dir = await ensureAppDataDir();
        if (flags.verify) {
          printChainVerdict(await verifyAdminAudit(dir), wantsJson(cmd), {
            chain: "The administration audit chain",
            changed:
              "The log was changed after Quarry wrote it. Keep a copy of admin-audit.log as it is;",
          });
          return;
        }
        const limit = Math.max(1, Number(flags.limit) || 50);
        const entries = (await readAdminAudit(dir))
          .filter((e) => !flags.connection || e.connection === flags.connection)
          .slice(-limit);
        if (wantsJson(cmd)) {
          printJson({ entries });
          return;
        }
        if (entries.length === 0) {
          printLine("No administration writes recorded yet.");
          return;
        }
        printTable(
          ["TIME", "FROM", "CONNECTION", "ACTION", "NAME", "REQUESTS", "OUTCOME"],
          entries.map((e) => [
            e.at.replace("T", " ").slice(0, 19),
            e.surface,
            e.connection,
            e.action,
            e.subject,
            e.requests.map((r) => `${r.method} ${r.path}`).join("; "),
            e.outcome === "done"
              ? "done"
              : `${e.outcome}${e.status ? ` (HTTP ${e.status}` : " ("}${e.error ?? ""})`,
          ]),
          48,
        );
      },
    );
}
