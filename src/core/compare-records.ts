/**
 * Which records differ between two tables, never holding a side: the left side is read once in
 * pages over a snapshot (slices in parallel), each page's keys looked up on the right side with
 * their digests. A digest that differs is confirmed by reading both records and diffing their
 * fields (the same content stored with other bytes, keys reordered, is no difference). The right
 * side's extra keys are looked for only when its count says there are some: its keys are then
 * read once and looked up on the left. A checkpoint after each page lets a resume go on from
 * the cursors of the same snapshot. No I/O of its own: every read is the `compare` facet's.
 */
import { type DiffRow, fieldDiff, type RecordScan } from "./compare.ts";
import { type CompareSide, onSide, sideName } from "./compare-tables.ts";
import { QuarryError } from "./errors.ts";
import type { ExportProgress } from "./export.ts";
import { facet } from "./facet-access.ts";

export interface RecordOptions {
  filter?: Record<string, unknown>;
  sample?: number;
  batchSize?: number;
  slices?: number;
  /** Rows kept for the report (the counts count them all). */
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (p: ExportProgress & { phase: "left" | "right" }) => void;
  /** A resume point from an interrupted comparison of the same two tables. */
  resume?: RecordCheckpoint;
  /** Called after each page with what a resume needs. */
  onCheckpoint?: (c: RecordCheckpoint) => void | Promise<void>;
}

export interface RecordCounts {
  compared: number;
  same: number;
  changed: number;
  onlyLeft: number;
  onlyRight: number;
}

export interface RecordCheckpoint {
  left: string;
  right: string;
  phase: "left" | "right";
  scan: Record<string, unknown>;
  cursors: unknown[];
  counts: RecordCounts;
  rows: DiffRow[];
}

export interface RecordReport {
  left: string;
  right: string;
  equal: boolean;
  counts: RecordCounts;
  /** The first `limit` differing records; `cut` when there were more. */
  rows: DiffRow[];
  cut: boolean;
  /** False when a sample was compared (the right side's extras were not looked for). */
  whole: boolean;
  resumed: boolean;
  durationMs: number;
}

const DEFAULT_LIMIT = 1000;
/** A resume point is saved this often at most (and when the comparison is cancelled). */
const CHECKPOINT_EVERY_MS = 2_000;

const zero = (): RecordCounts => ({ compared: 0, same: 0, changed: 0, onlyLeft: 0, onlyRight: 0 });

/** The fields in which one record differs between the two sides (undefined where it is missing). */
export async function recordDiff(left: CompareSide, right: CompareSide, key: string) {
  const [l, r] = await Promise.all([
    onSide("left", sideName(left), facet(left.session, "compare").readRecord(left.table, key)),
    onSide("right", sideName(right), facet(right.session, "compare").readRecord(right.table, key)),
  ]);
  return { key, left: l, right: r, fields: l && r ? fieldDiff(l, r) : [] };
}

