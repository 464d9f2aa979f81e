/**
 * Interleaved timing of two sides: A and B alternate, and each pair starts with the other side
 * than the pair before (A B, B A, A B, …), so neither always runs on what the other warmed or
 * always pays for what the other left cold. Runs at least `min` pairs, then on until the median
 * ratio moved by less than `settle` over the last `window` pairs (or `max` pairs).
 */

export interface Pairs {
  a: number[];
  b: number[];
  /** Per pair, a / b. */
  ratios: number[];
}

export interface PairOptions {
  min?: number;
  max?: number;
  window?: number;
  settle?: number;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Whether the median ratio of all pairs is within `settle` of what it was `window` pairs ago. */
export function settled(ratios: readonly number[], window: number, settle: number): boolean {
  if (ratios.length <= window) return false;
  const before = median(ratios.slice(0, ratios.length - window));
  const now = median(ratios);
  return Math.abs(now - before) / before < settle;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function interleave(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  options: PairOptions = {},
): Promise<Pairs> {
  const { min = 21, max = 201, window = 10, settle = 0.02 } = options;
  const out: Pairs = { a: [], b: [], ratios: [] };
  for (let i = 0; i < max; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      ta = await time(a);
      tb = await time(b);
    } else {
      tb = await time(b);
      ta = await time(a);
    }
    out.a.push(ta);
    out.b.push(tb);
    out.ratios.push(ta / tb);
    if (out.ratios.length >= min && settled(out.ratios, window, settle)) break;
  }
  return out;
}
