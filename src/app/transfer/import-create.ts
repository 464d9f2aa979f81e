/**
 * A CSV import into an index that does not exist yet, as the UI shows and confirms it: the preview
 * plans the creation as the import will (the kinds inferred from the first rows, the driver's
 * fields and create request), and the import goes on only if what it infers is what was shown.
 */
import { isDeepStrictEqual } from "node:util";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import type { CellKind } from "../../core/transfer.ts";
import { inferKinds } from "./csv-rows.ts";
import type { KindsFor } from "./csv-source.ts";
import { type PlannedTable, previewKinds } from "./import-table.ts";

export interface PlannedCreate {
  fields: Record<string, CellKind>;
  inferredFrom: number;
  /** The create request as the UI shows requests. */
  request: string;
  notes: string[];
}

/** How a preview reads a CSV file's cells for `table`, noting the creation planned when it is missing. */
export function kindsPlanningCreate(
  session: DriverSession,
  table: string,
  planned: (p: PlannedCreate) => void,
): KindsFor {
  return async (layout, sample) => {
    const known = await facet(session, "transfer").fieldKinds(table);
    if (known) return previewKinds(session, table)(layout, sample);
    const fields = inferKinds(layout, sample);
    const plan = await facet(session, "transfer").planCreateTable(
      table,
      await facet(session, "transfer").defineFields(fields),
    );
    planned({
      fields,
      inferredFrom: sample.length,
      request: session.console.format(plan.request),
      notes: plan.notes,
    });
    return fields;
  };
}

/** The import's confirmation: the fields it inferred must be those the dialog showed. */
export function confirmShown(shown: Record<string, string> | undefined) {
  return async (plan: PlannedTable): Promise<void> => {
    if (shown && isDeepStrictEqual(plan.fields, shown)) return;
    throw new QuarryError(
      "transfer_refused",
      "The mapping inferred from the file differs from the one shown",
      "Preview the file again, read the mapping shown, then tick the box and import.",
    );
  };
}
