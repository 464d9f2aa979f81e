/** `quarry mcp approvals`: the requests waiting for the person's approval. */
import type { Command } from "commander";
import { listPendingApprovals } from "../../../app/mcp-host/approvals.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { impactLines } from "../impact-print.ts";

export function registerApprovals(group: Command): void {
  group
    .command("approvals")
    .description(
      "requests waiting for your approval (connections set to Ask Each Time, destructive and admin requests)",
    )
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const pending = await listPendingApprovals(dir);
      if (wantsJson(cmd)) {
        printJson({ pending });
        return;
      }
      if (pending.length === 0) {
        printLine("Nothing is waiting for your approval.");
        return;
      }
      for (const p of pending) {
        printLine(
          `${p.id}  ${p.reason === "destructive" || p.reason === "admin" ? `${p.reason.toUpperCase()} ` : ""}${p.target} on "${p.connection.name}" by token "${p.tokenName}"${p.clientName ? ` (${p.clientName})` : ""}, waits until ${p.expiresAt.slice(11, 19)}`,
        );
        if (p.request) {
          printLine(`    ${p.request.method} ${p.request.path}`);
          if (p.request.body)
            for (const line of p.request.body.split("\n")) printLine(`    ${line}`);
        }
        if (p.impact) for (const line of impactLines(p.impact)) printLine(`    ${line}`);
        if (p.note) printLine(`    The client says: ${p.note}`);
      }
      printLine();
      printLine(
        "Answer with: quarry mcp approve <id> [--once | --for 8h]   or   quarry mcp deny <id>",
      );
    });
}
