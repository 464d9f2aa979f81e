/**
 * A truth that more than one answer meets: a top-N list where values tie (two indices of
 * 1,000,000 documents each listed in either order), or the top key of a ranking with a tie.
 * `shown` is what the report prints as the truth.
 */
import { isDeepStrictEqual } from "node:util";

export class Accept {
  readonly shown: unknown;
  readonly test: (got: unknown) => boolean;
  constructor(shown: unknown, test: (got: unknown) => boolean) {
    this.shown = shown;
    this.test = test;
  }
}

/** Whether an answer is right: equal to the truth, or one the truth accepts. */
export function isRight(got: unknown, truth: unknown): boolean {
  return truth instanceof Accept ? truth.test(got) : isDeepStrictEqual(got, truth);
}

/** What the report prints as the truth. */
export const shownTruth = (truth: unknown) => (truth instanceof Accept ? truth.shown : truth);

/**
 * The top `n` keys by their score, highest first: any list of `n` distinct keys whose scores are
 * the `n` highest, in an order that never puts a lower score first, ties in any order.
 */
export function topN(scores: ReadonlyMap<string, number>, n: number): Accept {
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const floor = ranked[n - 1]?.[1] ?? Number.NEGATIVE_INFINITY;
  const shown = ranked.slice(0, n).map(([k]) => k);
  return new Accept(shown, (got) => {
    if (!Array.isArray(got) || got.length !== Math.min(n, ranked.length)) return false;
    if (new Set(got).size !== got.length) return false;
    const values = got.map((k) => scores.get(String(k)));
    return values.every(
      (v, i) => v !== undefined && v >= floor && (i === 0 || v <= (values[i - 1] as number)),
    );
  });
}

/** The key with the highest score; any of several that tie for it. */
export function topOne(scores: ReadonlyMap<string, number>): Accept {
  const best = Math.max(...scores.values());
  const keys = [...scores].filter(([, v]) => v === best).map(([k]) => k);
  return new Accept(keys.length === 1 ? keys[0] : keys, (got) => keys.includes(String(got)));
}