class Findings {
  readonly counts: RecordCounts;
  readonly rows: DiffRow[];
  readonly #limit: number;
  cut = false;
  constructor(limit: number, from?: RecordCheckpoint) {
    this.#limit = limit;
    this.counts = from ? { ...from.counts } : zero();
    this.rows = from ? [...from.rows] : [];
  }
  add(row: DiffRow): void {
    if (this.rows.length < this.#limit) this.rows.push(row);
    else this.cut = true;
  }
}

export async function compareRecords(
  left: CompareSide,
  right: CompareSide,
  options: RecordOptions = {},
): Promise<RecordReport> {
  const started = Date.now();
  // Both sides offer comparisons before anything is read.
  facet(left.session, "compare");
  facet(right.session, "compare");
  const names = { left: sideName(left), right: sideName(right) };
  const resume = options.resume;
  if (resume && (resume.left !== names.left || resume.right !== names.right))
    throw new QuarryError(
      "invalid_input",
      `The resume point is of ${resume.left} and ${resume.right}, not of ${names.left} and ${names.right}`,
      "Resume with the same two tables, or start the comparison again without resuming.",
    );
  const found = new Findings(options.limit ?? DEFAULT_LIMIT, resume);
  const run: Run = { left, right, names, found, options };
  if (!resume || resume.phase === "left") {
    await leftPhase(run);
    if (options.sample !== undefined) return report(names, found, started, false, !!resume);
  }
  await rightPhase(run);
  return report(names, found, started, true, !!resume);
}

interface Run {
  left: CompareSide;
  right: CompareSide;
  names: { left: string; right: string };
  found: Findings;
  options: RecordOptions;
}

const filterOf = (o: RecordOptions) => (o.filter ? { filter: o.filter } : {});

/** The left side read once, each page's keys looked up on the right with their digests. */
async function leftPhase(run: Run): Promise<void> {
  const { left, right, names, found, options } = run;
  const resume = options.resume;
  const scan = await onSide(
    "left",
    names.left,
    facet(left.session, "compare").openRecordScan(left.table, {
      ...filterOf(options),
      withContent: true,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      ...(options.slices ? { slices: options.slices } : {}),
      ...(resume ? { resume: resume.scan } : {}),
    }),
  );
  // A snapshot not taken up starts over: what was found before is found again.
  if (resume && !scan.continued) {
    Object.assign(found.counts, zero());
    found.rows.length = 0;
  }
  const cursors =
    scan.continued && resume ? [...resume.cursors] : new Array(scan.slices).fill(null);
  const rf = facet(right.session, "compare");
  await runPhase({ ...run, cursors, scan, phase: "left" }, async (keys, digests) => {
    const there = await onSide(
      "right",
      names.right,
      rf.lookupRecords(right.table, keys, { withContent: true, ...filterOf(options) }),
    );
    const suspects: string[] = [];
    keys.forEach((key, i) => {
      const d = there.get(key);
      if (d === undefined) {
        found.counts.onlyLeft++;
        found.add({ group: "documents", key, kind: "only_left" });
      } else if (d !== digests[i]) suspects.push(key);
      else found.counts.same++;
    });
    for (const key of suspects) {
      const diff = await recordDiff(left, right, key);
      if (diff.fields.length === 0) found.counts.same++;
      else {
        found.counts.changed++;
        found.add({ group: "documents", key, kind: "changed", left: fieldsText(diff.fields) });
      }
    }
  });
}

/** The right side's extras: looked for only when its count says it holds keys the left has not. */
async function rightPhase(run: Run): Promise<void> {
  const { left, right, names, found, options } = run;
  const resume = options.resume?.phase === "right" ? options.resume : undefined;
  const scan = await onSide(
    "right",
    names.right,
    facet(right.session, "compare").openRecordScan(right.table, {
      ...filterOf(options),
      withContent: false,
      ...(options.slices ? { slices: options.slices } : {}),
      ...(resume ? { resume: resume.scan } : {}),
    }),
  );
  const matched = found.counts.compared - found.counts.onlyLeft;
  if (!resume && scan.expected === matched) {
    await scan.close();
    return;
  }
  const cursors =
    resume && scan.continued ? [...resume.cursors] : new Array(scan.slices).fill(null);
  const lf = facet(left.session, "compare");
  await runPhase({ ...run, cursors, scan, phase: "right" }, async (keys) => {
    const there = await onSide(
      "left",
      names.left,
      lf.lookupRecords(left.table, keys, { withContent: false, ...filterOf(options) }),
    );
    for (const key of keys)
      if (!there.has(key)) {
        found.counts.onlyRight++;
        found.add({ group: "documents", key, kind: "only_right" });
      }
  });
}

function fieldsText(fields: { path: string }[]): string {
  const shown = fields.slice(0, 5).map((f) => f.path);
  return `${fields.length} field${fields.length === 1 ? "" : "s"}: ${shown.join(", ")}${fields.length > 5 ? ", …" : ""}`;
}

function report(
  names: { left: string; right: string },
  found: Findings,
  started: number,
  whole: boolean,
  resumed: boolean,
): RecordReport {
  const c = found.counts;
  return {
    ...names,
    equal: c.changed + c.onlyLeft + c.onlyRight === 0,
    counts: c,
    rows: found.rows,
    cut: found.cut,
    whole,
    resumed,
    durationMs: Date.now() - started,
  };
}

interface Phase extends Run {
  cursors: unknown[];
  scan: RecordScan;
  phase: "left" | "right";
}

/** Every slice of the scan in parallel, each page handed to `each`; the scan closed after. */
async function runPhase(
  ctx: Phase,
  each: (keys: string[], digests: string[]) => Promise<void>,
): Promise<void> {
  const { scan, found, options, cursors, phase } = ctx;
  // Progress counts the records read in this phase (a resumed left phase from its checkpoint).
  const before = phase === "left" ? found.counts.compared : 0;
  let done = before;
  const meter = progressMeter(phase, options.onProgress, () => ({
    done,
    total: scan.expected ?? done,
    since: done - before,
  }));
  const perSlice =
    options.sample !== undefined
      ? Math.ceil(options.sample / scan.slices)
      : Number.POSITIVE_INFINITY;
  let saving = Promise.resolve();
  let savedAt = Date.now();
  let latest: RecordCheckpoint | undefined;
  // Saved at most every CHECKPOINT_EVERY_MS while no save is under way, and once when cancelled.
  const save = (force: boolean) => {
    if (!latest || !options.onCheckpoint) return;
    if (!force && Date.now() - savedAt < CHECKPOINT_EVERY_MS) return;
    const c = latest;
    latest = undefined;
    savedAt = Date.now();
    saving = saving.then(() => options.onCheckpoint?.(c));
  };
  // The first slice to fail stops the others (a side that went away midway fails them all).
  const stop = new AbortController();
  const stopped = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  try {
    await Promise.all(
      Array.from({ length: scan.slices }, async (_, slice) => {
        let read = 0;
        const pages = scan.pages(slice, cursors[slice] ?? null, stopped);
        try {
          for await (const page of pages) {
            const take = Math.min(page.keys.length, perSlice - read);
            await each(page.keys.slice(0, take), page.digests.slice(0, take));
            read += take;
            done += take;
            if (phase === "left") found.counts.compared += take;
            cursors[slice] = page.cursor;
            meter.tick();
            latest = {
              ...ctx.names,
              phase,
              scan: scan.state(),
              cursors: [...cursors],
              counts: { ...found.counts },
              rows: [...found.rows],
            };
            save(false);
            if (read >= perSlice || stopped.aborted) break;
          }
        } catch (e) {
          // A cancel stops a read midway: that is the cancel, said below, not a failure.
          if (options.signal?.aborted) return;
          stop.abort();
          throw e;
        }
      }),
    );
    if (options.signal?.aborted) save(true);
    await saving;
    if (options.signal?.aborted)
      throw new QuarryError(
        "transfer_interrupted",
        `The comparison of ${ctx.names.left} and ${ctx.names.right} was cancelled after ${found.counts.compared} documents`,
        "Run it again with --resume to go on from where it stopped.",
        { counts: { ...found.counts } },
      );
    meter.tick(true);
  } finally {
    await scan.close();
  }
}

const PROGRESS_EVERY_MS = 250;

/** Progress with rate and time left, reported at most every PROGRESS_EVERY_MS (or when forced). */
function progressMeter(
  phase: "left" | "right",
  report: RecordOptions["onProgress"],
  read: () => { done: number; total: number; since: number },
) {
  const started = Date.now();
  let last = 0;
  return {
    tick(force = false) {
      const now = Date.now();
      if (!report || (!force && now - last < PROGRESS_EVERY_MS)) return;
      last = now;
      const { done, total, since } = read();
      const elapsed = (now - started) / 1000;
      const rate = elapsed > 0 ? since / elapsed : 0;
      report({
        phase,
        done,
        total,
        rate: Math.round(rate),
        etaSeconds: rate > 0 ? Math.max(0, Math.round((total - done) / rate)) : null,
      });
    },
  };
}
