/** `quarry mcp approve <id>`: approve a waiting request, once or for a while. */
import type { Command } from "commander";
import { GRANT_MS, writeApprovalAnswer } from "../../../app/mcp-host/approvals.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { errors } from "../../../core/errors.ts";
import { parseLifetime } from "../../../mcp/policy/tokens.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

import { requirePending } from "./shared.ts";

export function registerApprove(group: Command): void {
  group
    .command("approve")
    .description(
      `approve a waiting request; the same token may then use that connection for ${GRANT_MS / 3_600_000} h without asking (destructive and admin requests are approved once)`,
    )
    .argument("<id>", "the approval's id (quarry mcp approvals)")
    .option("--once", "approve only this request")
    .option("--for <lifetime>", "how long the approval lasts, e.g. 15m or 8h (at most 24h)")
    .action(async (id: string, flags: { once?: boolean; for?: string }, cmd: Command) => {
      const dir = await ensureAppDataDir();
      let grantMs = GRANT_MS;
      if (flags.once) grantMs = 0;
      else if (flags.for) {
        const ms = parseLifetime(flags.for);
        if (!ms || ms > 24 * 3_600_000)
          throw errors.invalidConfig(
            "--for",
            `"${flags.for}" is not a lifetime up to 24h`,
            "Give e.g. 15m, 1h or 8h.",
          );
        grantMs = ms;
      }
      const p = await requirePending(dir, id);
      await writeApprovalAnswer(dir, p.id, { approve: true, grantMs });
      if (wantsJson(cmd)) printJson({ id: p.id, approved: true, grantMs });
      else printLine(`Approved ${p.target} on "${p.connection.name}".`);
    });
}
