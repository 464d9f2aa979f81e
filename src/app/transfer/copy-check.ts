/**
 * What a copy will do, before it starts (the UI's Copy to… dialog shows it): the source's count,
 * the target's state (missing: created from the source's definition, with the request and what it
 * leaves out; there and empty; there and holding records), and the request Overwrite would send.
 * Also the Overwrite itself: the target deleted by its confirmed name, never when it could be the
 * source. Reads only, except `replaceTarget`, which deletes the target.
 */
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { type CopyEnd, refused } from "./copy-target.ts";

export interface CopyCheckResult {
  sourceRecords: number | null;
  target: { exists: boolean; records: number | null };
  create: { text: string; notes: string[]; blockers: string[] } | null;
  deleteText: string | null;
  refusal: string | null;
}

/**
 * Whether the two ends may be the same table: the same connection, or two saved connections with
 * the same settings (the same server under two names), and the same table name.
 */
export function sameTable(
  source: CopyEnd & { settings?: unknown },
  target: CopyEnd & { settings?: unknown },
): boolean {
  if (source.table !== target.table) return false;
  if (source.connection === target.connection) return true;
  return (
    source.settings !== undefined &&
    JSON.stringify(source.settings) === JSON.stringify(target.settings)
  );
}

export async function checkCopy(
  source: CopyEnd & { settings?: unknown },
  target: CopyEnd & { settings?: unknown },
): Promise<CopyCheckResult> {
  const [from, to] = await Promise.all([
    facet(source.session, "transfer").tableState(source.table),
    facet(target.session, "transfer").tableState(target.table),
  ]);
  if (!from.exists)
    throw new QuarryError(
      "table_not_found",
      `${source.table} does not exist on ${source.connection}`,
      "Reload the index list and pick an index that exists.",
    );
  const refusal = sameTable(source, target)
    ? `${target.table} on ${target.connection} is the source itself: a copy never writes to its source.`
    : null;
  let create: CopyCheckResult["create"] = null;
  if (!to.exists && refusal === null) {
    const definition = await facet(source.session, "transfer").readDefinition(source.table);
    const plan = await facet(target.session, "transfer").planCreateTable(target.table, definition);
    create = {
      text: target.session.console.format(plan.request),
      notes: plan.notes,
      blockers: plan.blockers,
    };
  }
  return {
    sourceRecords: from.records,
    target: { exists: to.exists, records: to.records },
    create,
    deleteText: to.exists
      ? target.session.console.format(
          facet(target.session, "tableAdmin").planDeleteTable(target.table),
        )
      : null,
    refusal,
  };
}

/**
 * Overwrite: deletes the target once its name was typed back, as deleting an index asks. Refused
 * when the target could be the source. A missing target is left as it is (the copy creates it).
 */
export async function replaceTarget(
  source: CopyEnd & { settings?: unknown },
  target: CopyEnd & { settings?: unknown },
  confirm: string | undefined,
): Promise<void> {
  if (sameTable(source, target))
    throw refused(
      `${target.table} on ${target.connection} is the source itself: Overwrite would delete the source`,
      "Name another target index.",
    );
  if (confirm !== target.table)
    throw new QuarryError(
      "confirmation_mismatch",
      `Overwrite deletes ${target.table} on ${target.connection} first: its name was not typed back`,
      `Type ${target.table} in the confirmation field to overwrite it.`,
    );
  const state = await facet(target.session, "transfer").tableState(target.table);
  if (!state.exists) return;
  const plan = facet(target.session, "tableAdmin").planDeleteTable(target.table);
  await facet(target.session, "tableAdmin").deleteTable(target.table, plan);
}
