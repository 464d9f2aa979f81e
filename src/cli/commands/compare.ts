/**
 * `quarry compare <conn>:<index> <conn>:<index> [--documents] [--json]`: two indices (mapping,
 * settings, aliases, count; with --documents which `_id`s are on one side only or differ), and
 * `quarry compare <conn> <conn>`: two clusters. Exit 0 when equal, 1 when not (docs/cli.md).
 */
import { join } from "node:path";
import type { Command } from "commander";
import {
  compareCheckpointPath,
  readCompareCheckpoint,
  removeCompareCheckpoint,
  writeCompareCheckpoint,
} from "../../app/compare/checkpoint.ts";
import { appDataDir } from "../../app/storage/paths.ts";
import { type DiffRow, parseSide } from "../../core/compare.ts";
import { compareRecords, type RecordReport, recordDiff } from "../../core/compare-records.ts";
import { compareServers, compareTables, sideName } from "../../core/compare-tables.ts";
import { QuarryError } from "../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { EXIT } from "../exit-codes.ts";
import { printJson } from "../output.ts";
import { endProgress, showExportProgress } from "./export.ts";

interface CompareFlags extends ConnectionFlags {
  documents?: boolean;
  id?: string;
  filter?: string;
  sample?: string;
  batchSize?: string;
  slices?: string;
  limit?: string;
  resume?: boolean;
}

/** `<conn>:<index>` or `<conn>` (core/compare.ts parseSide), refused when it is neither. */
export function splitSide(text: string): { conn: string; table?: string } {
  const side = parseSide(text);
  if (!side)
    throw new QuarryError(
      "invalid_input",
      `"${text}" is not <connection>:<index> nor a connection`,
      "Write a saved connection's name (or its URL), then a colon and the index, e.g. prod:orders; or the connection alone to compare clusters.",
    );
  return side;
}

