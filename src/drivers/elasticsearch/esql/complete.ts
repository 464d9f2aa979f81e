/**
 * Pure: completion inside an ES|QL query in the console (`POST /_query` or `/_query/async`, in the
 * body's `"query": """…"""`): source commands, processing commands after a pipe, functions with
 * their signatures and operators, index names after FROM, the fields of the FROM indices with
 * their types. On a cluster without ES|QL, one line that says so.
 */
import type { CompletionAnswer, CompletionItem } from "../../../core/console-completion.ts";
import { ESQL_SINCE, isEsqlPath, queryDslInstead, versionHasEsql } from "./availability.ts";
import { esqlCommands, esqlFunctions, esqlOperators } from "./language.ts";

/** Where the cursor is in a query: the query's text up to it, and where that text starts. */
export interface EsqlPlace {
  prefix: string;
  /** Offset of the word being typed. */
  from: number;
  offset: number;
  /** The indices the query reads (its FROM), for their fields. */
  target: string | undefined;
}

export type EsqlNeed = { kind: "names" } | { kind: "fields"; target: string } | null;

const REQUEST_LINE = /^[ \t]*(GET|POST|PUT|DELETE|HEAD)[ \t]+(\S+)/gim;

/** Pure: the place, when `offset` is inside the triple-quoted query of an ES|QL request. */
export function esqlPlace(text: string, offset: number): EsqlPlace | undefined {
  const before = text.slice(0, offset);
  const lines = [...before.matchAll(REQUEST_LINE)];
  const last = lines.at(-1);
  if (!last || !isEsqlPath(`/${(last[2] ?? "").replace(/^\/+/, "")}`)) return undefined;
  const body = before.slice((last.index ?? 0) + last[0].length);
  const open = [...body.matchAll(/"query"\s*:\s*"""/g)].at(-1);
  if (!open) return undefined;
  const prefix = body.slice((open.index ?? 0) + open[0].length);
  if (prefix.includes('"""')) return undefined;
  const word = /[\w.@*-]*$/.exec(prefix)?.[0] ?? "";
  const from = /^\s*FROM\s+(.*?)(?:\s+METADATA\b|\||$)/is.exec(prefix.split("|")[0] ?? "");
  const target = from?.[1]
    ?.split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "" && s !== word)
    .join(",");
  return { prefix, from: offset - word.length, offset, target: target || undefined };
}

type Spot = "source" | "from" | "command" | "aggregate" | "expression" | "columns" | "none";

/** What is expected at the end of `prefix`. */
export function esqlSpot(prefix: string): { spot: Spot; command?: string } {
  const parts = prefix.split("|");
  const head = (parts.at(-1) ?? "").replace(/^\s+/, "");
  if (parts.length === 1) {
    if (/^\w*$/.test(head)) return { spot: "source" };
    if (/^FROM\s+(?:[^\s,]+\s*,\s*)*[^\s,]*$/i.test(head)) return { spot: "from" };
    return { spot: "none" };
  }
  if (/^\w*$/.test(head)) return { spot: "command" };
  const command = (/^(LOOKUP\s+JOIN|\w+)/i.exec(head)?.[1] ?? "").toUpperCase();
  if (command === "STATS") return { spot: /\bBY\b/i.test(head) ? "columns" : "aggregate", command };
  if (command === "WHERE" || command === "EVAL") return { spot: "expression", command };
  if (["SORT", "KEEP", "DROP", "RENAME", "MV_EXPAND", "DISSECT", "GROK"].includes(command))
    return { spot: "columns", command };
  return { spot: "none", command };
}

/** Pure: what the place needs from the cluster: index names after FROM, else the FROM's fields. */
export function esqlNeed(place: EsqlPlace): EsqlNeed {
  const { spot } = esqlSpot(place.prefix);
  if (spot === "from") return { kind: "names" };
  if (["aggregate", "expression", "columns"].includes(spot) && place.target)
    return { kind: "fields", target: place.target };
  return null;
}

/** Pure: the items at the place for the cluster's version, with the live names asked for. */
export function esqlCompletion(
  place: EsqlPlace,
  version: string,
  live: { names?: { name: string; kind: string }[]; fields?: { name: string; type: string }[] },
): CompletionAnswer {
  if (versionHasEsql(version) === false)
    return {
      from: place.offset,
      to: place.offset,
      items: [
        {
          label: "ES|QL is not available on this cluster",
          kind: "keyword",
          detail: `Elasticsearch ${version}; ES|QL came in ${ESQL_SINCE.major}.${ESQL_SINCE.minor}`,
          info: queryDslInstead(place.prefix),
          apply: "",
        },
      ],
    };
  const items = itemsAt(esqlSpot(place.prefix).spot, version, live);
  return { from: place.from, to: place.offset, items, validFor: "^[\\w.@*-]*$" };
}

function itemsAt(
  spot: Spot,
  version: string,
  live: { names?: { name: string; kind: string }[]; fields?: { name: string; type: string }[] },
): CompletionItem[] {
  const commands = esqlCommands(version);
  const fields = (live.fields ?? []).map(
    (f): CompletionItem => ({ label: f.name, kind: "column", detail: f.type, boost: 10 }),
  );
  const functions = (aggregate: boolean) =>
    esqlFunctions()
      .filter((f) => f.aggregate === aggregate)
      .map(
        (f): CompletionItem => ({
          label: f.name,
          kind: "keyword",
          detail: aggregate ? "aggregate function" : "function",
          info: f.signature,
          apply: `${f.name}(\${})`,
          boost: aggregate ? 20 : 0,
        }),
      );
  const operators = esqlOperators().map(
    (o): CompletionItem => ({ label: o.name, kind: "keyword", detail: o.detail, boost: -10 }),
  );
  const commandItems = (source: boolean) =>
    commands
      .filter((c) => c.source === source)
      .map(
        (c): CompletionItem => ({
          label: c.name,
          kind: "keyword",
          detail: c.shape,
          apply: `${c.name} `,
        }),
      );
  switch (spot) {
    case "source":
      return commandItems(true);
    case "from":
      return (live.names ?? []).map((n) => ({ label: n.name, kind: "table", detail: n.kind }));
    case "command":
      return commandItems(false);
    case "aggregate":
      return [...functions(true), ...fields];
    case "expression":
      return [...fields, ...functions(false), ...operators];
    case "columns":
      return fields;
    default:
      return [];
  }
}
