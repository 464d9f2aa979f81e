/**
 * The console's completion engine: from the API definitions of the cluster's major and the place
 * of the cursor, the methods, path segments, query parameters, body keys and values to offer.
 * Pure: what it needs from the cluster (index names, a mapping's fields) it asks for in `need`,
 * and `completionAnswer` takes them in.
 */
import type { CompletionAnswer, CompletionItem } from "../../../../core/console-completion.ts";
import type { ApiDefinitions, EndpointDefinition, TypeExpr } from "./definitions.ts";
import { type CursorPlace, cursorPlace, METHODS } from "./scan.ts";
import { describeShape, keyChoices, shapeAt, valueChoices, valueTemplate } from "./shapes.ts";
import { bodySnippets } from "./snippets.ts";
import { versionAtMost } from "./versions.ts";

/** What the cluster must say before the answer is complete. */
export type LiveNeed = { kind: "names" } | { kind: "fields"; target: string } | null;

export interface LiveNames {
  /** Indices, aliases and data streams, each with what it is. */
  names?: { name: string; kind: string }[];
  fields?: { name: string; type: string }[];
}

export interface CompletionContext {
  place: CursorPlace;
  need: LiveNeed;
  items: CompletionItem[];
  /** How a live name or field is inserted at this place. */
  wrap:
    | { kind: "name" }
    | { kind: "field-key"; template: string; quoted: boolean }
    | { kind: "field-value"; quoted: boolean }
    | null;
  from: number;
  to: number;
  validFor?: string;
}

/** The endpoints the cluster has: those whose `since` is not after its version. */
export function endpointsFor(defs: ApiDefinitions, version: string): EndpointDefinition[] {
  const v = version.split("-")[0]!;
  return defs.endpoints.filter((e) => !e.since || versionAtMost(e.since, v));
}

