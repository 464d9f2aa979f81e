/**
 * `quarry export <conn> <table> --format ndjson|csv|json --out FILE [--filter …] [--raw …]
 * [--slices N] [--keep-alive TIME] [--resume] [--force]`: streams a whole table, or what the filters select, to a file
 * through a point in time, with progress (done of total, rate, time left) on the terminal. Ctrl-C
 * stops it cleanly; `--resume` continues after the last completed batch without duplicates.
 */

import type { Command } from "commander";
import { exportTable } from "../../app/export/export-table.ts";
import { QuarryError } from "../../core/errors.ts";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportOptions,
  type ExportProgress,
  type ExportSink,
} from "../../core/export.ts";
import { facet } from "../../core/facet-access.ts";
import { addConnectionFlags, type ConnectionFlags } from "../connection-options.ts";
import { wantsJson, withSession } from "../context.ts";
import { printJson, reportError } from "../output.ts";
import { parseFilter } from "./browse/filter-syntax.ts";

interface ExportFlags extends ConnectionFlags {
  format: string;
  out: string;
  filter: string[];
  raw?: string;
  slices?: string;
  batchSize?: string;
  keepAlive?: string;
  resume?: boolean;
  force?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) {
    throw new QuarryError(
      "invalid_input",
      `${flag}: "${text}" is not a whole number`,
      `Give ${flag} a number, e.g. ${flag} 4.`,
    );
  }
  return Number(text);
}

export function registerExportCommand(program: Command): void {
  addConnectionFlags(
    program
      .command("export")
      .description("export a whole table, or the filtered rows, to NDJSON (for _bulk), CSV or JSON")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<table>", "an index, alias, pattern (logs-*) or comma list")
      .requiredOption("--format <format>", "ndjson | csv | json")
      .requiredOption(
        "--out <file>",
        "the file to write; - for standard output; a device or FIFO is written through",
      )
      .option(
        "--filter <expr>",
        'a column filter as in quarry browse, e.g. "status = paid" (repeatable)',
        collect,
        [],
      )
      .option("--raw <query>", "the Raw SQL filter: Lucene query_string text across all fields")
      .option("--slices <n>", "parallel sliced searches (default: one per shard, up to 4)")
      .option("--batch-size <n>", "documents per request (default 5000, at most 10000)")
      .option(
        "--keep-alive <time>",
        "how long the cluster keeps the export's snapshot between two requests (default 5m)",
      )
      .option("--resume", "continue an interrupted export to the same file")
      .option("--force", "replace an existing file, or start an interrupted export over"),
  ).action((conn: string, table: string, flags: ExportFlags, cmd: Command) =>
    runExport(conn, table, flags, wantsJson(cmd)),
  );
}

/** The export's options from the flags, checked before anything is opened. */
function optionsFrom(flags: ExportFlags): ExportOptions {
  const format = flags.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) {
    throw new QuarryError(
      "invalid_input",
      `--format: "${flags.format}" is not an export format`,
      `Use one of ${EXPORT_FORMATS.join(", ")}.`,
    );
  }
  const filters = flags.filter.map((text) => {
    const p = parseFilter(text);
    if (p.attachedGroup !== undefined) {
      throw new QuarryError(
        "invalid_input",
        `--filter "${text}": write the element group after a space`,
        'e.g. --filter "items.sku = KB-01 @1"',
      );
    }
    return p.row;
  });
  const slices = wholeNumber("--slices", flags.slices);
  const batchSize = wholeNumber("--batch-size", flags.batchSize);
  return {
    format,
    out: flags.out,
    ...(flags.out === "-" ? { sink: stdoutSink() } : {}),
    filters,
    ...(flags.raw !== undefined ? { rawQuery: flags.raw } : {}),
    ...(slices !== undefined ? { slices } : {}),
    ...(batchSize !== undefined ? { batchSize } : {}),
    ...(flags.keepAlive !== undefined ? { keepAlive: flags.keepAlive } : {}),
    resume: flags.resume === true,
    overwrite: flags.force === true,
  };
}

async function runExport(
  conn: string,
  table: string,
  flags: ExportFlags,
  json: boolean,
): Promise<void> {
  const options = optionsFrom(flags);
  const toStdout = flags.out === "-";
  // Standard output carries the data: everything else goes to standard error.
  const say = toStdout ? process.stderr : process.stdout;
  const onStop = () => process.stderr.write("\nstopping after the batches in flight…\n");
  await stoppableExport(
    toStdout,
    json,
    async (signal) => {
      const report = await withSession(conn, flags, (s) =>
        exportTable(facet(s, "exportScan"), table, {
          ...options,
          signal,
          onProgress: json ? undefined : showExportProgress,
        }),
      );
      endProgress();
      if (json) printJson(report, say);
      else {
        const seconds = report.durationMs / 1000;
        say.write(
          `Exported ${report.written.toLocaleString("en-US")} of ${report.expected.toLocaleString("en-US")} documents to ${toStdout ? "standard output" : report.out} (${options.format}, ${report.slices} slice${report.slices === 1 ? "" : "s"}, ${seconds.toFixed(1)} s, ${Math.round(report.written / Math.max(seconds, 0.001)).toLocaleString("en-US")} docs/s)${report.resumed ? ", resumed" : ""}.\n`,
        );
      }
    },
    onStop,
  );
}

/**
 * Runs an export that Ctrl+C stops (`run` is given the signal; `onStop` says so first). When the
 * data goes to standard output, a failure is said on standard error and sets the exit code: the
 * output itself cannot carry it.
 */
export async function stoppableExport(
  toStdout: boolean,
  json: boolean,
  run: (signal: AbortSignal) => Promise<void>,
  onStop?: () => void,
): Promise<void> {
  const controller = new AbortController();
  const onInterrupt = () => {
    onStop?.();
    controller.abort();
  };
  process.once("SIGINT", onInterrupt);
  try {
    await run(controller.signal);
  } catch (e) {
    endProgress();
    if (!toStdout) throw e;
    process.exitCode = reportError(e, json, process.stderr);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}

/** Standard output as the export's stream: each chunk waits until it is written (backpressure). */
export function stdoutSink(): ExportSink {
  return {
    name: "standard output",
    write: (chunk) =>
      new Promise((resolve, reject) => {
        process.stdout.write(chunk, (e) => (e ? reject(e) : resolve()));
      }),
  };
}

let shown = false;
let last = 0;
let lastDone = -1;
const tty = () => process.stderr.isTTY === true;

export function showExportProgress(p: ExportProgress): void {
  const now = Date.now();
  // On a terminal the line is redrawn; in a log, one line every 5 seconds.
  if (p.done === lastDone || (now - last < (tty() ? 200 : 5_000) && p.done < p.total)) return;
  last = now;
  lastDone = p.done;
  const pct = p.total > 0 ? ` (${((p.done / p.total) * 100).toFixed(1)}%)` : "";
  const eta = p.etaSeconds === null ? "" : `, ${formatSeconds(p.etaSeconds)} left`;
  const line = `${p.done.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")} documents${pct}, ${p.rate.toLocaleString("en-US")} docs/s${eta}`;
  process.stderr.write(tty() ? `\r${line}   ` : `${line}\n`);
  shown = true;
}

export function endProgress(): void {
  if (shown && tty()) process.stderr.write("\n");
  shown = false;
}

function formatSeconds(s: number): string {
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
