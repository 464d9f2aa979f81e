/**
 * Impact before a dangerous write, the pure half: which reads measure a request (`impactPlan`) and
 * what their answers mean (`impactOf`). Measured:
 * - `DELETE /<index>` and `POST /<index>/_close`: each index the expression resolves to, with its
 *   documents and size (`GET /_cat/indices/<expr>?format=json&bytes=b`, served alike by 7.17, 8.x
 *   and 9.x);
 * - `_delete_by_query` and `_update_by_query`: the same, plus the documents the query matches
 *   (`POST /<expr>/_count` with the same query and the same query-string options).
 * Other destructive requests (a `_bulk` with deletes, `_aliases` with `remove_index`, snapshot or
 * data stream deletion) and every other request measure nothing: null.
 *
 * The `_cat/indices` figures are the index statistics: `docs.count` counts nested documents too,
 * and both lag behind writes not yet refreshed. `_count` counts top-level documents.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import {
  bytesText,
  countText,
  type Impact,
  type ImpactTarget,
  namesText,
} from "../../../core/impact.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsRequest } from "../wire/transport.ts";
import { routesOf } from "./classify.ts";

export type ImpactKind = "delete" | "close" | "delete_by_query" | "update_by_query";

/** The reads that measure one request. */
export interface ImpactPlan {
  kind: ImpactKind;
  /** The index expression's names as the request gave them. */
  named: string[];
  /** It names a pattern, `_all` or date math: what it reaches is known only once resolved. */
  patterned: boolean;
  resolve: EsRequest;
  count?: EsRequest;
  /** `max_docs`: the request stops after this many documents. */
  cap?: number;
}

/** One row of `_cat/indices?format=json&bytes=b` with the columns asked for. */
export interface CatIndexRow {
  index?: string;
  status?: string;
  "docs.count"?: string | number | null;
  "store.size"?: string | number | null;
}

/** Query-string options that change what a by-query request selects; `_count` takes them too. */
const COUNT_PARAMS = [
  "q",
  "df",
  "default_operator",
  "analyzer",
  "analyze_wildcard",
  "lenient",
  "routing",
  "preference",
  "expand_wildcards",
  "ignore_unavailable",
  "allow_no_indices",
];

/** Which indices a wildcard reaches when the request does not say: Elasticsearch's defaults. */
const DEFAULT_EXPAND: Record<ImpactKind, string> = {
  delete: "open,closed",
  close: "open",
  delete_by_query: "open",
  update_by_query: "open",
};

const isPattern = (name: string) =>
  /[*?]/.test(name) || name.toLowerCase() === "_all" || name.startsWith("<");

/** Pure: the reads that measure `request`, or null when it is not one this module measures. */
export function impactPlan(request: ConsoleRequest): ImpactPlan | null {
  const method = String(request.method ?? "").toUpperCase();
  const path = String(request.path ?? "");
  const route = routesOf(path)[0];
  if (!route) return null;
  const ep = route.endpoint?.toLowerCase();
  let kind: ImpactKind | undefined;
  if (method === "DELETE" && ep === undefined && route.target.length === 1) kind = "delete";
  else if (method === "POST" && ep === "_close" && route.rest.length === 0) kind = "close";
  else if (
    (ep === "_delete_by_query" || ep === "_update_by_query") &&
    route.rest.length === 0 &&
    method === "POST"
  )
    kind = ep.slice(1) as ImpactKind;
  // 7.x routes /<index>/<type>/_delete_by_query: the index is still the first segment.
  const maxTarget = kind === "delete_by_query" || kind === "update_by_query" ? 2 : 1;
  if (!kind || route.target.length === 0 || route.target.length > maxTarget) return null;
  const expression = route.target[0] as string;
  const named = expression.split(",").filter((n) => n !== "");
  if (named.length === 0) return null;
  const params = new URLSearchParams(path.includes("?") ? path.slice(path.indexOf("?") + 1) : "");
  const target = named.map(pathSegment).join(",");
  const resolve: EsRequest = {
    method: "GET",
    path: `/_cat/indices/${target}`,
    query: {
      format: "json",
      bytes: "b",
      h: "index,status,docs.count,store.size",
      s: "index",
      expand_wildcards: params.get("expand_wildcards") ?? DEFAULT_EXPAND[kind],
    },
  };
  const plan: ImpactPlan = { kind, named, patterned: named.some(isPattern), resolve };
  if (kind === "delete_by_query" || kind === "update_by_query") {
    const body = bodyObject(request.body);
    const query: Record<string, string> = {};
    for (const key of COUNT_PARAMS) {
      const value = params.get(key);
      if (value !== null) query[key] = value;
    }
    plan.count = {
      method: "POST",
      path: `/${target}/_count`,
      query,
      ...(body?.query !== undefined ? { body: { query: body.query } } : {}),
    };
    const cap = Number(params.get("max_docs") ?? body?.max_docs ?? Number.NaN);
    if (Number.isInteger(cap) && cap >= 0) plan.cap = cap;
  }
  return plan;
}

