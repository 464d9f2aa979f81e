/**
 * A copy's or an import's refusal as the UI shows it: the same message, with a remedy that speaks
 * of the dialog's choices (Append, Overwrite, the modes) instead of the CLI's flags. The UI never
 * resumes (each run of the dialog is a new copy or import), so `--resume` advice becomes what to
 * do in the dialog.
 */
import { isQuarryError, QuarryError } from "../../core/errors.ts";

const INTERRUPTED: Record<"copy" | "import", string> = {
  copy: "The documents written so far stay in the target. Copy again with Append to add the rest (documents already there are reported, none is replaced), or with Overwrite to start over.",
  import:
    "The documents written so far stay in the index. Import the file again in create mode to add only what is missing (the _ids already there are reported), or in index mode to write it whole.",
};

/**
 * A job stopped by Cancel whose error is the stop itself (a write cut off in flight, not a
 * QuarryError): the interruption it is, said with `message`, in the dialog's words.
 */
export function cancelledTransfer(
  e: unknown,
  aborted: boolean,
  what: "copy" | "import",
  message: string,
): unknown {
  if (!aborted || isQuarryError(e)) return e;
  return new QuarryError(
    "transfer_interrupted",
    message,
    `Run the same ${what} with --resume to go on from there.`,
    { cancelled: true },
    INTERRUPTED[what],
  );
}

/** The CLI's flags in a remedy, as the dialog's words. */
export function dialogWords(remedy: string): string {
  return remedy
    .replace(/Add --append to add/g, "Choose Append to add")
    .replace(/ \(--mode create\)/g, "")
    .replace(/--append/g, "Append")
    .replace(/--overwrite/g, "Overwrite")
    .replace(/--mode (create|index|update)/g, "$1 mode")
    .replace(
      /Say which it is with --format ndjson, json or csv\./g,
      "Give the file an extension that says its format (.ndjson, .json or .csv).",
    )
    .replace(
      /,? ?or choose its format with --format ndjson or csv/g,
      ", or give it the extension .ndjson or .csv",
    )
    .replace(
      /import again with --yes to create the index with it/g,
      "tick the box to create the index with it, then import",
    );
}

export function transferInUiWords(e: unknown, what: "copy" | "import"): unknown {
  if (!isQuarryError(e)) return e;
  const ui =
    e.code === "transfer_interrupted" ? INTERRUPTED[what] : dialogWords(e.uiRemedy ?? e.remedy);
  if (ui === (e.uiRemedy ?? e.remedy)) return e;
  return new QuarryError(e.code, e.message, e.remedy, { ...e.details }, ui);
}