function whole(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text))
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not a whole number above 0`,
      `Give ${flag} a number, e.g. ${flag} 1000.`,
    );
  return Number(text);
}

function filterOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new QuarryError(
      "invalid_input",
      `--filter: "${text.slice(0, 80)}" is not a JSON object`,
      `Give a query, e.g. --filter '{"term":{"status":"paid"}}'.`,
    );
  return value as Record<string, unknown>;
}

export function registerCompareCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("compare")
      .description(
        "compare two indices (<conn>:<index>) or two clusters (<conn>); exit 0 when equal, 1 when not",
      )
      .argument("<left>", "<connection>:<index>, or a connection for a cluster")
      .argument("<right>", "<connection>:<index>, or a connection for a cluster")
      .option(
        "--documents",
        "also compare the documents: _ids on one side only, and those that differ",
      )
      .option("--id <_id>", "show how one document differs, field by field")
      .option("--filter <json>", "with --documents: only the documents this query selects")
      .option("--sample <n>", "with --documents: only the first n documents of the left side")
      .option("--batch-size <n>", "with --documents: documents per page (default 2000)")
      .option("--slices <n>", "with --documents: parallel sliced reads (default 4)")
      .option("--limit <n>", "differences listed at most (default 1000; all are counted)")
      .option("--resume", "with --documents: go on with an interrupted comparison"),
  ).action((left: string, right: string, flags: CompareFlags, cmd: Command) =>
    runCompare(left, right, flags, wantsJson(cmd)),
  );
}

async function runCompare(
  leftText: string,
  rightText: string,
  flags: CompareFlags,
  json: boolean,
): Promise<void> {
  const l = splitSide(leftText);
  const r = splitSide(rightText);
  if ((l.table === undefined) !== (r.table === undefined))
    throw new QuarryError(
      "invalid_input",
      `One side names an index and the other a cluster ("${leftText}", "${rightText}")`,
      "Compare two indices (prod:orders staging:orders) or two clusters (prod staging).",
    );
  const options = {
    filter: filterOf(flags.filter),
    sample: whole("--sample", flags.sample),
    batchSize: whole("--batch-size", flags.batchSize),
    slices: whole("--slices", flags.slices),
    limit: whole("--limit", flags.limit),
  };
  const equal = await withSession(l.conn, flags, (ls) =>
    withSession(r.conn, flags, async (rs) => {
      if (l.table === undefined || r.table === undefined) {
        const report = await compareServers(
          { session: ls, connection: l.conn },
          { session: rs, connection: r.conn },
        );
        if (json) printJson(report);
        else printRows(report.left, report.right, report.rows, report.equal);
        return report.equal;
      }
      const left = { session: ls, table: l.table, connection: l.conn };
      const right = { session: rs, table: r.table, connection: r.conn };
      if (flags.id !== undefined) return showRecord(left, right, flags.id, json);
      const tables = await compareTables(left, right);
      let records: RecordReport | undefined;
      const bothThere = tables.profiles.left.exists && tables.profiles.right.exists;
      if (flags.documents && bothThere)
        records = await documents(left, right, { ...options, resume: flags.resume === true, json });
      const same = tables.equal && (records?.equal ?? true);
      if (json) printJson({ ...tables, equal: same, profiles: undefined, documents: records });
      else {
        printRows(tables.left, tables.right, tables.rows, tables.equal);
        if (records) printRecords(records);
      }
      return same;
    }),
  );
  process.exitCode = equal ? EXIT.ok : EXIT.failed;
}

type Side = Parameters<typeof compareTables>[0];

async function documents(
  left: Side,
  right: Side,
  o: {
    filter: Record<string, unknown> | undefined;
    sample: number | undefined;
    batchSize: number | undefined;
    slices: number | undefined;
    limit: number | undefined;
    resume: boolean;
    json: boolean;
  },
): Promise<RecordReport> {
  const path = compareCheckpointPath(
    join(appDataDir(), "compares"),
    sideName(left),
    sideName(right),
  );
  const resume = o.resume ? await readCompareCheckpoint(path) : undefined;
  if (o.resume && !resume)
    throw new QuarryError(
      "invalid_input",
      `No interrupted comparison of ${sideName(left)} and ${sideName(right)} to resume`,
      "Run it without --resume.",
    );
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  try {
    const report = await compareRecords(left, right, {
      ...(o.filter ? { filter: o.filter } : {}),
      ...(o.sample ? { sample: o.sample } : {}),
      ...(o.batchSize ? { batchSize: o.batchSize } : {}),
      ...(o.slices ? { slices: o.slices } : {}),
      ...(o.limit ? { limit: o.limit } : {}),
      ...(resume ? { resume } : {}),
      signal: controller.signal,
      onCheckpoint: (c) => writeCompareCheckpoint(path, c),
      ...(o.json ? {} : { onProgress: showExportProgress }),
    });
    await removeCompareCheckpoint(path);
    return report;
  } finally {
    endProgress();
    process.removeListener("SIGINT", onInterrupt);
  }
}

async function showRecord(left: Side, right: Side, id: string, json: boolean): Promise<boolean> {
  const diff = await recordDiff(left, right, id);
  if (!diff.left && !diff.right)
    throw new QuarryError(
      "document_not_found",
      `Neither ${sideName(left)} nor ${sideName(right)} has a document with _id ${id}`,
      "Check the _id (quarry compare … --documents lists the ones that differ).",
    );
  const equal = !!diff.left && !!diff.right && diff.fields.length === 0;
  if (json) printJson({ equal, ...diff });
  else if (!diff.left || !diff.right)
    process.stdout.write(`_id ${id} is only on ${diff.left ? sideName(left) : sideName(right)}\n`);
  else if (equal) process.stdout.write(`_id ${id} is the same on both sides\n`);
  else
    for (const f of diff.fields)
      process.stdout.write(
        `${f.kind.padEnd(10)} ${f.path}: ${JSON.stringify(f.left) ?? "-"} → ${JSON.stringify(f.right) ?? "-"}\n`,
      );
  return equal;
}

const KIND = { only_left: "only left", only_right: "only right", changed: "differs" } as const;

function printRows(left: string, right: string, rows: DiffRow[], equal: boolean): void {
  process.stdout.write(`left: ${left}\nright: ${right}\n`);
  if (equal) {
    process.stdout.write("no differences\n");
    return;
  }
  for (const row of rows)
    process.stdout.write(
      `${row.group.padEnd(22)} ${KIND[row.kind].padEnd(10)} ${row.key}${row.left !== undefined || row.right !== undefined ? `: ${row.left ?? "-"} | ${row.right ?? "-"}` : ""}\n`,
    );
}

function printRecords(r: RecordReport): void {
  const c = r.counts;
  process.stdout.write(
    `documents: ${c.compared} compared${r.whole ? "" : " (a sample: the right side's extras not looked for)"}, ${c.same} same, ${c.changed} differ, ${c.onlyLeft} only left, ${c.onlyRight} only right, in ${(r.durationMs / 1000).toFixed(1)} s\n`,
  );
  for (const row of r.rows)
    process.stdout.write(
      `  ${KIND[row.kind].padEnd(10)} _id ${row.key}${row.left ? `: ${row.left}` : ""}\n`,
    );
  if (r.cut) process.stdout.write("  … more differences were counted than listed (--limit)\n");
}
