/** The export's options, checked before anything else happens (pure). */
import { QuarryError } from "../../core/errors.ts";
import { EXPORT_FORMATS, type ExportOptions } from "../../core/export.ts";
import { RESULT_WINDOW } from "../../core/grid.ts";

export const DEFAULT_BATCH = 5_000;
const MAX_SLICES = 32;

export function checkExportOptions(options: ExportOptions): {
  slices: number | undefined;
  batch: number;
} {
  if (!EXPORT_FORMATS.includes(options.format)) {
    throw new QuarryError(
      "invalid_input",
      `"${String(options.format)}" is not an export format`,
      `Use one of ${EXPORT_FORMATS.join(", ")}.`,
    );
  }
  if (typeof options.out !== "string" || options.out.trim() === "") {
    throw new QuarryError(
      "invalid_input",
      "The export has no file to write",
      "Give the output file's path.",
    );
  }
  const slices = options.slices;
  if (slices !== undefined && (!Number.isInteger(slices) || slices < 1 || slices > MAX_SLICES)) {
    throw new QuarryError(
      "invalid_input",
      `Slices: "${String(slices)}" is not a whole number from 1 to ${MAX_SLICES}`,
      "Use one slice per shard of the index, or leave it out to let Quarry choose.",
    );
  }
  const batch = options.batchSize ?? DEFAULT_BATCH;
  if (!Number.isInteger(batch) || batch < 1 || batch > RESULT_WINDOW) {
    throw new QuarryError(
      "invalid_input",
      `Batch size: "${String(batch)}" is not a whole number from 1 to ${RESULT_WINDOW}`,
      "Leave it out to use the default.",
    );
  }
  return { slices, batch };
}
