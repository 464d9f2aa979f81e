/**
 * How exact an aggregation's figures are, said in words a person or a model reports as they are
 * (docs/mcp.md, "Answers that say how exact they are"). One rule for every surface: the MCP
 * tools, the console's aggregation tables in the UI and the CLI. Pure.
 */

/**
 * The highest precision a distinct-count estimate is asked at, and the most values a distinct
 * count is counted one by one (exactly) rather than estimated.
 */
export const DISTINCT_EXACT_UP_TO = 40_000;

/**
 * Relative error quoted for an estimate: above the limit the estimate at the highest precision has
 * a standard error of about 0.2%, and three times that covers nearly every answer; under it the
 * estimate only loses values whose hashes collide (measured: 3 in 9,000), well within 0.2%.
 */
const ESTIMATE_ERROR_ABOVE = 0.006;
const ESTIMATE_ERROR_UNDER = 0.002;

export const EXACT = "exact";

/** Percentiles are estimates however they are asked. */
export const PERCENTILES_ACCURACY =
  "estimates: percentiles are computed from a summary of the values, close to but not always the exact value";

/**
 * The accuracy of a top-values list: exact when no count can be short and no value left out;
 * otherwise what is not exact (a bucket's count may be short by up to `countError`; `otherCount`
 * records hold values beyond those listed).
 */
export function termsAccuracy(
  countError: number | undefined,
  otherCount: number | undefined,
): string {
  const parts: string[] = [];
  if (countError)
    parts.push(
      `a count may be up to ${countError.toLocaleString("en-US")} short and a value may be missing from the list (partitions counted apart)`,
    );
  if (otherCount)
    parts.push(
      `${otherCount.toLocaleString("en-US")} more records hold values beyond those listed`,
    );
  return parts.length === 0 ? EXACT : `not exact: ${parts.join("; ")}`;
}

/**
 * The same rule in a word, for answers a model reads (docs/mcp.md, "Answers that say how exact
 * they are"): "exact", "estimate" (percentiles), "±N" (a distinct count estimated within about N)
 * or "approximate" (a terms count that may be short, with its bound given beside it).
 */
export const ACCURACY_WORDS = { exact: EXACT, estimate: "estimate", approximate: "approximate" };

/**
 * A distinct count's accuracy in a word: "exact" when it was counted value by value, else "±N",
 * the estimate's likely error.
 */
export function distinctAccuracyWord(value: number, counted: boolean): string {
  if (counted) return EXACT;
  const error = value > DISTINCT_EXACT_UP_TO ? ESTIMATE_ERROR_ABOVE : ESTIMATE_ERROR_UNDER;
  return `±${Math.max(1, Math.ceil(value * error)).toLocaleString("en-US")}`;
}

/** A total that stopped counting: "at least N"; an exact one as itself. */
export function totalText(total: number, relation: "eq" | "gte" | undefined): string {
  return relation === "gte" ? `at least ${total.toLocaleString("en-US")}` : String(total);
}

/** ES|QL's COUNT_DISTINCT precision when the query gives none, and the most it takes. */
export const ESQL_DISTINCT_DEFAULT_PRECISION = 3000;

/**
 * The likely error of a distinct-count estimate made at `precision` (a cardinality
 * `precision_threshold` or ES|QL's COUNT_DISTINCT second argument), in counts. Up to the precision
 * the estimate only loses colliding hashes; above it, HyperLogLog++ at the register count the
 * precision gives (2^p, p = bits of ⌈precision / 0.75⌉ × 4, from 4 to 18) has a standard error of
 * 1.04/√2^p, and three of those cover nearly every answer.
 */
export function distinctEstimateError(value: number, precision: number): number {
  const threshold = Math.min(precision, DISTINCT_EXACT_UP_TO);
  if (value <= threshold) return Math.max(1, Math.ceil(value * ESTIMATE_ERROR_UNDER));
  const entries = Math.ceil(threshold / 0.75) * 4;
  const p = Math.min(18, Math.max(4, Math.floor(Math.log2(entries)) + 1));
  return Math.max(1, Math.ceil(value * ((3 * 1.04) / Math.sqrt(2 ** p))));
}
