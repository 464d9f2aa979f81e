/**
 * Pure: the last `STATS` command of an ES|QL query read well enough to know which result columns
 * an approximate function made (COUNT_DISTINCT, PERCENTILE, MEDIAN, MEDIAN_ABSOLUTE_DEVIATION),
 * which columns are its `BY` keys, and the query before it, from which a distinct count can be
 * checked (exact-distinct.ts). A shape it cannot read gives less, never a wrong column.
 */

/** ES|QL's aggregate functions whose answers are estimates. */
export const APPROXIMATE_FUNCTIONS = [
  "COUNT_DISTINCT",
  "PERCENTILE",
  "MEDIAN",
  "MEDIAN_ABSOLUTE_DEVIATION",
] as const;
export type ApproximateFunction = (typeof APPROXIMATE_FUNCTIONS)[number];

export interface StatsAggregate {
  /** The result column's name: the one given (`c = …`), else the expression as written. */
  column: string;
  /** The approximate function the expression uses, if any. */
  approximate?: ApproximateFunction;
  /** For a bare `COUNT_DISTINCT(field[, precision])`: the field and the precision given. */
  distinct?: { field: string; precision?: number };
}

export interface StatsCommand {
  aggregates: StatsAggregate[];
  /** The `BY` keys' column names; undefined when a key is an expression (`BY b = BUCKET(…)` is named). */
  by: string[];
  /** Whether every `BY` key is a plain field, so it can be grouped on again. */
  plainBy: boolean;
  /** The query before the STATS command (without its pipe). */
  before: string;
  /** The commands after it, by their keyword (`SORT`, `LIMIT`, …). */
  after: string[];
}

/**
 * The query with string contents and comments blanked to spaces, the same length, so positions
 * found in it hold in the query itself.
 */
export function maskQuery(query: string): string {
  return query
    .replace(/"""[\s\S]*?"""/g, (m) => `"${" ".repeat(m.length - 2)}"`)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, (m) => `"${" ".repeat(m.length - 2)}"`)
    .replace(/\/\*[\s\S]*?\*\//g, (m) => " ".repeat(m.length))
    .replace(/\/\/.*$/gm, (m) => " ".repeat(m.length));
}

/** Start and end of each part of `masked[from, to)` split at `sep` outside brackets. */
function splitTop(masked: string, sep: string, from = 0, to = masked.length): [number, number][] {
  const parts: [number, number][] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const ch = masked[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === sep && depth === 0) {
      parts.push([start, i]);
      start = i + 1;
    }
  }
  parts.push([start, to]);
  return parts;
}

const unquote = (name: string) => name.trim().replace(/^`(.*)`$/s, "$1");
const PLAIN_NAME = /^(?:[\w.@]+|`[^`]+`)$/;

function aggregateOf(text: string, masked: string): StatsAggregate {
  const named = /^\s*([\w.@]+|`[^`]+`)\s*=\s*/.exec(masked);
  const expression = (named ? text.slice(named[0].length) : text).trim();
  const maskedExpression = (named ? masked.slice(named[0].length) : masked).trim();
  const column = named ? unquote(named[1] ?? "") : expression;
  const approximate = APPROXIMATE_FUNCTIONS.find((f) =>
    new RegExp(`\\b${f}\\s*\\(`, "i").test(maskedExpression),
  );
  const aggregate: StatsAggregate = { column, ...(approximate ? { approximate } : {}) };
  const bare = /^COUNT_DISTINCT\s*\(\s*([\w.@]+|`[^`]+`)\s*(?:,\s*(\d+)\s*)?\)$/i.exec(
    maskedExpression,
  );
  if (bare?.[1])
    aggregate.distinct = {
      field: bare[1],
      ...(bare[2] !== undefined ? { precision: Number(bare[2]) } : {}),
    };
  return aggregate;
}

/** The query's last STATS command, read; undefined when it has none. */
export function lastStats(query: string): StatsCommand | undefined {
  const masked = maskQuery(query);
  const commands = splitTop(masked, "|");
  let at = -1;
  commands.forEach(([s, e], i) => {
    if (/^\s*STATS\b/i.test(masked.slice(s, e))) at = i;
  });
  const command = commands[at];
  if (!command) return undefined;
  const [start, end] = command;
  const keyword = /^\s*STATS\b/i.exec(masked.slice(start, end))?.[0].length ?? 0;
  const body = masked.slice(start + keyword, end);
  // ` BY ` outside brackets ends the aggregates.
  let byAt = -1;
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (depth === 0 && /\s/.test(body[i - 1] ?? "") && /^BY\s/i.test(body.slice(i, i + 3))) {
      byAt = i;
      break;
    }
  }
  const from = start + keyword;
  const aggEnd = byAt === -1 ? end : from + byAt;
  const aggregates = /\S/.test(masked.slice(from, aggEnd))
    ? splitTop(masked, ",", from, aggEnd).map(([s, e]) =>
        aggregateOf(query.slice(s, e), masked.slice(s, e)),
      )
    : [];
  const byParts = byAt === -1 ? [] : splitTop(masked, ",", from + byAt + 2, end);
  const by: string[] = [];
  let plainBy = true;
  for (const [s, e] of byParts) {
    const text = query.slice(s, e).trim();
    const named = /^([\w.@]+|`[^`]+`)\s*=/.exec(masked.slice(s, e).trim());
    if (PLAIN_NAME.test(text)) by.push(unquote(text));
    else {
      plainBy = false;
      by.push(named ? unquote(named[1] ?? "") : text);
    }
  }
  const before = query.slice(0, Math.max(0, start - 1)).trimEnd();
  const after = commands
    .slice(at + 1)
    .map(([s, e]) => /^\s*(\w+)/.exec(masked.slice(s, e))?.[1]?.toUpperCase() ?? "");
  return { aggregates, by, plainBy, before, after };
}
