/**
 * Wrong input for every route of the UI's API, made from the schemas each route declares (the
 * route table: test/support/ui-routes.ts): a valid value is made from each schema, then each
 * field is left out or given a value of another type, the whole input is replaced by garbage,
 * and each path value by random text. A case the schema refuses must be answered 400 naming the
 * field; a path value it takes goes on to the handler (an unknown id: 404). Seeded (fuzz.ts).
 *
 *   for (const c of routeCases(r, route, { id: "c1", table: "orders" })) send(c) …
 */
import type { z } from "zod";
import { fieldsChecked, type InputPart } from "../../src/app/http/api/input.ts";
import { mutateJson, type Prng, randomJson, randomString } from "./fuzz.ts";
import type { DeclaredRoute } from "./ui-routes.ts";

export interface RouteCase {
  route: string;
  what: string;
  method: string;
  /** The path below /api, its values encoded. */
  path: string;
  body?: string;
  /** Refused by the route's schema: a 400 naming `fields` (the issues' paths) in `part`. */
  refused?: { part: InputPart; fields: string[] };
}

/**
 * A value `schema` takes, made from its definition, its optional fields given too (so each is
 * also sent wrong). A query's whole number is made as "x": its one field is the one sent wrong.
 */
export function sample(schema: z.ZodType): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries((schema as z.ZodObject).shape))
        out[key] = sample(child);
      return out;
    }
    case "string":
      return "x";
    case "number":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values((def as z.core.$ZodEnumDef).entries)[0];
    case "array":
      return [];
    case "record":
      return {};
    case "nullable":
      return null;
    case "optional":
      return sample((def as z.core.$ZodOptionalDef).innerType as z.ZodType);
    case "pipe":
      return sample((def as z.core.$ZodPipeDef).in as z.ZodType);
    case "custom": {
      const fields = fieldsChecked(schema);
      return fields ? sample(fields) : {};
    }
    default:
      return null;
  }
}

/** The fields a refusal names for `value`, as the app names them (`request.method`, `a[0]`). */
export function refusedFields(schema: z.ZodType, value: unknown): string[] | undefined {
  const checked = schema.safeParse(value);
  if (checked.success) return undefined;
  return checked.error.issues.map((i) =>
    i.path.reduce<string>(
      (out, key) =>
        typeof key === "number" ? `${out}[${key}]` : `${out}${out ? "." : ""}${String(key)}`,
      "",
    ),
  );
}

/** The dotted paths of a value's fields, two levels down (`request`, `request.method`). */
function fieldPaths(value: unknown, prefix: string[] = [], depth = 2): string[][] {
  if (depth === 0 || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    [...prefix, k],
    ...fieldPaths(v, [...prefix, k], depth - 1),
  ]);
}

function withField(value: unknown, path: string[], replace: (old: unknown) => unknown): unknown {
  const copy = structuredClone(value);
  let at: unknown = copy;
  for (const key of path.slice(0, -1)) at = (at as Record<string, unknown>)[key];
  const last = path.at(-1) ?? "";
  const o = at as Record<string, unknown>;
  const next = replace(o[last]);
  if (next === undefined) delete o[last];
  else o[last] = next;
  return copy;
}

const OTHER_TYPES: unknown[] = [7, "x", true, [], {}, null, 1.5];

/**
 * A JSON or query value's wrong variants: each field left out and each given another type (the
 * first the schema refuses at that field), then garbage: another value in place of the whole,
 * and the valid value with random edits.
 */
