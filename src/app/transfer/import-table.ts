/**
 * The table an import writes into, made ready before the first batch. For JSON files a missing
 * table is created with the database's defaults (its schema comes from the records). For a CSV
 * file the columns' kinds come from the table's schema when it exists (columns it does not know
 * are inferred from the first rows); when it does not, they are inferred and the new table's
 * definition is shown (`onPlan`) and must be confirmed (`confirmCreate`) before it is created.
 */
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import type { CellKind, CreatePlan, LoadMode } from "../../core/transfer.ts";
import { type CsvLayout, inferKinds } from "./csv-rows.ts";
import type { KindsFor } from "./csv-source.ts";

/** A table about to be created, as shown before: its request, notes, and for CSV the kinds. */
export interface PlannedTable {
  request: unknown;
  notes: string[];
  /** CSV: each field's kind, and how many rows they were inferred from. */
  fields?: Record<string, CellKind>;
  inferredFrom?: number;
}

export interface TableHooks {
  mode: LoadMode;
  onPlan?: (plan: PlannedTable) => void | Promise<void>;
  /** Resolves when the creation is confirmed; throws (a QuarryError) when it is not. */
  confirmCreate?: (plan: PlannedTable) => Promise<void>;
}

async function create(session: DriverSession, table: string, plan: CreatePlan): Promise<void> {
  const result = await session.console.run(plan.request);
  if (result.kind === "error" || result.status < 200 || result.status > 299)
    throw new QuarryError(
      "cluster_error",
      `Creating ${table} failed (${result.status})${result.kind === "error" ? `: ${result.type}: ${result.reason}` : ""}`,
      "Read the reason above; create the index yourself, then import again.",
    );
}

function refuseUpdate(table: string): never {
  throw new QuarryError(
    "transfer_refused",
    `${table} does not exist: there is nothing to update`,
    "Import in create or index mode (--mode create), or name an existing index.",
  );
}

/** A JSON file's table: created with the defaults when missing. Whether it was created. */
export async function prepareTable(
  session: DriverSession,
  table: string,
  hooks: TableHooks,
): Promise<boolean> {
  const state = await facet(session, "transfer").tableState(table);
  if (state.exists) return false;
  if (hooks.mode === "update") refuseUpdate(table);
  const plan = await facet(session, "transfer").planCreateTable(table, null);
  await hooks.onPlan?.({ request: plan.request, notes: plan.notes });
  await create(session, table, plan);
  return true;
}

/** The kinds of an existing table's fields, those it does not have inferred from the sample. */
function withKnown(
  known: Record<string, CellKind>,
  table: string,
  layout: CsvLayout,
  sample: readonly (readonly string[])[],
): { kinds: Record<string, CellKind>; notes: string[] } {
  const fields = layout.fields.filter((f): f is string => f !== null);
  const unknown = fields.filter((f) => known[f] === undefined);
  const inferred = inferKinds(layout, sample, unknown);
  const kinds: Record<string, CellKind> = { ...inferred };
  for (const f of fields) if (known[f]) kinds[f] = known[f];
  const notes = unknown.map(
    (f) => `${f} is not in ${table}'s mapping: read as ${inferred[f]} (from ${sample.length} rows)`,
  );
  return { kinds, notes };
}

/**
 * How a CSV preview reads its cells for `table`, as its import would: from the table's mapping
 * when it exists, else inferred. Never creates anything (for `previewRecords`).
 */
export function previewKinds(session: DriverSession, table: string): KindsFor {
  return async (layout, sample) => {
    const known = await facet(session, "transfer").fieldKinds(table);
    return known ? withKnown(known, table, layout, sample).kinds : inferKinds(layout, sample);
  };
}

/**
 * A CSV file's columns' kinds, the table created first when missing (and confirmed). `created`
 * and `notes` tell the report what was done.
 */
export async function prepareCsvTable(
  session: DriverSession,
  table: string,
  hooks: TableHooks,
  layout: CsvLayout,
  sample: readonly (readonly string[])[],
): Promise<{ kinds: Record<string, CellKind>; created: boolean; notes: string[] }> {
  const known = await facet(session, "transfer").fieldKinds(table);
  if (known) return { ...withKnown(known, table, layout, sample), created: false };
  if (hooks.mode === "update") refuseUpdate(table);
  const kinds = inferKinds(layout, sample);
  const plan = await facet(session, "transfer").planCreateTable(
    table,
    await facet(session, "transfer").defineFields(kinds),
  );
  const shown: PlannedTable = {
    request: plan.request,
    notes: plan.notes,
    fields: kinds,
    inferredFrom: sample.length,
  };
  await hooks.onPlan?.(shown);
  if (!hooks.confirmCreate)
    throw new QuarryError(
      "transfer_refused",
      `${table} does not exist, and creating it with the mapping inferred from the file was not confirmed`,
      "Read the mapping shown, then import again with --yes to create the index with it (or create the index yourself).",
      { plan: shown },
      "Read the mapping shown, then confirm it to create the index and import.",
    );
  await hooks.confirmCreate(shown);
  await create(session, table, plan);
  return { kinds, created: true, notes: [] };
}
