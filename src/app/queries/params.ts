/**
 * Pure: a saved query's parameters (`{{name}}`), their values checked against their types, and
 * their safe substitution. A value never becomes raw query text:
 * - in console text, a value goes into the JSON as JSON (a number as a number, a list as an
 *   array, text as a string, escaped inside a string), and into the path percent-encoded;
 * - in ES|QL, a value outside a string becomes a `?name` parameter sent beside the query, and
 *   inside a string is escaped as the string's content;
 * - in a grid view, a filter's value takes the typed value, and the Raw SQL text a quoted phrase.
 */
import { QuarryError } from "../../core/errors.ts";
import type { GridView, ParamType, QueryParam, SavedQuery } from "./saved-query.ts";

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/** The parameter names used in a text, in order, with repeats. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

export type ParamValue = string | number | string[];

const DATE_MATH = /^now([+-]\d+[smhdwMy])*(\/[smhdwMy])?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function paramError(q: SavedQuery, message: string, remedy: string, param?: string): QuarryError {
  return new QuarryError("invalid_input", message, remedy, {
    query: q.name,
    ...(param ? { param } : {}),
  });
}

/** One value as its type reads it: a string from the command line, or JSON from an agent. */
function typed(q: SavedQuery, p: QueryParam, given: unknown): ParamValue {
  const bad = (what: string) =>
    paramError(
      q,
      `The parameter ${p.name} of ${q.name} is a ${p.type}; ${what}`,
      p.type === "date"
        ? `Give a date such as 2026-01-31 or 2026-01-31T12:00:00Z, or date math such as now-7d.`
        : p.type === "number"
          ? "Give a number, e.g. 10 or 2.5."
          : p.type === "list"
            ? "Give a list, e.g. a,b,c (or a JSON array)."
            : "Give text.",
      p.name,
    );
  switch (p.type) {
    case "number": {
      const n = typeof given === "number" ? given : typeof given === "string" ? Number(given) : NaN;
      if (typeof given === "string" && given.trim() === "") throw bad("it was given empty");
      if (!Number.isFinite(n)) throw bad(`"${String(given).slice(0, 40)}" is not a number`);
      return n;
    }
    case "date": {
      const s = typeof given === "string" ? given.trim() : "";
      if (!ISO_DATE.test(s) && !DATE_MATH.test(s))
        throw bad(`"${String(given).slice(0, 40)}" is not a date`);
      return s;
    }
    case "list": {
      const items = Array.isArray(given)
        ? given
        : typeof given === "string"
          ? given.split(",").map((s) => s.trim())
          : [given];
      if (items.some((i) => typeof i !== "string" && typeof i !== "number"))
        throw bad("its items must be text or numbers");
      const list = items.map(String).filter((s) => s !== "");
      if (list.length === 0) throw bad("it was given empty");
      return list;
    }
    default:
      if (typeof given !== "string" && typeof given !== "number") throw bad("it was not text");
      return String(given);
  }
}

/**
 * The value of every parameter: given, or its default. A missing one, one the query does not
 * take, or one of the wrong type is refused, naming it.
 */
export function resolveParams(
  q: SavedQuery,
  given: Readonly<Record<string, unknown>>,
): Record<string, ParamValue> {
  const known = new Set(q.params.map((p) => p.name));
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw paramError(
      q,
      `${q.name} has no parameter ${unknown.join(", ")}`,
      q.params.length === 0
        ? `${q.name} takes no parameters.`
        : `Its parameters: ${q.params.map((p) => `${p.name} (${p.type})`).join(", ")}.`,
      unknown[0],
    );
  const out: Record<string, ParamValue> = {};
  const missing: QueryParam[] = [];
  for (const p of q.params) {
    const v = given[p.name] ?? p.default;
    if (v === undefined) missing.push(p);
    else out[p.name] = typed(q, p, v);
  }
  if (missing.length > 0)
    throw paramError(
      q,
      `${q.name} needs the parameter${missing.length === 1 ? "" : "s"} ${missing.map((p) => `${p.name} (${p.type})`).join(", ")}`,
      `Give ${missing.map((p) => `${p.name}=…`).join(" ")} (on the command line: --param ${missing[0]?.name}=…).`,
      missing[0]?.name,
    );
  return out;
}

/** The value as text: a list's items joined by commas. */
function asText(v: ParamValue): string {
  return Array.isArray(v) ? v.join(",") : String(v);
}

function jsonOf(v: ParamValue): string {
  return JSON.stringify(v);
}

/**
 * Console text with its parameters in place. The request line takes percent-encoded values; the
 * body, JSON: a placeholder that is a whole string (`"{{n}}"`) or stands alone takes the typed
 * value, one inside a longer string its escaped text.
 */
export function substituteConsole(text: string, values: Record<string, ParamValue>): string {
  const nl = text.indexOf("\n");
  const line = nl < 0 ? text : text.slice(0, nl);
  const body = nl < 0 ? "" : text.slice(nl);
  const head = line.replace(PLACEHOLDER, (_, n: string) =>
    Array.isArray(values[n])
      ? (values[n] as string[]).map(encodeURIComponent).join(",")
      : encodeURIComponent(asText(values[n] as ParamValue)),
  );
  return head + substituteJsonLike(body, values);
}

