/**
 * `quarry copy <conn>/<index> <conn>/<index> [--append | --overwrite] [--batch-size N]
 * [--slices N]`: copies an index into a new one, on the same cluster or another (7.17, 8.x and 9.x
 * in every direction the target accepts). The target's creating request and what it leaves out
 * are printed first; progress shows on the terminal; at the end every failed document is listed
 * with its _id and reason, and the two counts are compared. The source is only read.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { appDataDir } from "../../app/storage/paths.ts";
import { type CopyReport, copyTable } from "../../app/transfer/copy.ts";
import type { ConsoleRequest } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson } from "../output.ts";
import { confirmTyped } from "./delete-index.ts";
import { endProgress, showExportProgress } from "./export.ts";

interface CopyFlags extends ConnectionFlags {
  append?: boolean;
  resume?: boolean;
  overwrite?: boolean;
  yes?: boolean;
  batchSize?: string;
  slices?: string;
}

/** `<conn>/<index>`: the index is after the last slash (a URL connection has slashes of its own). */
export function splitEnd(text: string, flag: string): { conn: string; table: string } {
  const at = text.lastIndexOf("/");
  const conn = text.slice(0, at);
  const table = text.slice(at + 1);
  if (at <= 0 || table === "" || conn.endsWith("/")) {
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not <connection>/<index>`,
      "Write the saved connection's name (or its URL), a slash and the index, e.g. prod/orders or http://localhost:9200/orders.",
    );
  }
  return { conn, table };
}

function count(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text))
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not a whole number above 0`,
      `Give ${flag} a number, e.g. ${flag} 4.`,
    );
  return Number(text);
}

export function registerCopyCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("copy")
      .description(
        "copy an index (its settings, mapping and documents) to a new index, on any cluster",
      )
      .argument("<from>", "<connection>/<index>, e.g. prod/orders")
      .argument("<to>", "<connection>/<index>, e.g. laptop/orders")
      .option("--append", "add to a target that already holds documents (taken _ids are reported)")
      .option("--overwrite", "delete the target index first (asks for its name)")
      .option("--resume", "go on with an interrupted copy between the same two indices")
      .option("--yes", "confirm --overwrite without asking (for scripts)")
      .option("--batch-size <n>", "documents per read and per _bulk write (default 1000)")
      .option(
        "--slices <n>",
        "parallel sliced reads of the source (default: one per shard, up to 4)",
      ),
  ).action((from: string, to: string, flags: CopyFlags, cmd: Command) =>
    runCopy(from, to, flags, wantsJson(cmd)),
  );
}

async function runCopy(from: string, to: string, flags: CopyFlags, json: boolean): Promise<void> {
  const source = splitEnd(from, "<from>");
  const target = splitEnd(to, "<to>");
  if ((flags.append || flags.resume) && flags.overwrite)
    throw new QuarryError(
      "invalid_input",
      `${flags.append ? "--append" : "--resume"} and --overwrite cannot go together`,
      "Choose one: --append adds to the target, --resume goes on with an interrupted copy, --overwrite replaces the target.",
    );
  const batchSize = count("--batch-size", flags.batchSize);
  const slices = count("--slices", flags.slices);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once("SIGINT", onInterrupt);
  try {
    const report = await withSession(source.conn, flags, (s) =>
      withSession(target.conn, flags, async (t) => {
        if (flags.overwrite) await replaceTarget(t, target.table, flags.yes === true, json);
        return copyTable(
          { session: s, table: source.table, connection: source.conn },
          { session: t, table: target.table, connection: target.conn },
          {
            ...(flags.append ? { append: true } : {}),
            ...(batchSize !== undefined ? { batchSize } : {}),
            ...(slices !== undefined ? { slices } : {}),
            signal: controller.signal,
            workDir: join(appDataDir(), "transfers"),
            ...(flags.resume ? { resume: true } : {}),
            onPlan: (plan) => {
              if (json) return;
              process.stderr.write(
                `Creating the target:\n\n  ${t.console.format(plan.request as ConsoleRequest).replaceAll("\n", "\n  ")}\n\n`,
              );
              for (const note of plan.notes) process.stderr.write(`  note: ${note}\n`);
            },
            ...(json ? {} : { onProgress: showExportProgress }),
          },
        );
      }),
    );
    endProgress();
    if (json) printJson(report);
    else printReport(report);
    if (report.failedCount > 0) process.exitCode = 1;
  } finally {
    endProgress();
    process.removeListener("SIGINT", onInterrupt);
  }
}

/** --overwrite: the target's deletion, shown and confirmed by its name like delete-index. */
async function replaceTarget(t: DriverSession, table: string, yes: boolean, json: boolean) {
  const state = await facet(t, "transfer").tableState(table);
  if (!state.exists) return;
  const plan = facet(t, "tableAdmin").planDeleteTable(table);
  if (!json)
    process.stderr.write(
      `--overwrite will first send:\n\n  ${t.console.format(plan)}\n\nand delete ${table} with its ${state.records ?? 0} documents.\n`,
    );
  if (!yes)
    await confirmTyped(`Type the index name (${table}) to confirm: `, table, `replacing ${table}`);
  await facet(t, "tableAdmin").deleteTable(table, plan);
}

const n = (x: number) => x.toLocaleString("en-US");

function printReport(r: CopyReport): void {
  const seconds = r.durationMs / 1000;
  process.stdout.write(
    `${r.resumed ? "Resumed: copied" : "Copied"} ${n(r.written)} of ${n(r.expected)} documents from ${r.source} to ${r.target}${r.created ? " (created)" : ""} in ${seconds.toFixed(1)} s (${n(Math.round(r.written / Math.max(seconds, 0.001)))} docs/s, ${r.slices} slice${r.slices === 1 ? "" : "s"}); the target holds ${n(r.targetRecords)}.\n`,
  );
  if (r.failedCount === 0) return;
  process.stdout.write(`${n(r.failedCount)} documents failed:\n`);
  for (const f of r.failed.slice(0, 20))
    process.stdout.write(`  _id ${f.key ?? "(none)"}: ${f.status} ${f.reason}\n`);
  if (r.failedCount > 20) process.stdout.write(`  … and ${n(r.failedCount - 20)} more\n`);
  process.stdout.write(`Every failed document, with its _id and reason: ${r.failuresFile}\n`);
}
