/**
 * The MCP bench's soak mode (docs/mcp.md, "Sustained load"): many tool calls from several
 * clients at once, over HTTP and then through the stdio bridge, against Quarry's server in its
 * own process, with its resident memory (RSS, /proc) read every `sampleEvery` calls. What an
 * operator would see: calls, errors, calls a second, RSS as it goes, its peak and how much it
 * still grows after the first `settleCalls` (the heap and the caches warming up).
 *
 * Bounded in count and in time, loopback only: each pass stops after its calls or its deadline,
 * whichever comes first (a pass cut by the deadline fails its goals).
 */
import { readFileSync } from "node:fs";
import type { ToolCase } from "./cases.ts";
import { cpuOf } from "./rounds.ts";
import type { Call } from "./setup.ts";
import { ms } from "./stats.ts";

export interface SoakPlan {
  /** What the pass is called in the output ("HTTP", "bridge"). */
  door: string;
  calls: number;
  clients: number;
  /** RSS is read every this many calls. */
  sampleEvery: number;
  /** Growth is measured from this many calls on (the warm-up before it is not held against it). */
  settleCalls: number;
  deadlineMs: number;
  /** The processes whose RSS is measured (Quarry's server; not the bridges). */
  pids: () => number[];
  /** One client's call of each case, opened before the pass. */
  clientsCalls: Call[][];
}

export interface SoakSample {
  calls: number;
  rssMb: number;
  /** CPU the measured processes have used so far, in ms (what a setting costs a call). */
  cpuMs: number;
}

export interface SoakResult {
  door: string;
  calls: number;
  errors: number;
  firstError?: string;
  seconds: number;
  rate: number;
  samples: SoakSample[];
  peakMb: number;
  /** MB per 100,000 calls from `settleCalls` to the end (NaN when the pass ended before). */
  growthPer100k: number;
  /** Server CPU a call from `settleCalls` to the end, in ms (NaN when the pass ended before). */
  cpuMsPerCall: number;
  cutByDeadline: boolean;
}