/**
 * Walks text that holds JSON (with the console's `"""` strings and comments around it), knowing at
 * each placeholder whether it stands in a string.
 */
function substituteJsonLike(text: string, values: Record<string, ParamValue>): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      const stop = end < 0 ? text.length : end;
      const inner = text.slice(i + 3, stop).replace(PLACEHOLDER, (_, n: string) => {
        const v = asText(values[n] as ParamValue);
        // A triple-quoted string takes its text as written: a value cannot end it.
        if (v.includes('"""'))
          throw new QuarryError(
            "invalid_input",
            `The value of ${n} holds """, which would end the string it goes into`,
            'Leave out the """.',
            { param: n },
          );
        return v;
      });
      out += `"""${inner}${end < 0 ? "" : '"""'}`;
      i = end < 0 ? text.length : end + 3;
      continue;
    }
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      const inner = text.slice(i + 1, j);
      const closed = text[j] === '"';
      const whole = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(inner);
      if (whole && closed) out += jsonOf(values[whole[1] as string] as ParamValue);
      else
        out += `"${inner.replace(PLACEHOLDER, (_, n: string) => JSON.stringify(asText(values[n] as ParamValue)).slice(1, -1))}${closed ? '"' : ""}`;
      i = closed ? j + 1 : j;
      continue;
    }
    const m = text.startsWith("{{", i) ? /^\{\{\s*([A-Za-z_]\w*)\s*\}\}/.exec(text.slice(i)) : null;
    if (m) {
      out += jsonOf(values[m[1] as string] as ParamValue);
      i += m[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/**
 * ES|QL with its parameters as `?name` (a list as `?name_0, ?name_1, …`, for `IN (…)`), and the
 * values to send beside it; inside a string literal, the escaped text.
 */
export function substituteEsql(
  text: string,
  values: Record<string, ParamValue>,
): { query: string; params: Record<string, string | number>[] } {
  const params: Record<string, string | number>[] = [];
  const sent = new Set<string>();
  const param = (n: string): string => {
    const v = values[n] as ParamValue;
    if (Array.isArray(v)) {
      return v
        .map((item, k) => {
          const key = `${n}_${k}`;
          if (!sent.has(key)) params.push({ [key]: item });
          sent.add(key);
          return `?${key}`;
        })
        .join(", ");
    }
    if (!sent.has(n)) params.push({ [n]: v });
    sent.add(n);
    return `?${n}`;
  };
  let out = "";
  let i = 0;
  while (i < text.length) {
    const triple = text.startsWith('"""', i);
    if (triple || text[i] === '"') {
      const close = triple ? '"""' : '"';
      let j = i + close.length;
      while (j < text.length && !text.startsWith(close, j))
        j += !triple && text[j] === "\\" ? 2 : 1;
      const inner = text.slice(i + close.length, j);
      const whole = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(inner);
      if (whole && !Array.isArray(values[whole[1] as string])) out += param(whole[1] as string);
      else
        out += `${close}${inner.replace(PLACEHOLDER, (_, n: string) => {
          const v = asText(values[n] as ParamValue);
          if (triple && v.includes('"""'))
            throw new QuarryError(
              "invalid_input",
              `The value of ${n} holds """, which would end the string it goes into`,
              'Leave out the """.',
              { param: n },
            );
          return triple ? v : JSON.stringify(v).slice(1, -1);
        })}${close}`;
      i = j + close.length;
      continue;
    }
    const m = text.startsWith("{{", i) ? /^\{\{\s*([A-Za-z_]\w*)\s*\}\}/.exec(text.slice(i)) : null;
    if (m) {
      out += param(m[1] as string);
      i += m[0].length;
      continue;
    }
    out += text[i];
    i++;
  }
  return { query: out, params };
}

/** A grid view with its parameters in place: typed filter values, a quoted Raw SQL phrase. */
export function substituteView(view: GridView, values: Record<string, ParamValue>): GridView {
  const value = (v: unknown): unknown => {
    if (typeof v === "string") {
      const whole = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(v);
      if (whole) return values[whole[1] as string];
      return v.replace(PLACEHOLDER, (_, n: string) => asText(values[n] as ParamValue));
    }
    if (Array.isArray(v))
      return v.flatMap((x) => {
        const r = value(x);
        return Array.isArray(r) && typeof x === "string" ? r : [r];
      });
    return v;
  };
  return {
    ...view,
    ...(view.filters
      ? { filters: view.filters.map((f) => ({ ...f, value: value(f.value) })) }
      : {}),
    ...(view.rawQuery !== undefined
      ? {
          rawQuery: view.rawQuery.replace(
            PLACEHOLDER,
            (_, n: string) => `"${asText(values[n] as ParamValue).replace(/["\\]/g, "\\$&")}"`,
          ),
        }
      : {}),
  };
}

/** Parses `k=v` pairs from the command line into given values. */
export function paramPairs(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0)
      throw new QuarryError(
        "invalid_input",
        `--param ${pair.slice(0, 60)} is not name=value`,
        "Write --param name=value, e.g. --param status=paid.",
      );
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

export type { ParamType };
