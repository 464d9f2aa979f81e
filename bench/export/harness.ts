/**
 * A fair comparison of commands that move documents (export, copy, import): each
 * side runs in its own process, the sides take turns (A, B, A, B… so neither gets the warm cache
 * or the quiet minute alone), rounds repeat until every side's median moves by less than a
 * tolerance, and the peak resident memory of each process is sampled while it runs.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";

export interface Side {
  name: string;
  cmd: string;
  args: string[];
  /** The documents the run moved (counted after it, outside the timing). */
  count: () => Promise<number>;
  /** Runs only in the first `rounds` rounds (the slow references). */
  rounds?: number;
  /** Environment added to the process's. */
  env?: Record<string, string>;
  /** Runs before each run, outside the timing (a new, empty target, say). */
  prepare?: () => Promise<void>;
}

export interface Run {
  seconds: number;
  docs: number;
  peakMb: number;
  /** The part of `seconds` the run's last JSON line says its end took (`endMs`), if it says. */
  endSeconds?: number;
}

/** `endMs` of the last line of a run's output, when that line is JSON that has it. */
function endSecondsOf(stdout: string): number | undefined {
  const last = stdout.trimEnd().split("\n").at(-1) ?? "";
  try {
    const { endMs } = JSON.parse(last) as { endMs?: unknown };
    return typeof endMs === "number" ? endMs / 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The process's peak resident set so far (Linux: VmHWM, in kB), 0 once it is gone. */
async function peakKb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs one side once: wall time, documents, peak memory. */
export async function runOnce(side: Side, cwd: string): Promise<Run> {
  await side.prepare?.();
  const started = performance.now();
  const child = spawn(side.cmd, side.args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    ...(side.env ? { env: { ...process.env, ...side.env } } : {}),
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  let stdout = "";
  child.stdout.on("data", (d) => {
    // Only the end matters (its last line); a command printing much keeps little.
    stdout = (stdout + d).slice(-4096);
  });
  let peak = 0;
  // VmHWM only grows: the last reading before the exit is the peak.
  const poll = setInterval(() => {
    if (child.pid) void peakKb(child.pid).then((kb) => (peak = Math.max(peak, kb)));
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${side.name} failed (${code}):\n${stderr.slice(-2000)}`);
  const endSeconds = endSecondsOf(stdout);
  return {
    seconds,
    docs: await side.count(),
    peakMb: peak / 1024,
    ...(endSeconds !== undefined ? { endSeconds } : {}),
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export const rate = (r: Run) => r.docs / r.seconds;

/** The rate without the run's end (`endSeconds`): a bare loop's pace before its refresh and count. */
export const rateWithoutEnd = (r: Run) => r.docs / (r.seconds - (r.endSeconds ?? 0));

/** A side's median rate over its runs (by `rateOf`, `rate` by default); NaN when it has none. */
export function medianRate(
  runs: Map<string, Run[]>,
  name: string,
  rateOf: (r: Run) => number = rate,
): number {
  const rs = runs.get(name) ?? [];
  return rs.length ? median(rs.map(rateOf)) : Number.NaN;
}

export interface Rounds {
  min: number;
  max: number;
  /** Stop once no side's median rate moved by more than this fraction in the last round. */
  tolerance: number;
}

/** The sides in turns, round after round, until the medians hold still. */
export async function interleave(
  sides: Side[],
  rounds: Rounds,
  cwd: string,
  log: (line: string) => void,
): Promise<Map<string, Run[]>> {
  const runs = new Map<string, Run[]>(sides.map((s) => [s.name, []]));
  let before = new Map<string, number>();
  for (let round = 1; round <= rounds.max; round++) {
    for (const side of sides) {
      if (side.rounds !== undefined && round > side.rounds) continue;
      const r = await runOnce(side, cwd);
      runs.get(side.name)?.push(r);
      log(
        `  round ${round} ${side.name}: ${r.docs} docs in ${r.seconds.toFixed(2)} s${r.endSeconds === undefined ? "" : ` (its refresh and count ${r.endSeconds.toFixed(2)} s)`} (${Math.round(rate(r))}/s), peak ${r.peakMb.toFixed(0)} MB`,
      );
    }
    const now = new Map([...runs].map(([name, rs]) => [name, median(rs.map(rate))]));
    const moved = [...now].some(([name, m]) => {
      const b = before.get(name);
      return b === undefined || Math.abs(m - b) / b > rounds.tolerance;
    });
    if (round >= rounds.min && !moved) break;
    before = now;
  }
  return runs;
}

/** One goal's line: the measure, the goal, and whether it is met. */
export function verdict(label: string, value: string, goal: string, met: boolean): string {
  return `${met ? "MET    " : "NOT MET"}  ${label.padEnd(58)} ${value.padStart(10)}   goal ${goal}`;
}
