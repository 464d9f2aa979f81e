/**
 * A copy's target, checked and made ready before any record is read: not the source itself; a
 * table that holds records only with `append`; created from the source's definition (as the
 * target's driver translates it), its request shown first through `onPlan`.
 */
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";

export interface CopyEnd {
  session: DriverSession;
  table: string;
  /** The connection's id or name, to tell two ends apart and to name them in messages. */
  connection: string;
}

export const endName = (end: CopyEnd) => `${end.connection}/${end.table}`;

export interface TargetOptions {
  append?: boolean;
  onPlan?: (plan: { request: unknown; notes: string[] }) => void | Promise<void>;
}

export interface PreparedTarget {
  created: boolean;
  notes: string[];
  /** Records the target held before the copy. */
  before: number;
}

export const refused = (message: string, remedy: string) =>
  new QuarryError("transfer_refused", message, remedy);

/** Checks the two ends and prepares the target; gives whether it was created and its notes. */
export async function prepareTarget(
  source: CopyEnd,
  target: CopyEnd,
  options: TargetOptions,
): Promise<PreparedTarget> {
  if (source.connection === target.connection && source.table === target.table)
    throw refused(
      `The source and the target are the same table (${source.table} on ${source.connection})`,
      "Name another target table.",
    );
  const definition = await facet(source.session, "transfer").readDefinition(source.table);
  const state = await facet(target.session, "transfer").tableState(target.table);
  if (state.exists) {
    if ((state.records ?? 0) > 0 && !options.append)
      throw refused(
        `${target.table} on ${target.connection} already holds ${state.records} records`,
        "Add --append to add the source's records to it (records whose key it already holds are reported, not replaced), or copy into a new table.",
      );
    return { created: false, notes: [], before: state.records ?? 0 };
  }
  const plan = await facet(target.session, "transfer").planCreateTable(target.table, definition);
  if (plan.blockers.length > 0)
    throw refused(
      `${target.table} cannot be created on ${target.connection}: ${plan.blockers.join("; ")}`,
      "Copy to a server that has these features, or create the target yourself and copy with --append.",
    );
  await options.onPlan?.({ request: plan.request, notes: plan.notes });
  const result = await target.session.console.run(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${target.table} on ${target.connection} failed (${result.status}): ${result.kind === "error" ? `${result.type}: ${result.reason}` : JSON.stringify(result.raw).slice(0, 500)}`,
      "Read the reason above; create the target yourself if needed, then copy with --append.",
    );
  return { created: true, notes: plan.notes, before: 0 };
}
