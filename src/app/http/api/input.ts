/**
 * The UI's API checks every input at the door: a route declares its path values, query and JSON
 * body once as zod schemas (`answer({ param, query, json }, handler)` in handlers.ts), and what
 * does not match is refused here with a 400 that names the field and what was expected, in the
 * UI's words, before the handler runs (docs/architecture.md "The UI's API"; why zod and not
 * Hono's validator: docs/decisions.md "Every UI API input checked at the door").
 *
 *   const schemas = { param: param("id"), json: z.object({ text: z.string() }) };
 *   check(schemas.json, { text: 5 }, "json")
 *     → QuarryError invalid_input "text must be text, not a whole number." { field: "text", … }
 */
import { z } from "zod";
import { QuarryError } from "../../../core/errors.ts";

/** Where an input came from: the path's `:names`, the query (`?name=`) or the JSON body. */
export type InputPart = "param" | "query" | "json";

/** The schemas a route declares; each is optional (a route without a body declares none). */
export interface Schemas {
  param?: z.ZodType<object, Record<string, string>>;
  query?: z.ZodType<object, Record<string, string | undefined>>;
  json?: z.ZodType;
}

/**
 * The schema of a path's `:names`: each a non-empty text. The names are the path's own; the
 * house rule (test/unit/house-rules.test.ts) holds every route's schema to its path.
 */
export function param<K extends string>(...names: K[]): z.ZodObject<Record<K, z.ZodString>> {
  const shape: Partial<Record<K, z.ZodString>> = {};
  for (const name of names) shape[name] = z.string().min(1);
  // Every name was given a schema just above: the shape is whole.
  return z.object(shape as Record<K, z.ZodString>);
}

/**
 * A body the app reads a few fields of and passes on whole as `T` to the one that checks the rest
 * (a browse request's filters, an index action's options: the driver's rules, in its words). The
 * fields named are checked here like any schema's; the value keeps every key it came with.
 */
export function passedOn<T>(fields: z.ZodType): z.ZodType<T, T> {
  const schema = z.custom<T>().superRefine((value, ctx) => {
    const checked = fields.safeParse(value, OPTIONS);
    if (checked.success) return;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: words(issue), input: value });
  });
  passedOnFields.set(schema, fields);
  return schema;
}

/** The fields a `passedOn` schema checks (what the fuzz test sends wrong). */
export function fieldsChecked(schema: z.ZodType): z.ZodType | undefined {
  return passedOnFields.get(schema);
}

const passedOnFields = new WeakMap<z.ZodType, z.ZodType>();

/** A whole number sent as query text (`?limit=200`), given to the handler as a number. */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** The value of `schema` for `value`, or the refusal of the first thing wrong in it. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: InputPart,
): z.output<S> {
  const checked = schema.safeParse(value, OPTIONS);
  if (checked.success) return checked.data;
  const issues = checked.error.issues;
  const first = issues[0];
  const fields = issues.map((i) => fieldName(i.path));
  const rest = [...new Set(fields.slice(1))].filter((f) => f !== fields[0]);
  const more = rest.length
    ? ` ${rest.length === 1 ? "1 more field is" : `${rest.length} more fields are`} wrong too: ${rest.join(", ")}.`
    : "";
  return refuse(first ? `${sentence(first, part)}${more}` : "The request is not valid.", {
    field: fields[0] ?? "",
    fields,
    in: part,
  });
}

function refuse(message: string, details: Record<string, unknown>): never {
  throw new QuarryError(
    "invalid_input",
    message,
    "Check the value and try again; if the page sent it, reload the page.",
    details,
  );
}

/**
 * Zod's own words are left out (an empty message) so that the issue is put in the UI's words
 * here; a schema that gives its own message (`{ error: "…" }`) keeps it.
 */
const OPTIONS = { error: () => "", reportInput: true } as const;

/** `request.method`, `updates[0]._id`; the empty path is the whole input. */
function fieldName(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path)
    out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out;
}

const WHOLE: Record<InputPart, string> = {
  param: "The address",
  query: "The query",
  json: "The request's body",
};

function label(path: readonly PropertyKey[], part: InputPart): string {
  const name = fieldName(path);
  if (!name) return WHOLE[part];
  return part === "query" ? `?${name}` : part === "param" ? `The address's ${name}` : name;
}

/** One issue as a sentence that names its field: `offset must be a number, not text.` */
function sentence(issue: z.core.$ZodIssue, part: InputPart): string {
  const text = words(issue);
  return `${label(issue.path, part)} ${text}${text.endsWith(".") ? "" : "."}`;
}

/**
 * What is wrong with the value, without its field's name: `must be text, not a number`. A
 * schema's own message is such a phrase too (`{ error: "must be a whole number from 1 to 9" }`).
 */
function words(issue: z.core.$ZodIssue): string {
  if (issue.message) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "is missing"
        : `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kind(issue.input)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => String(v)).join(", ")}`;
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1
        ? "must not be empty"
        : `must be at least ${issue.minimum}${issue.origin === "string" ? " characters" : ""}`;
    case "too_big":
      return `must be at most ${issue.maximum}${issue.origin === "string" ? " characters" : ""}`;
    case "invalid_format":
      return "is not in the expected form";
    case "invalid_union":
      return "is none of the forms it may take";
    default:
      return "is not valid";
  }
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  record: "an object",
  null: "null",
  nonoptional: "given",
};

function kind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return "text";
  if (typeof v === "number") return Number.isInteger(v) ? "a whole number" : "a number";
  if (typeof v === "boolean") return `${v}`;
  if (typeof v === "bigint") return "a number";
  // An integer beyond 2^53, kept exact as raw JSON (core/exact-json.ts).
  if (typeof v === "object" && "rawJSON" in v) return "an integer too large to hold exactly";
  return typeof v === "object" ? "an object" : typeof v;
}
