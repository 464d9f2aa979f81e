/**
 * Every record a transfer could not write, one JSON line each in a file of its own (0600 in a
 * private folder), written as failures come, so that a million failures cost no memory and none
 * is dropped. The report keeps the first few to show, the count, and the file's path.
 */
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LineProblem, LoadFailure } from "../../core/transfer.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

/** Failures a report shows itself; the file holds them all. */
export const SHOWN_FAILURES = 100;

export interface FailureLine {
  origin: number;
  /** The line it starts on, when the origin is a JSON array's element number. */
  startLine?: number;
  key: string | null;
  status: number;
  reason: string;
}

export class FailureLog {
  readonly path: string;
  readonly #dir: string;
  readonly first: FailureLine[] = [];
  count = 0;
  /** Appends run one after another, in the order failures came. */
  #tail: Promise<void> = Promise.resolve();

  /** `dir`: the private folder for the file; `name`: the file's name (made unique by the caller). */
  constructor(dir: string, name: string) {
    this.#dir = dir;
    this.path = join(dir, name);
  }

  add(failures: readonly LoadFailure[]): Promise<void> {
    return this.#append(failures.map(failureLine));
  }

  /**
   * A batch's lines never sent (status 0: not records, or not writable) and its records refused,
   * together in the file's order.
   */
  addBatch(problems: readonly LineProblem[], failures: readonly LoadFailure[]): Promise<void> {
    const lines = [...problems.map(problemLine), ...failures.map(failureLine)];
    return this.#append(lines.sort((a, b) => a.origin - b.origin));
  }

  #append(lines: FailureLine[]): Promise<void> {
    if (lines.length === 0) return this.#tail;
    this.count += lines.length;
    for (const line of lines) if (this.first.length < SHOWN_FAILURES) this.first.push(line);
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join("");
    this.#tail = this.#tail.then(async () => {
      await ensurePrivateDir(this.#dir);
      await appendFile(this.path, text, { mode: 0o600 });
    });
    return this.#tail;
  }

  /** Waits until every failure so far is in the file. */
  flushed(): Promise<void> {
    return this.#tail;
  }
}

function failureLine(f: LoadFailure): FailureLine {
  return {
    origin: f.record.origin,
    ...(f.record.startLine !== undefined ? { startLine: f.record.startLine } : {}),
    key: f.key,
    status: f.status,
    reason: f.reason,
  };
}

function problemLine(p: LineProblem): FailureLine {
  return {
    origin: p.line,
    ...(p.startLine !== undefined ? { startLine: p.startLine } : {}),
    key: null,
    status: 0,
    reason: p.reason,
  };
}

/** A file name for a transfer's failures: when and into what, safe in any file system. */
export function failureFileName(target: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${target.replace(/[^\w.-]+/g, "_")}.failures.ndjson`;
}

/** Keeps the first `count` lines of a failures file (those a checkpoint counted). */
export async function keepFirstFailures(path: string, count: number): Promise<void> {
  const text = await readFile(path, "utf8").catch(() => "");
  const lines = text.split("\n").filter(Boolean).slice(0, count);
  await writeFile(path, lines.map((l) => `${l}\n`).join(""), { mode: 0o600 });
}
