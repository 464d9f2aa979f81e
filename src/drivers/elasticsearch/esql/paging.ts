/**
 * Pure: whether an ES|QL query's rows can be read past the cluster's 10,000-row cap in keyed pages,
 * and the query each page runs (docs/decisions.md, "ES|QL past the row cap: keyed pages").
 *
 * A query is pageable when every row it answers is one row of its index, kept or dropped on its
 * own: `FROM` then only row-wise commands (WHERE, EVAL, KEEP, DROP, RENAME, DISSECT, GROK, ENRICH),
 * with at most a SORT by the key and a LIMIT at the end. Each page then adds, at the end,
 * `| WHERE key > last | SORT key | LIMIT page`: the same rows, cut by a key every row has once.
 * A command that makes rows from several (STATS), several from one (MV_EXPAND, LOOKUP JOIN), picks
 * rows by chance (SAMPLE) or by position (a LIMIT or SORT before the end) has no such key, and the
 * refusal names it.
 */
import { QuarryError } from "../../../core/errors.ts";

/** One `|`-separated part of a query, with its command word in capitals. */
export interface QueryPart {
  command: string;
  text: string;
}

/** Commands whose every output row is one input row, kept or dropped by that row alone. */
const ROW_WISE = new Set(["WHERE", "EVAL", "KEEP", "DROP", "RENAME", "DISSECT", "GROK", "ENRICH"]);

const WHY: Record<string, string> = {
  STATS: "its rows are groups made by STATS, not rows of the index",
  INLINESTATS: "INLINESTATS computes over all rows, so a page would change its values",
  MV_EXPAND: "MV_EXPAND makes several rows of one, which a page boundary would split",
  "LOOKUP JOIN": "LOOKUP JOIN may make several rows of one, which a page boundary would split",
  SAMPLE: "SAMPLE picks rows by chance, so pages would not add up to one result",
  FORK: "FORK makes several results of one",
  CHANGE_POINT: "CHANGE_POINT reads the rows in their order",
  COMPLETION: "COMPLETION calls a model per row",
  RERANK: "RERANK orders rows by a model",
};

