// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${}` marks a template's places, not JavaScript.
/**
 * Walking the compiled body types: the shape under a chain of keys, the keys an object takes, the
 * values a place takes, and the text a key inserts for its shape.
 */
import type { ApiDefinitions, TypeDefinition, TypeExpr } from "./definitions.ts";

type Types = ApiDefinitions["types"];
const MAX_DEPTH = 6;

function typeOf(types: Types, t: TypeExpr): TypeDefinition | undefined {
  return typeof t === "string" ? types[t] : undefined;
}

/** The members of a union, unions inside it flattened. */
export function members(t: TypeExpr, depth = 0): TypeExpr[] {
  if (Array.isArray(t) && t[0] === "|" && depth < MAX_DEPTH) {
    return (t.slice(1) as TypeExpr[]).flatMap((m) => members(m, depth + 1));
  }
  return [t];
}

/**
 * The members, and for an object that may be written as one of its properties, that property's
 * shape too (`"_source": ["f"]` is `"_source": {"includes": ["f"]}`).
 */
export function forms(types: Types, t: TypeExpr): TypeExpr[] {
  return members(t).flatMap((m) => {
    const def = typeOf(types, m);
    const short = def && "props" in def && def.short ? def.props[def.short] : undefined;
    return short ? [m, ...members(short)] : [m];
  });
}

/** The shape of the value under `step` (a key, or `[]` for an array item); null if none. */
export function descend(types: Types, t: TypeExpr, step: string): TypeExpr | null {
  for (const m of forms(types, t)) {
    const found = descendOne(types, m, step);
    if (found) return found;
  }
  return null;
}

function descendOne(types: Types, t: TypeExpr, step: string): TypeExpr | null {
  if (t === "any") return "any";
  if (Array.isArray(t)) {
    if (t[0] === "[]") return step === "[]" ? t[1] : descend(types, t[1], step);
    if (t[0] === "{}") return step === "[]" ? null : t[2];
    return null;
  }
  const def = typeOf(types, t);
  if (!def || "enum" in def) return null;
  if (step === "[]") return null;
  return def.props[step] ?? def.extra?.[1] ?? null;
}

/** The shape at the end of a chain of keys from `root`. */
export function shapeAt(types: Types, root: TypeExpr, steps: string[]): TypeExpr | null {
  let t: TypeExpr | null = root;
  for (const s of steps) {
    if (!t) return null;
    // An item of something that is not an array: the spec's "one or many" shorthand.
    t = descend(types, t, s) ?? (s === "[]" ? t : null);
  }
  return t;
}

export interface KeyChoices {
  /** The named keys and their shapes. */
  keys: [string, TypeExpr][];
  /** Field names are keys here (`"match": { "<field>"`), with values of this shape. */
  fieldKeys: TypeExpr | null;
}

/** The keys an object of shape `t` takes. */
export function keyChoices(types: Types, t: TypeExpr): KeyChoices {
  const keys = new Map<string, TypeExpr>();
  let fieldKeys: TypeExpr | null = null;
  for (const m of members(t)) {
    const obj = Array.isArray(m) && m[0] === "[]" ? m[1] : m;
    if (Array.isArray(obj) && obj[0] === "{}") {
      if (obj[1] === "field") fieldKeys ??= obj[2];
      continue;
    }
    const def = typeOf(types, obj);
    if (!def || "enum" in def) continue;
    for (const [k, v] of Object.entries(def.props)) if (!keys.has(k)) keys.set(k, v);
    if (def.extra && members(def.extra[0]).includes("field")) fieldKeys ??= def.extra[1];
  }
  return { keys: [...keys], fieldKeys };
}

/** What a value of shape `t` can be: field names, fixed words, or nothing in particular. */
export function valueChoices(types: Types, t: TypeExpr): { fields: boolean; words: string[] } {
  let fields = false;
  const words = new Set<string>();
  for (const m of forms(types, t)) {
    const v = Array.isArray(m) && m[0] === "[]" ? m[1] : m;
    for (const x of members(v)) {
      if (x === "field") fields = true;
      else if (x === "boolean") words.add("true").add("false");
      else if (Array.isArray(x) && x[0] === "=") words.add(String(x[1]));
      else {
        const def = typeOf(types, x);
        if (def && "enum" in def) for (const e of def.enum) words.add(e);
      }
    }
  }
  return { fields, words: [...words] };
}

/** A short description of a shape, shown beside a key: `{}`, `[]`, `string`, `field`, `a|b`. */
export function describeShape(types: Types, t: TypeExpr): string {
  const parts = new Set<string>();
  for (const m of members(t)) {
    if (typeof m === "string") {
      const def = types[m];
      if (!def) parts.add(m);
      else if ("enum" in def)
        parts.add(def.enum.slice(0, 4).join("|") + (def.enum.length > 4 ? "|…" : ""));
      else parts.add("{}");
    } else if (m[0] === "[]") parts.add("[]");
    else if (m[0] === "{}") parts.add("{}");
    else if (m[0] === "=") parts.add(JSON.stringify(m[1]));
  }
  return [...parts].join(" | ");
}

/** The value a key inserts for its shape, with the cursor's place: `{${}}`, `"${}"`, `[${}]`. */
export function valueTemplate(types: Types, t: TypeExpr): string {
  const ms = forms(types, t);
  const plain = (x: TypeExpr) => typeof x === "string" && !(types[x] && "props" in types[x]!);
  if (
    ms.some(
      (m) =>
        m === "string" ||
        m === "field" ||
        (typeof m === "string" && types[m] && "enum" in types[m]!),
    )
  )
    return '"${}"';
  if (ms.some((m) => m === "number")) return "${}";
  if (ms.some((m) => m === "boolean")) return "${true}";
  if (ms.length > 0 && Array.isArray(ms[0]) && ms[0][0] === "[]") return "[${}]";
  if (ms.some((m) => !plain(m) || Array.isArray(m))) return "{${}}";
  return "${}";
}
