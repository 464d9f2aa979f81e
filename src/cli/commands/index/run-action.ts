/**
 * How every `quarry index` action runs: the plan's exact request printed first (stderr, so stdout
 * keeps the answer), a dangerous one (close, delete, reindex) confirmed by typing the index's name
 * or by `--yes`, then sent through the console's own check and run (app/connections/table-actions.ts).
 * A refusal by the cluster is an error with its reason, and nothing is reported as done.
 */
import type { Command } from "commander";
import { runTableAction, tableAdminOf } from "../../../app/connections/table-actions.ts";
import type { ConsoleResult } from "../../../core/console.ts";
import { QuarryError } from "../../../core/errors.ts";
import { measuredImpact } from "../../../core/facet-access.ts";
import type { TableActionInput } from "../../../core/table-details.ts";
import type { ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { confirmTyped } from "../delete-index.ts";
import { impactLines } from "../impact-print.ts";

export interface ActionFlags extends ConnectionFlags {
  yes?: boolean;
}

export async function runIndexAction(
  conn: string,
  input: TableActionInput,
  flags: ActionFlags,
  cmd: Command,
  done: string,
): Promise<void> {
  const json = wantsJson(cmd);
  const outcome = await withSession(conn, flags, async (s) => {
    const plan = await tableAdminOf(s).plan(input);
    if (!json)
      process.stderr.write(
        `This will send:\n\n  ${s.console.format(plan.request).replaceAll("\n", "\n  ")}\n\nIt ${plan.summary}.\n`,
      );
    let typed: string | undefined;
    if (plan.confirmName !== null) {
      if (flags.yes) typed = plan.confirmName;
      else {
        const impact = await measuredImpact(s, plan.request);
        if (impact) for (const line of impactLines(impact)) process.stderr.write(`  ${line}\n`);
        await confirmTyped(
          `Type the index name (${plan.confirmName}) to confirm: `,
          plan.confirmName,
          `${input.action} ${plan.confirmName}`,
        );
        typed = plan.confirmName;
      }
    }
    return runTableAction(s, input, { confirmed: plan.request, ...(typed ? { typed } : {}) });
  });
  const { plan, result } = outcome;
  if (result.kind === "error") throw clusterRefusal(result);
  if (json)
    printJson({
      action: input.action,
      index: input.table,
      request: plan.request,
      status: result.status,
      answer: result.raw,
    });
  else printLine(done);
}

function clusterRefusal(result: Extract<ConsoleResult, { kind: "error" }>): QuarryError {
  return new QuarryError(
    "cluster_error",
    `The cluster refused it (HTTP ${result.status}, ${result.type}): ${result.reason}`,
    "Nothing was changed by this request; fix what the cluster names, then run it again.",
    { status: result.status, type: result.type },
  );
}