/** Splits a query at its top-level pipes, leaving strings and comments whole. */
export function queryParts(query: string): QueryPart[] {
  const pieces: string[] = [];
  let start = 0;
  let i = 0;
  while (i < query.length) {
    if (query.startsWith('"""', i)) {
      const end = query.indexOf('"""', i + 3);
      i = end === -1 ? query.length : end + 3;
    } else if (query[i] === '"') {
      i++;
      while (i < query.length && query[i] !== '"' && query[i] !== "\n")
        i += query[i] === "\\" ? 2 : 1;
      i++;
    } else if (query.startsWith("//", i)) {
      const end = query.indexOf("\n", i);
      i = end === -1 ? query.length : end;
    } else if (query.startsWith("/*", i)) {
      const end = query.indexOf("*/", i + 2);
      i = end === -1 ? query.length : end + 2;
    } else if (query[i] === "|") {
      pieces.push(query.slice(start, i));
      start = ++i;
    } else i++;
  }
  pieces.push(query.slice(start));
  return pieces.map((text) => {
    const bare = text
      .replace(/\/\*[\s\S]*?\*\//g, " ")
      .replace(/\/\/.*$/gm, "")
      .trim();
    const word = /^(LOOKUP\s+JOIN|\w+)/i.exec(bare)?.[1] ?? "";
    return { command: word.toUpperCase().replace(/\s+/, " "), text: bare };
  });
}

/** A key column: its name as the query's rows carry it. */
export type PageKey = string;

export interface PagePlan {
  /** The query every page runs before its own `WHERE key > last | SORT key | LIMIT n`. */
  base: string;
  key: PageKey;
  /** The key is a column the query did not ask for: each page's answer drops it. */
  hiddenKey: boolean;
  /** The query's own final LIMIT: the most rows all pages give together. */
  limit?: number;
}

/** A name ES|QL reads as one column: quoted with backticks unless plain. */
export function columnName(name: string): string {
  return /^[A-Za-z_@][\w.@]*$/.test(name) ? name : `\`${name.replaceAll("`", "``")}\``;
}

const refuse = (why: string, remedy: string) =>
  new QuarryError(
    "invalid_input",
    `This query cannot be read in keyed pages past the 10,000-row cap: ${why}.`,
    remedy,
    { feature: "esql_pages" },
  );

const ROW_WISE_REMEDY =
  "Run it without --all (its first 10,000 rows answer), or write it as FROM with WHERE, EVAL, KEEP, DROP, RENAME, DISSECT, GROK or ENRICH only.";

/**
 * Pure: the plan to read `query` in keyed pages by `key` (default `_id`, read through
 * `METADATA _id`), or the refusal saying why it cannot be.
 */
export function pagePlan(query: string, key: PageKey = "_id"): PagePlan {
  const parts = queryParts(query.trim());
  const [source, ...rest] = parts;
  if (source?.command !== "FROM")
    throw refuse(
      `its rows come from ${source?.command || "nothing"}, not FROM an index`,
      ROW_WISE_REMEDY,
    );
  let limit: number | undefined;
  const body: QueryPart[] = [];
  for (const [i, part] of rest.entries()) {
    const last =
      i === rest.length - 1 || (i === rest.length - 2 && rest.at(-1)?.command === "LIMIT");
    if (part.command === "LIMIT") {
      const n = /^LIMIT\s+(\d+)$/i.exec(part.text)?.[1];
      if (i !== rest.length - 1 || n === undefined)
        throw refuse("a LIMIT before other commands keeps rows by position", ROW_WISE_REMEDY);
      limit = Number(n);
    } else if (part.command === "SORT") {
      const by = /^SORT\s+(.+?)(?:\s+ASC)?$/i.exec(part.text)?.[1]?.replace(/`/g, "");
      if (!last || by !== key)
        throw refuse(
          `its rows are sorted by ${part.text.slice(5)}, and pages come in the order of the key ${key}`,
          `Leave SORT out (the rows come sorted by ${key}), or page by the SORT column when every row has one value of it (--key).`,
        );
    } else if (ROW_WISE.has(part.command)) body.push(part);
    else
      throw refuse(
        WHY[part.command] ?? `${part.command || "an empty command"} is not a row-wise command`,
        ROW_WISE_REMEDY,
      );
  }
  const keyed = withKey(source.text, body, key);
  return {
    base: [keyed.source, ...keyed.body.map((p) => p.text)].join("\n| "),
    key,
    hiddenKey: keyed.hidden,
    ...(limit !== undefined ? { limit } : {}),
  };
}

/** The query made to carry the key column: METADATA for a metadata key, the key added to KEEP. */
function withKey(
  source: string,
  body: QueryPart[],
  key: PageKey,
): { source: string; body: QueryPart[]; hidden: boolean } {
  let hidden = false;
  let from = source;
  if (key.startsWith("_")) {
    const metadata = /\bMETADATA\s+(.+)$/is.exec(source);
    const listed = metadata?.[1]?.split(",").map((s) => s.trim()) ?? [];
    if (!listed.includes(key)) {
      hidden = true;
      from = metadata ? `${source}, ${key}` : `${source} METADATA ${key}`;
    }
  }
  const out = body.map((part) => {
    const list = part.text.slice(part.command.length).replace(/`/g, "");
    const names = list.split(",").map((s) => s.trim());
    if (part.command === "DROP" && names.includes(key))
      throw refuse(
        `it drops the key ${key}`,
        "Page by another key (--key), or keep the key column.",
      );
    if (
      part.command === "RENAME" &&
      names.some((n) => new RegExp(`^${escapeRe(key)}\\s+AS\\b`, "i").test(n))
    )
      throw refuse(
        `it renames the key ${key}`,
        "Page by the new name (--key), or rename another column.",
      );
    if (part.command === "KEEP" && !names.includes(key)) {
      hidden = true;
      return { command: "KEEP", text: `${part.text}, ${columnName(key)}` };
    }
    return part;
  });
  return { source: from, body: out, hidden };
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Pure: the ES|QL literal of a key value as the answer gave it, by the column's type. */
export function keyLiteral(value: unknown, type: string): string {
  if (value === null || value === undefined || Array.isArray(value))
    throw new QuarryError(
      "invalid_input",
      `A row's key is ${value == null ? "empty" : "multi-valued"}, so it cannot mark where the next page starts.`,
      "Page by a key every row has exactly one value of (--key), such as _id.",
      { feature: "esql_pages" },
    );
  if (typeof value === "number") {
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)))
      throw new QuarryError(
        "invalid_input",
        `The key value ${value} is beyond what is read exactly as a number.`,
        "Page by another key (--key), such as _id.",
        { feature: "esql_pages" },
      );
    return String(value);
  }
  if (typeof value === "boolean") return String(value);
  const text = `"${String(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`;
  const cast: Record<string, string> = {
    date: "TO_DATETIME",
    datetime: "TO_DATETIME",
    date_nanos: "TO_DATE_NANOS",
    ip: "TO_IP",
    version: "TO_VERSION",
  };
  const fn = cast[type];
  return fn ? `${fn}(${text})` : text;
}

/** Pure: the query of one page: after `last` (the previous page's last key), at most `size` rows. */
export function pageQuery(
  plan: PagePlan,
  size: number,
  last?: { value: unknown; type: string },
): string {
  const key = columnName(plan.key);
  const after = last ? `\n| WHERE ${key} > ${keyLiteral(last.value, last.type)}` : "";
  return `${plan.base}${after}\n| SORT ${key}\n| LIMIT ${size}`;
}

/** The names the count query gives its two numbers. */
export const COUNT_COLUMNS = { rows: "quarry_rows", keyed: "quarry_keyed" } as const;

/** Pure: the query that counts the rows the pages should give, and those that have the key. */
export function countQuery(plan: PagePlan): string {
  const { rows, keyed } = COUNT_COLUMNS;
  return `${plan.base}\n| STATS ${rows} = COUNT(*), ${keyed} = COUNT(${columnName(plan.key)})`;
}
