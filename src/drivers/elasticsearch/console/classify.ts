/**
 * The one classifier: is a console request a read, a write, destructive (deletes an index or a
 * whole set of documents) or admin (changes who can do what on the cluster, or how it runs)? The
 * console, the UI and the MCP server all ask this module and nothing else. Pure.
 *
 * - read: GET and HEAD; POST (and DELETE where noted) to endpoints that only read: `_search`,
 *   `_msearch`, `_count`, `_mget`, `_field_caps`, `_validate/query`, `_explain`, `_pit` open and
 *   close, scrolls, `_search/template`, `_async_search`, `_terms_enum` and the like.
 * - destructive: `DELETE /<index>` (also `_all`, wildcards, lists), `_delete_by_query`,
 *   `_update_by_query` and `_reindex` (they rewrite a whole set of documents), closing an index,
 *   deleting a data stream, `_aliases` with `remove_index`, `_bulk` with a `delete`.
 * - admin: security, cluster settings, license, node shutdown, snapshot restore and deletion,
 *   deleting lifecycle policies, pipelines and templates, and the like (classify-admin.ts).
 * - write: everything else, including every endpoint this module does not know.
 *
 * Severity, lowest first: read, write, destructive, admin. Admin sits above destructive because
 * an admin request can grant the power to do any destructive one (and more: read everything, lock
 * the owner out); both run only after a confirmation, so the order decides only which class and
 * reason a request that is both is shown with.
 *
 * A request is judged as every plausible server or proxy could read it: percent-encoding decoded
 * per segment, as a whole and repeatedly; `.`/`..` segments resolved or kept; empty segments
 * (`//`, a trailing `/`) dropped or kept; and method overrides in the query string. The most
 * severe reading wins, so no spelling trick turns a deletion into a read. Endpoints that read are
 * matched exactly (case-sensitive, as Elasticsearch routes them); destructive and admin ones in any
 * case.
 */
import type { Classification, ConsoleRequest, RequestClass } from "../../../core/console.ts";
import { adminReason, securityRead } from "./classify-admin.ts";
import { readings } from "./path-readings.ts";

const SEVERITY: Record<RequestClass, number> = { read: 0, write: 1, destructive: 2, admin: 3 };

/** Query parameters a proxy or framework may take as the real method. */
const OVERRIDE_PARAMS = new Set([
  "_method",
  "method",
  "x-http-method-override",
  "x-http-method",
  "x-method-override",
]);

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]);

/** Where the request goes: the index expression before the endpoint, the endpoint, what follows. */
export interface RequestRoute {
  target: string[];
  endpoint: string | undefined;
  rest: string[];
}

type Verdict = Classification;

const read = (reason: string): Verdict => ({ class: "read", reason });
const write = (reason: string): Verdict => ({ class: "write", reason });
const destructive = (reason: string): Verdict => ({ class: "destructive", reason });
const admin = (reason: string): Verdict => ({ class: "admin", reason });

export function classify(request: ConsoleRequest): RequestClass {
  return classifyRequest(request).class;
}

/** The class of a request and why, judged on its most severe plausible reading. */
export function classifyRequest(request: ConsoleRequest): Classification {
  const method = String(request.method ?? "")
    .trim()
    .toUpperCase();
  const pathText = String(request.path ?? "");
  const q = pathText.indexOf("?");
  const rawPath = q === -1 ? pathText : pathText.slice(0, q);
  const query = q === -1 ? "" : pathText.slice(q + 1);

  const methods = new Set([method]);
  const params = new URLSearchParams(query);
  for (const [key, value] of params) {
    if (OVERRIDE_PARAMS.has(key.toLowerCase())) methods.add(value.trim().toUpperCase());
  }

  let worst: Verdict | undefined;
  for (const m of methods) {
    for (const segments of readings(rawPath)) {
      const v = classifyOne(m, segments, params, request.body);
      if (!worst || SEVERITY[v.class] > SEVERITY[worst.class]) worst = v;
      if (worst.class === "admin") return worst;
    }
  }
  return worst ?? write("unknown request");
}

function classifyOne(
  method: string,
  segments: readonly string[],
  params: URLSearchParams,
  body: unknown,
): Verdict {
  if (!KNOWN_METHODS.has(method))
    return write(`${method || "an empty method"} is not a known method`);
  const route = routeOf(segments);
  const why = adminReason(method, route.endpoint, route.rest);
  if (why) return admin(why);
  // Elasticsearch serves no other GET or HEAD that changes anything (overrides are judged
  // separately).
  if (method === "GET" || method === "HEAD") return read(`${method} only reads`);
  const found = destructiveRule(method, route, params, body);
  if (found) return found;
  const r = readRule(method, route);
  if (r) return r;
  return write(describeWrite(method, route));
}