function bodyObject(body: unknown): Record<string, unknown> | undefined {
  let b = body;
  if (typeof b === "string") {
    try {
      b = JSON.parse(b);
    } catch {
      return undefined;
    }
  }
  return b !== null && typeof b === "object" && !Array.isArray(b)
    ? (b as Record<string, unknown>)
    : undefined;
}

const numberOf = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** Pure: the impact from the answers: `_cat/indices` rows and, for a by-query request, its count. */
export function impactOf(plan: ImpactPlan, rows: CatIndexRow[], matched?: number): Impact {
  const targets: ImpactTarget[] = rows
    .filter((r) => typeof r.index === "string")
    .map((r) => ({
      name: r.index as string,
      records: numberOf(r["docs.count"]),
      bytes: numberOf(r["store.size"]),
      ...(r.status === "close" ? { closed: true } : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const resolved = targets.map((t) => t.name);
  const literal = new Set(plan.named.filter((n) => !isPattern(n) && !n.startsWith("-")));
  const impact: Impact = {
    named: plan.named,
    resolved,
    widens: resolved.some((n) => !literal.has(n)),
    targets,
    summary: "",
  };
  if (matched !== undefined) impact.matched = matched;
  if (plan.cap !== undefined) impact.cap = plan.cap;
  impact.summary = impactSummary(plan.kind, impact);
  return impact;
}

const VERB: Record<ImpactKind, string> = {
  delete: "deletes",
  close: "closes",
  delete_by_query: "_delete_by_query deletes",
  update_by_query: "_update_by_query rewrites",
};

/** Pure: the impact in one line, in Elasticsearch's words. */
export function impactSummary(kind: ImpactKind, impact: Impact): string {
  const { targets, named } = impact;
  const expression = named.join(",");
  if (targets.length === 0) return `${expression} matches no index: nothing would be affected`;
  const n = targets.length;
  const list = `${n === 1 ? "index" : `${n} indices`} ${impact.widens ? `(${expression} resolves to ${namesText(impact.resolved)})` : namesText(impact.resolved)}`;
  const docs = sum(targets.map((t) => t.records));
  const bytes = sum(targets.map((t) => t.bytes));
  const size = [
    docs === null ? null : `${countText(docs)} document${docs === 1 ? "" : "s"}`,
    bytes === null ? null : bytesText(bytes),
  ]
    .filter((x) => x !== null)
    .join(", ");
  const closed = targets.filter((t) => t.closed).length;
  const closedNote = closed > 0 ? ` (${closed} closed, size unknown)` : "";
  if (kind === "delete" || kind === "close")
    return `${VERB[kind]} ${list}${size ? `: ${size}` : ""}${closedNote}`;
  const m = impact.matched ?? 0;
  const capped =
    impact.cap !== undefined && impact.cap < m
      ? ` (at most ${countText(impact.cap)}: max_docs)`
      : "";
  return `${VERB[kind]} ${countText(m)} matched document${m === 1 ? "" : "s"}${capped} in ${list}${size ? ` (holding ${size})` : ""}${closedNote}`;
}

/** The total of what is known (a closed index's figures are not), or null when nothing is. */
function sum(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}