/** Resident memory of a process in MB (VmRSS), 0 when it cannot be read. */
export function rssMbOf(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const rssOf = (pids: number[]) => pids.reduce((sum, pid) => sum + rssMbOf(pid), 0);
const sampleOf = (calls: number, pids: number[]): SoakSample => ({
  calls,
  rssMb: rssOf(pids),
  cpuMs: cpuOf(pids),
});

/** Server CPU a call between the first sample at or after `settleCalls` and the last. */
function cpuMsPerCall(samples: SoakSample[], settleCalls: number): number {
  const from = samples.find((s) => s.calls >= settleCalls);
  const to = samples.at(-1);
  return from && to && to.calls > from.calls
    ? (to.cpuMs - from.cpuMs) / (to.calls - from.calls)
    : Number.NaN;
}

/**
 * Slope of RSS after the warm-up: a least-squares line through the samples from `settleCalls` on,
 * in MB per 100,000 calls, so one noisy sample at either end does not decide it.
 */
export function growthPer100k(samples: SoakSample[], settleCalls: number): number {
  const after = samples.filter((s) => s.calls >= settleCalls);
  if (after.length < 2) return Number.NaN;
  const n = after.length;
  const mx = after.reduce((a, s) => a + s.calls, 0) / n;
  const my = after.reduce((a, s) => a + s.rssMb, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of after) {
    num += (s.calls - mx) * (s.rssMb - my);
    den += (s.calls - mx) ** 2;
  }
  return den > 0 ? (num / den) * 100_000 : Number.NaN;
}

/** Case `i` of the mix for call number `n`: the cases in turn, so every client runs all of them. */
const caseFor = (calls: Call[], n: number) => calls[n % calls.length]!;

export async function soak(
  plan: SoakPlan,
  onSample?: (s: SoakSample) => void,
): Promise<SoakResult> {
  const started = performance.now();
  const deadline = started + plan.deadlineMs;
  const samples: SoakSample[] = [sampleOf(0, plan.pids())];
  onSample?.(samples[0]!);
  let issued = 0;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  let nextSample = plan.sampleEvery;
  let cut = false;
  const worker = async (calls: Call[]) => {
    for (;;) {
      if (issued >= plan.calls) return;
      if (performance.now() > deadline) {
        cut = true;
        return;
      }
      const n = issued++;
      try {
        await caseFor(calls, n)();
      } catch (e) {
        errors++;
        firstError ??= String(e).slice(0, 300);
      }
      done++;
      if (done >= nextSample) {
        nextSample += plan.sampleEvery;
        const s = sampleOf(done, plan.pids());
        samples.push(s);
        onSample?.(s);
      }
    }
  };
  await Promise.all(plan.clientsCalls.slice(0, plan.clients).map(worker));
  const seconds = (performance.now() - started) / 1000;
  if (samples.at(-1)!.calls !== done) samples.push(sampleOf(done, plan.pids()));
  return {
    door: plan.door,
    calls: done,
    errors,
    ...(firstError ? { firstError } : {}),
    seconds,
    rate: done / seconds,
    samples,
    peakMb: Math.max(...samples.map((s) => s.rssMb)),
    growthPer100k: growthPer100k(samples, plan.settleCalls),
    cpuMsPerCall: cpuMsPerCall(samples, plan.settleCalls),
    cutByDeadline: cut,
  };
}

/** The goals of docs/mcp.md ("Sustained load"). */
export const SOAK_GOALS = { growthMbPer100k: 5, peakMb: 300 };

export function soakGoals(r: SoakResult, settleCalls: number): { line: string; pass: boolean }[] {
  const growth = r.growthPer100k;
  const after = `after the first ${settleCalls.toLocaleString("en")} calls`;
  return [
    {
      line: `soak (${r.door}) errors = 0: ${r.errors}${r.firstError ? ` (first: ${r.firstError})` : ""}`,
      pass: r.errors === 0,
    },
    {
      line: `soak (${r.door}) all ${r.calls.toLocaleString("en")} calls within the deadline: ${r.cutByDeadline ? "cut by the deadline" : "yes"}`,
      pass: !r.cutByDeadline,
    },
    {
      line: `soak (${r.door}) RSS growth ${after} ≤ ${SOAK_GOALS.growthMbPer100k} MB per 100,000 calls: ${Number.isFinite(growth) ? `${growth.toFixed(1)} MB` : "n/a (too few calls)"}`,
      pass: Number.isFinite(growth) && growth <= SOAK_GOALS.growthMbPer100k,
    },
    {
      line: `soak (${r.door}) peak RSS ≤ ${SOAK_GOALS.peakMb} MB: ${r.peakMb.toFixed(0)} MB`,
      pass: r.peakMb <= SOAK_GOALS.peakMb,
    },
  ];
}

export function soakTable(r: SoakResult, mix: ToolCase[]): void {
  console.log(
    `\nsoak over ${r.door}: ${r.calls.toLocaleString("en")} calls (${mix.map((c) => c.label ?? c.tool).join(", ")} in turn), ${r.errors} errors, ${r.rate.toFixed(0)} calls/s, ${ms(r.seconds)} s`,
  );
  console.log(`  ${"calls".padStart(9)}${"RSS MB".padStart(9)}${"CPU s".padStart(9)}`);
  for (const s of r.samples)
    console.log(
      `  ${s.calls.toLocaleString("en").padStart(9)}${s.rssMb.toFixed(1).padStart(9)}${(s.cpuMs / 1000).toFixed(1).padStart(9)}`,
    );
  if (Number.isFinite(r.cpuMsPerCall))
    console.log(`  server CPU a call after the warm-up: ${r.cpuMsPerCall.toFixed(3)} ms`);
}
