/**
 * The bench's arithmetic, pure: percentiles, when a series of rounds has settled, and how a goal
 * is printed with its verdict.
 */

/** The q-quantile (0..1) of the samples, nearest rank; NaN for none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/**
 * Whether a figure has settled: its last `window` values (one per round, each computed over all
 * rounds so far) lie within `tolerance` of each other (max / min - 1 ≤ tolerance). Fewer values
 * than the window, or a value that is not a positive number, is not settled.
 */
export function settled(history: readonly number[], window: number, tolerance: number): boolean {
  if (window < 2 || history.length < window) return false;
  const last = history.slice(-window);
  if (!last.every((v) => Number.isFinite(v) && v > 0)) return false;
  return Math.max(...last) / Math.min(...last) - 1 <= tolerance;
}

export interface StopRule {
  minRounds: number;
  maxRounds: number;
  window: number;
  tolerance: number;
}

/**
 * Whether to stop after `rounds` rounds: at the cap, or once past the minimum with every watched
 * figure settled (`histories`: one series per figure, a value per round).
 */
export function shouldStop(
  rounds: number,
  histories: readonly (readonly number[])[],
  rule: StopRule,
): { stop: boolean; stable: boolean } {
  const stable = histories.every((h) => settled(h, rule.window, rule.tolerance));
  if (rounds >= rule.maxRounds) return { stop: true, stable };
  return { stop: rounds >= rule.minRounds && stable, stable };
}

export function ms(n: number): string {
  if (!Number.isFinite(n)) return "n/a";
  return n < 10 ? n.toFixed(2) : n.toFixed(1);
}

/**
 * One goal as printed: `<what> < <than>: 1.21 ms vs 1.60 ms (0.76x)  PASS`. Lower is better
 * unless `higherIsBetter` (calls per second).
 */
export function verdict(
  what: string,
  ours: number,
  theirs: number,
  unit: "ms" | "calls/s",
  higherIsBetter = false,
): { line: string; pass: boolean } {
  const pass = higherIsBetter ? ours > theirs : ours < theirs;
  const fmt = (n: number) => (unit === "ms" ? `${ms(n)} ms` : `${n.toFixed(0)} calls/s`);
  const ratio = theirs > 0 ? ` (${(ours / theirs).toFixed(2)}x)` : "";
  return {
    line: `${what}: ${fmt(ours)} vs ${fmt(theirs)}${ratio}  ${pass ? "PASS" : "FAIL"}`,
    pass,
  };
}

/** A figure against a fixed budget: `<what> ≤ 0.50 ms: 0.31 ms  PASS`. */
export function withinBudget(
  what: string,
  ours: number,
  budgetMs: number,
): { line: string; pass: boolean } {
  const pass = ours <= budgetMs;
  return { line: `${what} ≤ ${ms(budgetMs)} ms: ${ms(ours)} ms  ${pass ? "PASS" : "FAIL"}`, pass };
}
