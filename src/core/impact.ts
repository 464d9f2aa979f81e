/**
 * What a dangerous request would affect, measured on the database just before it is confirmed:
 * the tables it names and what those names resolve to, each table's records and size, and the
 * records a query would touch. Every confirmation (console dialog, CLI prompt, MCP refusal and
 * approval) shows it. The driver measures it (the `impact` facet's `measureImpact`); this module
 * holds the vocabulary and the pure rules about names. Measuring only reads.
 */

/** One table the request would reach, with its size when the database says it. */
export interface ImpactTarget {
  name: string;
  records: number | null;
  bytes: number | null;
  /** The table is closed: it holds data but answers no query. */
  closed?: boolean;
}

/** One user, API key, role or role mapping a security write reaches, and how. */
export interface AffectedPrincipal {
  kind: "user" | "api key" | "role" | "role mapping";
  name: string;
  /** Why it is affected, or what it is (a key's id and owner, a user's roles). */
  note: string;
}

export interface Impact {
  /** The table names as the request gave them, patterns and exclusions as typed. */
  named: string[];
  /** What those names resolve to now, sorted; empty when nothing matched or nothing was measured. */
  resolved: string[];
  /**
   * The request reaches tables it does not name one by one (a pattern, every table, an alias):
   * its confirmation must list `resolved`. When nothing could be measured, true if it names a
   * pattern, since what it reaches is then unknown.
   */
  widens: boolean;
  /** Records the request's query selects (for requests that act on what a query matches). */
  matched?: number;
  /** At most this many of them are touched (the request caps its own work). */
  cap?: number;
  /** Each resolved table with its size. */
  targets: ImpactTarget[];
  /**
   * A security write's reach instead of tables: the users, keys, roles and role mappings it
   * changes or that hold what it changes (docs/decisions.md, "Security impact").
   */
  affected?: AffectedPrincipal[];
  /** One line in the database's words, for display. */
  summary: string;
  /** Why nothing could be measured; `summary` then says "impact could not be measured: …". */
  unmeasured?: string;
}

/** Options for one measurement. */
export interface MeasureOptions {
  signal?: AbortSignal;
}

/** Pure: the impact of a request whose measuring failed, with the reason in words. */
export function unmeasuredImpact(named: string[], widens: boolean, why: string): Impact {
  return {
    named,
    resolved: [],
    widens,
    targets: [],
    summary: `impact could not be measured: ${why}`,
    unmeasured: why,
  };
}

/**
 * Pure: whether `given` confirms the tables the request resolves to: the same names, in any
 * order, each once. Without a measurement nothing can be confirmed.
 */
export function confirmsTargets(impact: Impact, given: readonly string[]): boolean {
  if (impact.unmeasured !== undefined) return false;
  const want = new Set(impact.resolved);
  const got = new Set(given);
  return got.size === given.length && got.size === want.size && [...got].every((n) => want.has(n));
}

/**
 * Pure: what a confirmation still lacks: nothing (`undefined`), the list of resolved names, or a
 * measurement (a pattern whose tables are unknown cannot be confirmed by name).
 */
export function missingConfirmation(
  impact: Impact | null,
  given: readonly string[] | undefined,
): "names" | "measurement" | "mismatch" | undefined {
  if (!impact) return undefined;
  if (impact.widens && impact.unmeasured !== undefined) return "measurement";
  if (given !== undefined) return confirmsTargets(impact, given) ? undefined : "mismatch";
  return impact.widens ? "names" : undefined;
}

/** Pure: a count with thousands separators ("12,345"), the same on every machine. */
export function countText(n: number): string {
  return n.toLocaleString("en-US");
}

/** Pure: a size in bytes as people read it ("0 B", "12.3 kB", "4.0 MB"), decimal units. */
export function bytesText(bytes: number): string {
  const units = ["B", "kB", "MB", "GB", "TB", "PB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Pure: up to `max` names, then "and N more". */
export function namesText(names: readonly string[], max = 10): string {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}
