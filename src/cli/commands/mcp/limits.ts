/** `quarry mcp limits`: show or change the per-token limits (rate, concurrency, approval wait). */
import type { Command } from "commander";
import { McpSettingsStore } from "../../../app/mcp-host/mcp-settings.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { errors } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerLimits(group: Command): void {
  group
    .command("limits")
    .description("show or change the per-token limits")
    .option("--requests-per-minute <n>", "requests one token may send in any 60 seconds")
    .option("--concurrent <n>", "requests one token may have in flight")
    .option("--approval-timeout <seconds>", "how long a call waits for your approval")
    .action(
      async (
        flags: { requestsPerMinute?: string; concurrent?: string; approvalTimeout?: string },
        cmd: Command,
      ) => {
        const dir = await ensureAppDataDir();
        const num = (v: string, field: string) => {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 1)
            throw errors.invalidConfig(
              field,
              `"${v}" is not a positive whole number`,
              "Give e.g. 600.",
            );
          return n;
        };
        const s = await new McpSettingsStore(dir).update((x) => {
          if (flags.requestsPerMinute)
            x.limits.requestsPerMinute = num(flags.requestsPerMinute, "Requests per minute");
          if (flags.concurrent)
            x.limits.concurrentRequests = num(flags.concurrent, "Concurrent requests");
          if (flags.approvalTimeout)
            x.limits.approvalTimeoutSeconds = num(flags.approvalTimeout, "Approval timeout");
        });
        if (wantsJson(cmd)) printJson(s.limits);
        else
          printLine(
            `Per token: ${s.limits.requestsPerMinute} requests a minute, ${s.limits.concurrentRequests} at once; approvals wait ${s.limits.approvalTimeoutSeconds} s.`,
          );
      },
    );
}
