/** `quarry mcp deny <id>`: deny a waiting request. */
import type { Command } from "commander";
import { writeApprovalAnswer } from "../../../app/mcp-host/approvals.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

import { requirePending } from "./shared.ts";

export function registerDeny(group: Command): void {
  group
    .command("deny")
    .description(
      "deny a waiting request (for 60 s that token's requests on that connection that would ask are refused without asking)",
    )
    .argument("<id>", "the approval's id (quarry mcp approvals)")
    .action(async (id: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const p = await requirePending(dir, id);
      await writeApprovalAnswer(dir, p.id, { approve: false });
      if (wantsJson(cmd)) printJson({ id: p.id, approved: false });
      else printLine(`Denied ${p.target} on "${p.connection.name}".`);
    });
}