/**
 * Every plausible route of a path (query string ignored), the most literal reading first: what
 * Elasticsearch itself routes (segments split on "/", each percent-decoded once, empty ones
 * dropped), then the readings a proxy might make.
 */
export function routesOf(path: string): RequestRoute[] {
  const q = path.indexOf("?");
  return readings(q === -1 ? path : path.slice(0, q)).map(routeOf);
}

/** Splits a path into target (index expression), endpoint (first `_` segment) and the rest. */
function routeOf(segments: readonly string[]): RequestRoute {
  // `_all` names every index: it is a target, not an endpoint.
  let start = 0;
  const target: string[] = [];
  if (segments[0]?.toLowerCase() === "_all") {
    target.push(segments[0]);
    start = 1;
  }
  for (let i = start; i < segments.length; i++) {
    const s = segments[i] as string;
    if (s.startsWith("_")) return { target, endpoint: s, rest: segments.slice(i + 1) };
    target.push(s);
  }
  return { target, endpoint: undefined, rest: [] };
}

const lower = (s: string | undefined) => (s ?? "").toLowerCase();

function destructiveRule(
  method: string,
  route: RequestRoute,
  params: URLSearchParams,
  body: unknown,
): Verdict | undefined {
  const ep = lower(route.endpoint);
  const rest = route.rest.map(lower);
  const on = route.target.length > 0 ? ` on ${route.target.join("/")}` : "";
  const rethrottle = rest.includes("_rethrottle");

  if (method === "DELETE") {
    if (route.endpoint === undefined) {
      // 7.x typed document API: DELETE /<index>/<type>/<id> deletes one document.
      if (route.target.length === 3 && lower(route.target[0]) !== "_all") return undefined;
      return destructive(deletesIndices(route.target));
    }
    if (ep === "_data_stream" && rest.length > 0)
      return destructive(`deletes the data stream ${route.rest.join("/")} and its indices`);
  }
  if (
    (ep === "_delete_by_query" || ep === "_update_by_query" || ep === "_reindex") &&
    !rethrottle
  ) {
    const what =
      ep === "_delete_by_query"
        ? "deletes every document the query matches"
        : ep === "_update_by_query"
          ? "rewrites every document the query matches"
          : "copies documents over those of the destination index";
    return destructive(`${route.endpoint}${on} ${what}`);
  }
  if (ep === "_close")
    return destructive(`closes ${route.target.length > 0 ? route.target.join("/") : "indices"}`);
  if (params.get("delete_dest_index")?.toLowerCase() === "true")
    return destructive("deletes the destination index (delete_dest_index=true)");
  if (ep === "_aliases" && hasRemoveIndex(body))
    return destructive("_aliases with remove_index deletes an index");
  if (ep === "_bulk" && hasBulkDelete(body))
    return destructive("_bulk with delete actions deletes documents");
  return undefined;
}

/** POST (or DELETE) endpoints that only read, matched exactly as Elasticsearch routes them. */
function readRule(method: string, route: RequestRoute): Verdict | undefined {
  const { endpoint, rest, target } = route;
  if (endpoint === undefined) return undefined;
  // 7.x still routes /<index>/<type>/_search; more target segments than that are not a read route.
  if (target.length > 2) return undefined;
  const r = rest.join("/");
  const none = rest.length === 0;
  if (method === "DELETE") {
    if (endpoint === "_pit" && none && target.length === 0) return read("closes a point in time");
    if (endpoint === "_search" && (r === "scroll" || (rest.length === 2 && rest[0] === "scroll")))
      return read("clears a scroll");
    if (endpoint === "_async_search" && rest.length === 1 && target.length === 0)
      return read("deletes a stored async search result");
    if (endpoint === "_query" && rest.length === 2 && rest[0] === "async" && target.length === 0)
      return read("deletes a stored async ES|QL result");
    return undefined;
  }
  if (method !== "POST") return undefined;
  // Own keys only: a path such as /__proto__ must not reach Object.prototype's members.
  const rule = Object.hasOwn(READ_ENDPOINTS, endpoint) ? READ_ENDPOINTS[endpoint] : undefined;
  const found = rule?.(rest, target.length > 0);
  return found ? read(found) : undefined;
}

type ReadRule = (rest: string[], hasTarget: boolean) => string | undefined;

const only =
  (reason: string, ...shapes: string[]): ReadRule =>
  (rest) =>
    shapes.includes(rest.join("/")) ? reason : undefined;

