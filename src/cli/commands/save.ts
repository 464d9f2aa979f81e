/**
 * `quarry save <conn> <table> --changes FILE`: writes a change set the way the grid saves it, and
 * prints each row's result. The file (`-` for standard input):
 *
 *   {"updates": [{"_id", "version", "set": {column: value}, "_index"?, "cut"?}],
 *    "inserts": [{column: value, "_id"?, "_index"?}],
 *    "deletes": [{"_id", "version", "_index"?}]}
 *
 * `version` comes from the row as `quarry browse --json` printed it; the driver also takes the
 * fields it prints beside it under its own names (docs/cli.md). Refusals
 * (an edit to `_id`, a nested leaf, a cut cell…) print and send nothing (exit 2); `--dry-run`
 * only checks. Exit 0 when every row was saved, 3 when some were not, 1 when none was.
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import type { ChangeRefusal, ChangeSet, RowInsert, SaveResult } from "../../core/changes.ts";
import { QuarryError } from "../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags, readStdin } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson, printLine } from "../output.ts";

interface SaveFlags extends ConnectionFlags {
  changes: string;
  dryRun?: boolean;
}

const bad = (problem: string) =>
  new QuarryError(
    "invalid_input",
    `The change set ${problem}`,
    'Write {"updates": [{"_id", "version", "set": {…}}], "inserts": [{…}], "deletes": [{"_id", "version"}]} (see docs/cli.md).',
  );

/** Pure: the CLI's change-set file as the driver's ChangeSet. */
export function changeSetFromJson(value: unknown): ChangeSet {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw bad("is not a JSON object");
  const v = value as Record<string, unknown>;
  for (const k of Object.keys(v)) {
    if (!["updates", "inserts", "deletes"].includes(k)) throw bad(`has an unknown key "${k}"`);
  }
  const list = (k: string): Record<string, unknown>[] => {
    const l = v[k] ?? [];
    if (!Array.isArray(l) || l.some((x) => x === null || typeof x !== "object" || Array.isArray(x)))
      throw bad(`key "${k}" is not a list of objects`);
    return l as Record<string, unknown>[];
  };
  const updates = list("updates").map((u, i) => {
    if (u.set === null || typeof u.set !== "object" || Array.isArray(u.set))
      throw bad(`update ${i + 1} has no "set" object`);
    return u as unknown as ChangeSet["updates"][number];
  });
  const inserts = list("inserts").map((row): RowInsert => {
    const { _id, _index, ...values } = row;
    const insert: RowInsert = { values };
    if (_id !== undefined) insert._id = _id as string;
    if (_index !== undefined) insert._index = _index as string;
    return insert;
  });
  const deletes = list("deletes") as unknown as ChangeSet["deletes"];
  return { updates, inserts, deletes };
}

export function registerSaveCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("save")
      .description("save a change set (updates, new rows, deletions) to a table, as the grid does")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<table>", "the index (or alias) the rows belong to")
      .requiredOption("--changes <file>", "the change set as JSON (- for standard input)")
      .option("--dry-run", "check the change set against the table and send nothing"),
  ).action(async (conn: string, table: string, flags: SaveFlags, cmd: Command) => {
    const json = wantsJson(cmd);
    let text: string;
    try {
      text = flags.changes === "-" ? await readStdin() : await readFile(flags.changes, "utf8");
    } catch (e) {
      throw new QuarryError(
        "invalid_input",
        `Cannot read ${flags.changes} (${(e as NodeJS.ErrnoException).code ?? "error"})`,
        "Check the file's path.",
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw bad(`is not valid JSON (${(e as Error).message})`);
    }
    const changes = changeSetFromJson(parsed);
    type Outcome = { refusals: ChangeRefusal[] } | { saved: SaveResult };
    const outcome = await withSession(conn, flags, async (s): Promise<Outcome> => {
      if (flags.dryRun) return { refusals: await s.changes.validate(table, changes) };
      try {
        return { saved: await s.changes.save(table, changes) };
      } catch (e) {
        if (e instanceof QuarryError && e.code === "changes_refused")
          return { refusals: (e.details.refusals ?? []) as ChangeRefusal[] };
        throw e;
      }
    });
    if ("refusals" in outcome) {
      const refusals = outcome.refusals;
      if (json) printJson({ refusals, sent: false });
      else if (refusals.length === 0) printLine("The change set can be saved (nothing was sent).");
      else printRefusals(refusals);
      if (refusals.length > 0) process.exitCode = EXIT.usage;
      return;
    }
    const saved = outcome.saved;
    if (json) printJson(saved);
    else printSaved(saved);
    const failed = saved.results.filter((r) => !r.ok).length;
    if (failed > 0) process.exitCode = failed === saved.results.length ? EXIT.failed : EXIT.partial;
  });
}

function printRefusals(refusals: ChangeRefusal[]): void {
  process.stderr.write(
    `Nothing was saved: ${refusals.length} edit${refusals.length === 1 ? "" : "s"} cannot be written.\n`,
  );
  for (const r of refusals) {
    process.stderr.write(
      `  ${r.change} ${r.row}${r.column ? ` › ${r.column}` : ""}: ${r.message}\n    ${r.remedy}\n`,
    );
  }
}

function printSaved(saved: SaveResult): void {
  for (const r of saved.results) {
    if (r.ok) {
      const tokens = r.version !== undefined ? ` (version ${r.version})` : "";
      printLine(
        `ok        ${r.change} ${r.row}${r._id && r._id !== r.row ? ` → _id ${r._id}` : ""}${tokens}${r.alreadySaved ? " (already saved: the cluster held this change, nothing was written again)" : ""}`,
      );
    } else {
      const label = r.conflict ? "conflict " : r.notSent ? "not sent " : "failed   ";
      printLine(
        `${label} ${r.change} ${r.row}: ${r.error?.status ?? ""} ${r.error?.type ?? ""}: ${r.error?.reason ?? ""}`,
      );
    }
  }
  const failed = saved.results.filter((r) => !r.ok).length;
  printLine(
    failed === 0
      ? `Saved ${saved.results.length} change${saved.results.length === 1 ? "" : "s"}.`
      : `${failed} of ${saved.results.length} changes were not saved; they are kept in "remaining" (--json) to fix and retry. Conflicts were not overwritten.`,
  );
}
