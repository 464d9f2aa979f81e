/**
 * How every `quarry snapshot` and `quarry template` write runs: the plan's exact
 * requests printed first (stderr, so stdout keeps the answer); a plan that asks for a name is
 * confirmed by `--confirm <name>` or by typing it at the terminal (never by a bare `--yes`: the
 * name is the confirmation, docs/decisions.md "Cluster administration"); then sent through the
 * console's own check and run (app/connections/cluster-admin-actions.ts).
 */
import type { Command } from "commander";
import {
  type AdminOutcome,
  adminRefusal,
  clusterAdminOf,
  runClusterAdminAction,
} from "../../app/connections/cluster-admin-actions.ts";
import { appDataDir } from "../../app/storage/paths.ts";
import type { ClusterAdminInput } from "../../core/cluster-admin.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import type { ConnectionFlags } from "../connection-options.ts";
import { isUrl, wantsJson, withSession } from "../context.ts";
import { printJson, printLine } from "../output.ts";
import { confirmTyped } from "./delete-index.ts";

/** A connection as the audit names it: a saved name, or a URL without its credentials. */
function connectionLabel(conn: string): string {
  if (!isUrl(conn)) return conn;
  try {
    return new URL(conn).origin;
  } catch {
    return "(a URL)";
  }
}

export interface AdminFlags extends ConnectionFlags {
  confirm?: string;
}

/** Runs one planned action; `after` may follow it up on the same session (a snapshot's progress). */
export async function runAdminAction<T = undefined>(
  conn: string,
  input: ClusterAdminInput,
  flags: AdminFlags,
  cmd: Command,
  done: string,
  after?: (s: DriverSession, outcome: AdminOutcome) => Promise<T>,
  /** The line printed instead of `done`, from what `after` gave. */
  doneWith?: (extra: T) => string,
): Promise<void> {
  const json = wantsJson(cmd);
  const { outcome, extra } = await withSession<{ outcome: AdminOutcome; extra: T | undefined }>(
    conn,
    flags,
    async (s) => {
      const plan = await clusterAdminOf(s).plan(input);
      if (!json) {
        const shown = plan.shown.map((r) => s.console.format(r).replaceAll("\n", "\n  "));
        process.stderr.write(
          `This will send:\n\n  ${shown.join("\n\n  ")}\n\nIt ${plan.summary}.\n`,
        );
        if (plan.simulation)
          process.stderr.write(
            `The cluster simulates a new index from it as:\n  ${JSON.stringify(plan.simulation.result, null, 2).replaceAll("\n", "\n  ")}\n`,
          );
      }
      let typed: string | undefined;
      if (plan.confirmName !== null) {
        if (flags.confirm !== undefined) {
          if (flags.confirm !== plan.confirmName)
            throw new QuarryError(
              "confirmation_mismatch",
              `Not confirmed: --confirm ${flags.confirm} is not "${plan.confirmName}"; nothing was sent`,
              `Pass --confirm ${plan.confirmName} to confirm.`,
            );
        } else
          await confirmTyped(
            `Type ${plan.confirmName} to confirm: `,
            plan.confirmName,
            `${input.action} ${plan.confirmName}`,
          ).catch((e: unknown) => {
            if (e instanceof QuarryError && e.message.includes("no terminal"))
              throw new QuarryError(
                "confirmation_mismatch",
                `Not confirmed: it ${plan.summary}, and there is no terminal to ask; nothing was sent`,
                `Run it in a terminal to type the name, or pass --confirm ${plan.confirmName}.`,
              );
            throw e;
          });
        typed = plan.confirmName;
      }
      const outcome = await runClusterAdminAction(s, input, {
        confirmed: plan.shown,
        ...(typed !== undefined ? { typed } : {}),
        audit: { dir: appDataDir(), surface: "cli", connection: connectionLabel(conn) },
      });
      const refusal = adminRefusal(s, outcome);
      if (refusal) throw refusal;
      return { outcome, extra: after ? await after(s, outcome) : undefined };
    },
  );
  if (json)
    printJson({
      action: input.action,
      requests: outcome.plan.shown,
      ...(outcome.plan.simulation ? { simulation: outcome.plan.simulation } : {}),
      answers: outcome.results.map((r) => ({ status: r.status, answer: r.raw })),
      ...(extra !== undefined ? { result: extra } : {}),
    });
  else printLine(doneWith && extra !== undefined ? doneWith(extra) : done);
}