function wrongValues(
  r: Prng,
  schema: z.ZodType,
  valid: unknown,
  part: InputPart,
): { what: string; value: unknown; expect?: string }[] {
  const out: { what: string; value: unknown; expect?: string }[] = [];
  for (const path of fieldPaths(valid)) {
    const name = path.join(".");
    out.push({
      what: `${name} left out`,
      value: withField(valid, path, () => undefined),
      expect: name,
    });
    const texts = part === "query" ? ["", "x", "-1", "1e9", "1.5"] : OTHER_TYPES;
    for (const other of texts) {
      const value = withField(valid, path, () => other);
      if (refusedFields(schema, value)?.includes(name)) {
        out.push({ what: `${name} = ${JSON.stringify(other)}`, value, expect: name });
        break;
      }
    }
  }
  const garbage =
    part === "query"
      ? [{}, { [randomString(r, 8)]: randomString(r, 8) }]
      : [42, "x", [], null, true, randomJson(r, 2), mutateJson(r, valid), mutateJson(r, valid)];
  // (Integers beyond 2^53 are read as exact raw JSON values, not as this process's numbers.)
  for (const value of garbage)
    if (!/\d{16}/.test(JSON.stringify(value) ?? ""))
      out.push({ what: `garbage ${JSON.stringify(value)}`, value });
  return out;
}

/** The route's path with its `:names` filled from `values` (encoded), or "x". */
function fill(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) =>
    encodeURIComponent((values[n] ?? "x").toWellFormed()),
  );
}

/** Every wrong input for one route: its body's, its query's and its path values'. */
export function routeCases(
  r: Prng,
  route: DeclaredRoute,
  values: Record<string, string>,
): RouteCase[] {
  const name = `${route.method} ${route.path}`;
  const s = route.schemas ?? {};
  const query = s.query ? sample(s.query) : undefined;
  const body = s.json ? sample(s.json) : undefined;
  const qs = (q: unknown) =>
    q && typeof q === "object" && Object.keys(q).length
      ? `?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`
      : "";
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const base = { route: name, method: route.method };
  const cases: RouteCase[] = [];
  const add = (c: Omit<RouteCase, "route" | "method">) => cases.push({ ...base, ...c });
  const path = fill(route.path, values);
  if (s.json)
    for (const w of wrongValues(r, s.json, body, "json")) {
      const fields = refusedFields(s.json, w.value);
      if (!fields) continue; // garbage the schema takes would run the handler: not sent
      add({
        what: `body: ${w.what}`,
        path: `${path}${qs(query)}`,
        ...(w.value === undefined ? {} : { body: JSON.stringify(w.value) }),
        refused: { part: "json", fields: w.expect ? [w.expect] : fields },
      });
    }
  if (s.query)
    for (const w of wrongValues(r, s.query, query, "query")) {
      const fields = refusedFields(s.query, w.value);
      if (!fields) continue;
      add({
        what: `query: ${w.what}`,
        path: `${path}${qs(w.value)}`,
        ...(json(body) === undefined ? {} : { body: json(body) }),
        refused: { part: "query", fields: w.expect ? [w.expect] : fields },
      });
    }
  // Path values: random text, and what the schema refuses (a file name with a folder in it).
  for (const key of pathKeys(route.path)) {
    for (const garbage of [
      randomString(r, 12).toWellFormed() || "x",
      "..x",
      ".hidden",
      "a b/c",
      "__proto__",
    ]) {
      const given = Object.fromEntries(
        pathKeys(route.path).map((k) => [k, k === key ? garbage : (values[k] ?? "x")]),
      );
      const fields = s.param ? refusedFields(s.param, given) : undefined;
      add({
        what: `:${key} = ${JSON.stringify(garbage)}`,
        path: `${fill(route.path, given)}${qs(query)}`,
        ...(json(body) === undefined ? {} : { body: json(body) }),
        ...(fields ? { refused: { part: "param", fields } } : {}),
      });
    }
  }
  // A query it does not read is left alone; the upload without a file is refused.
  if (!s.query && route.method === "GET")
    add({
      what: "a query it does not read",
      path: `${path}?${encodeURIComponent(randomString(r, 8).toWellFormed()) || "x"}=1`,
    });
  if (route.path === "/uploads") add({ what: "an upload without a file", path });
  // Not JSON at all: json-body.ts's refusal, before any route reads it (the upload streams it).
  if (route.method !== "GET" && route.path !== "/uploads")
    add({ what: "a body that is not JSON", path: `${path}${qs(query)}`, body: "{" });
  return cases;
}

function pathKeys(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");
}