const segs = (p: string) => p.replace(/^\//, "").split("/");
const isPart = (s: string) => s.startsWith("{") && s.endsWith("}");

/** Whether typed segments fit a pattern's first segments (a part takes any name not `_`-led). */
function fits(pattern: string[], typed: string[]): boolean {
  return typed.every((t, i) => {
    const p = pattern[i];
    if (p === undefined) return false;
    return isPart(p) ? t !== "" && (!t.startsWith("_") || t === "_all") : p === t;
  });
}

/** The endpoint a whole path and method reach: the one with the most fixed segments. */
export function endpointOf(
  endpoints: EndpointDefinition[],
  method: string,
  path: string,
): { endpoint: EndpointDefinition; pattern: string; parts: Record<string, string> } | null {
  const typed = segs(path.split("?")[0]!).filter((s, i) => s !== "" || i === 0);
  let best: {
    endpoint: EndpointDefinition;
    pattern: string;
    parts: Record<string, string>;
    score: number;
  } | null = null;
  for (const e of endpoints) {
    for (const [pattern, methods] of e.urls) {
      const p = segs(pattern);
      const t = typed.length === 1 && typed[0] === "" ? [""] : typed;
      if (p.length !== t.length || !(p.length === 1 && p[0] === "" ? t[0] === "" : fits(p, t)))
        continue;
      const score = p.filter((s) => !isPart(s)).length * 2 + (methods.includes(method) ? 1 : 0);
      if (!best || score > best.score) {
        const parts = Object.fromEntries(
          p.flatMap((s, i) => (isPart(s) ? [[s.slice(1, -1), t[i]!]] : [])),
        );
        best = { endpoint: e, pattern, parts, score };
      }
    }
  }
  return best && { endpoint: best.endpoint, pattern: best.pattern, parts: best.parts };
}

export function completionContext(
  defs: ApiDefinitions,
  version: string,
  text: string,
  offset: number,
): CompletionContext {
  const place = cursorPlace(text, offset);
  const base = { place, need: null, items: [], wrap: null, from: offset, to: offset };
  const endpoints = endpointsFor(defs, version);
  switch (place.kind) {
    case "method":
      return {
        ...base,
        from: place.from,
        items: METHODS.map((m) => ({ label: m, kind: "method", apply: `${m} ` })),
        validFor: "^[A-Za-z]*$",
      };
    case "path":
      return pathContext(base, endpoints, place);
    case "param":
    case "param-value":
      return paramContext(defs, base, endpoints, place);
    case "body":
      return bodyContext(defs, base, endpoints, place, text, offset);
    default:
      return base;
  }
}

function pathContext(
  base: CompletionContext,
  endpoints: EndpointDefinition[],
  place: Extract<CursorPlace, { kind: "path" }>,
): CompletionContext {
  const done = segs(place.path).slice(0, -1);
  const found = new Map<string, Set<string>>();
  let names = false;
  for (const e of endpoints) {
    for (const [pattern, methods] of e.urls) {
      const p = segs(pattern);
      if (p.length <= done.length || !fits(p, done) || !methods.includes(place.method)) continue;
      const next = p[done.length]!;
      if (isPart(next)) {
        if (e.names?.includes(next.slice(1, -1))) names = true;
        continue;
      }
      if (next === "") continue;
      const rest = p.slice(done.length + 1).join("/");
      const set = found.get(next) ?? new Set<string>();
      set.add(rest ? `${e.name} (…/${rest})` : e.name);
      found.set(next, set);
    }
  }
  const items: CompletionItem[] = [...found].map(([label, names]) => ({
    label,
    kind: "path",
    detail: [...names][0]!.split(" ")[0],
    info: [...names].slice(0, 6).join("\n"),
  }));
  return {
    ...base,
    from: place.from,
    items,
    need: names ? { kind: "names" } : null,
    wrap: names ? { kind: "name" } : null,
    validFor: "^[\\w.*+-]*$",
  };
}

function paramContext(
  defs: ApiDefinitions,
  base: CompletionContext,
  endpoints: EndpointDefinition[],
  place: Extract<CursorPlace, { kind: "param" | "param-value" }>,
): CompletionContext {
  const hit = endpointOf(endpoints, place.method, place.path);
  const query = hit?.endpoint.query ?? {};
  if (place.kind === "param") {
    const items = Object.entries(query).map(
      ([name, t]): CompletionItem => ({
        label: name,
        kind: "parameter",
        detail: describeShape(defs.types, t),
        apply: `${name}=`,
      }),
    );
    return { ...base, from: place.from, items, validFor: "^\\w*$" };
  }
  const t = query[place.param];
  const words = t ? valueChoices(defs.types, t).words : [];
  return {
    ...base,
    from: place.from,
    items: words.map((w) => ({ label: w, kind: "value" })),
    validFor: "^[\\w,]*$",
  };
}

const BODY = "#body";

/** The body's shape, and the types to read it with (an endpoint's own properties added). */
function bodyShape(
  defs: ApiDefinitions,
  e: EndpointDefinition | undefined,
): { types: ApiDefinitions["types"]; root: TypeExpr } | null {
  if (e?.bodyValue) return { types: defs.types, root: e.bodyValue };
  if (!e?.body) return null;
  const types = Object.assign(Object.create(defs.types) as ApiDefinitions["types"], {
    [BODY]: { props: e.body },
  });
  return { types, root: BODY };
}

/** Long because keys, values and snippets each have their few lines here. */
function bodyContext(
  defs: ApiDefinitions,
  base: CompletionContext,
  endpoints: EndpointDefinition[],
  place: Extract<CursorPlace, { kind: "body" }>,
  text: string,
  offset: number,
): CompletionContext {
  const hit = endpointOf(endpoints, place.method, place.path);
  const shaped = bodyShape(defs, hit?.endpoint);
  const closed = place.quoted && text[offset] === '"';
  const to = closed ? offset + 1 : offset;
  // The editor checks validFor on the text up to `to`: with the closing quote in it, a pattern
  // without that quote would ask the app again at every key (and refuse Enter meanwhile).
  const validFor = closed ? '^[\\w.@-]*"$' : "^[\\w.@-]*$";
  const ctx: CompletionContext = { ...base, from: place.from, to, validFor };
  if (place.at === "root") {
    return { ...ctx, to: offset, items: hit ? bodySnippets(hit.endpoint.name) : [] };
  }
  if (!shaped) return ctx;
  const { types, root } = shaped;
  const holder = shapeAt(types, root, place.steps);
  if (!holder) return ctx;
  const target = hit?.parts.index ?? hit?.parts.target ?? "";
  const fieldNeed: LiveNeed = target ? { kind: "fields", target } : null;
  if (place.at === "key") {
    const { keys, fieldKeys } = keyChoices(types, holder);
    const q = place.quoted ? "" : '"';
    const items: CompletionItem[] = keys.map(([k, t]) => ({
      label: k,
      kind: "keyword",
      detail: describeShape(types, t),
      apply: `${q}${k}": ${valueTemplate(types, t)}`,
    }));
    if (!fieldKeys) return { ...ctx, items };
    return {
      ...ctx,
      items,
      need: fieldNeed,
      wrap: { kind: "field-key", template: valueTemplate(types, fieldKeys), quoted: place.quoted },
    };
  }
  const shape = place.key === null ? holder : shapeAt(types, holder, [place.key]);
  if (!shape) return ctx;
  const { fields, words } = valueChoices(types, shape);
  const items: CompletionItem[] = words.map((w) => ({
    label: w,
    kind: "value",
    apply: place.quoted ? `${w}"` : /^(true|false|-?\d)/.test(w) ? w : `"${w}"`,
  }));
  if (!fields) return { ...ctx, items };
  return { ...ctx, items, need: fieldNeed, wrap: { kind: "field-value", quoted: place.quoted } };
}

/** The answer once the live names the context asked for are known. */
export function completionAnswer(ctx: CompletionContext, live: LiveNames): CompletionAnswer {
  const items = [...ctx.items];
  const w = ctx.wrap;
  if (w?.kind === "name") {
    for (const n of live.names ?? [])
      items.push({ label: n.name, kind: "table", detail: n.kind, boost: 10 });
  } else if (w?.kind === "field-key") {
    for (const f of live.fields ?? []) {
      items.push({
        label: f.name,
        kind: "column",
        detail: f.type,
        apply: `${w.quoted ? "" : '"'}${f.name}": ${w.template}`,
        boost: 10,
      });
    }
  } else if (w?.kind === "field-value") {
    for (const f of live.fields ?? []) {
      items.push({
        label: f.name,
        kind: "column",
        detail: f.type,
        apply: w.quoted ? `${f.name}"` : `"${f.name}"`,
        boost: 10,
      });
    }
  }
  return { from: ctx.from, to: ctx.to, items, ...(ctx.validFor ? { validFor: ctx.validFor } : {}) };
}