const READ_ENDPOINTS: Record<string, ReadRule> = {
  _search: (rest) => {
    const r = rest.join("/");
    if (r === "") return "a search";
    if (r === "template") return "a search template";
    if (r === "scroll" || (rest.length === 2 && rest[0] === "scroll")) return "continues a scroll";
    return undefined;
  },
  _msearch: only("a multi-search", "", "template"),
  _count: only("counts documents", ""),
  _mget: only("gets documents", ""),
  _field_caps: only("lists field capabilities", ""),
  _validate: only("validates a query", "query"),
  _explain: (rest, hasTarget) => (hasTarget && rest.length === 1 ? "explains a match" : undefined),
  _pit: (rest, hasTarget) => (hasTarget && rest.length === 0 ? "opens a point in time" : undefined),
  _termvectors: (rest) => (rest.length <= 1 ? "reads term vectors" : undefined),
  _mtermvectors: only("reads term vectors", ""),
  _analyze: only("analyzes text", ""),
  _search_shards: only("lists the shards a search would use", ""),
  _rank_eval: only("evaluates ranking", ""),
  _terms_enum: only("lists terms", ""),
  _knn_search: only("a kNN search", ""),
  _async_search: only("an async search", ""),
  _rollup_search: only("a rollup search", ""),
  _render: (rest) =>
    rest[0] === "template" && rest.length <= 2 ? "renders a search template" : undefined,
  _eql: only("an EQL search", "search"),
  _sql: only("an SQL query (refused by the console)", "", "translate", "close"),
  _query: only("an ES|QL query", "", "async"),
  _mvt: (rest) => (rest.length === 4 ? "a vector tile search" : undefined),
  _graph: only("explores a graph", "explore"),
  _cluster: only("explains shard allocation", "allocation/explain"),
  _ingest: (rest) =>
    rest.at(-1) === "_simulate" && rest[0] === "pipeline" && rest.length <= 3
      ? "simulates a pipeline"
      : undefined,
  _index_template: (rest) =>
    (rest[0] === "_simulate_index" && rest.length === 2) ||
    (rest[0] === "_simulate" && rest.length <= 2)
      ? "simulates an index template"
      : undefined,
  _security: securityRead,
  // 7.x still routes the `_xpack/security` spelling.
  _xpack: (rest) => (rest[0] === "security" ? securityRead(rest.slice(1)) : undefined),
};

function deletesIndices(target: string[]): string {
  if (target.length === 0) return "DELETE on the cluster's root";
  const name = target.join("/");
  if (lower(name) === "_all" || /[*?]/.test(name))
    return `deletes every index matching ${name} and all their documents`;
  return `deletes the index ${name} and all its documents`;
}

function describeWrite(method: string, route: RequestRoute): string {
  if (route.endpoint === undefined)
    return route.target.length === 0
      ? `${method} on the cluster's root`
      : `${method} ${route.target.join("/")} writes`;
  return `${method} ${route.endpoint} writes or changes the cluster`;
}

function hasRemoveIndex(body: unknown): boolean {
  const b = parseMaybe(body);
  const actions = (b as { actions?: unknown } | undefined)?.actions;
  const list = Array.isArray(actions) ? actions : actions ? [actions] : [];
  return list.some(
    (a) =>
      a !== null &&
      typeof a === "object" &&
      Object.keys(a).some((k) => k.toLowerCase() === "remove_index"),
  );
}

/** A `delete` action line anywhere in a `_bulk` body (NDJSON text or an array of objects). */
function hasBulkDelete(body: unknown): boolean {
  const lines: unknown[] = [];
  if (typeof body === "string") {
    for (const line of body.split(/\r?\n/)) {
      const t = line.trim();
      if (!t) continue;
      try {
        lines.push(JSON.parse(t));
      } catch {
        // A line we cannot read might be anything: judge it by its text.
        if (/"delete"\s*:/i.test(t)) return true;
      }
    }
  } else if (Array.isArray(body)) lines.push(...body);
  else if (body && typeof body === "object") lines.push(body);
  return lines.some(
    (l) =>
      l !== null &&
      typeof l === "object" &&
      !Array.isArray(l) &&
      Object.keys(l).some((k) => k.toLowerCase() === "delete"),
  );
}

function parseMaybe(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * A request's class, kept with the request object while its method, path and body are the same
 * values: a request is classified where it is checked (`classifyAndKeep`, always judged afresh)
 * and again where it runs (`classifiedOnce`, which may reuse that judgement).
 */
const classes = new WeakMap<
  ConsoleRequest,
  { method: string; path: string; body: unknown; cls: RequestClass }
>();

export function classifyAndKeep(request: ConsoleRequest): RequestClass {
  const cls = classify(request);
  classes.set(request, { method: request.method, path: request.path, body: request.body, cls });
  return cls;
}

export function classifiedOnce(request: ConsoleRequest): RequestClass {
  const kept = classes.get(request);
  if (
    kept &&
    kept.method === request.method &&
    kept.path === request.path &&
    kept.body === request.body
  )
    return kept.cls;
  return classifyAndKeep(request);
}
