/**
 * Pure: a saved query as the plain file a person reads, diffs and keeps in git, and back.
 *
 * - A console request is Kibana console text (`METHOD /path` then the JSON body), which VS Code's
 *   REST Client and JetBrains' HTTP Client also read, in `<name>.http`.
 * - An ES|QL query is its own text, in `<name>.esql`.
 * - A grid view is JSON, in `<name>.view.json`.
 *
 * The text files carry their description and settings in leading comment lines (`#` in console
 * text, `//` in ES|QL), so the file still opens as what it is elsewhere:
 *
 *     # Orders of one status
 *     # @param status text = paid
 *     # @connection dev
 *     # @type elasticsearch
 *     GET /sample-orders/_search
 *     {"query": {"term": {"status": "{{status}}"}}}
 */
import { QuarryError } from "../../core/errors.ts";
import { jsonErrorAt } from "./json-position.ts";
import { placeholders } from "./params.ts";
import {
  type GridView,
  PARAM_NAME,
  PARAM_TYPES,
  type ParamType,
  type QueryKind,
  type QueryParam,
  type SavedQuery,
} from "./saved-query.ts";

const COMMENT: Record<Exclude<QueryKind, "view">, string> = { console: "#", esql: "//" };

/** A file that cannot be read as a query: where and why. */
export class QueryFileProblem extends QuarryError {}

function problem(file: string, line: number, message: string, remedy: string): QueryFileProblem {
  return new QueryFileProblem("invalid_input", `${file}:${line}: ${message}`, remedy, {
    path: file,
    line,
  });
}

/** Reads one file's text as the query `name` of `kind`; `file` names it in problems. */
export function parseQueryFile(
  file: string,
  name: string,
  kind: QueryKind,
  text: string,
): SavedQuery {
  if (kind === "view") return parseView(file, name, text);
  const mark = COMMENT[kind];
  const lines = text.split(/\r?\n/);
  const description: string[] = [];
  const params: QueryParam[] = [];
  let connection: string | undefined;
  let dbType: string | undefined;
  let i = 0;
  for (; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line === "") continue;
    if (!line.startsWith(mark)) break;
    const body = line.slice(mark.length).trim();
    const directive = /^@(\w+)\s*(.*)$/.exec(body);
    if (!directive) {
      if (body !== "") description.push(body);
      continue;
    }
    const [, key, rest = ""] = directive;
    if (key === "param") params.push(parseParam(file, i + 1, rest, params));
    else if (key === "connection" && rest.trim()) connection = rest.trim();
    else if (key === "type" && rest.trim()) dbType = rest.trim();
    else if (key !== "name")
      // `@name` is REST Client's own; the file's name is the query's, so it is ignored.
      throw problem(
        file,
        i + 1,
        `@${key} is not a setting of a saved query`,
        "Use @param, @connection or @type, or write the line without @ (it is then the description).",
      );
  }
  const queryText = lines.slice(i).join("\n").trim();
  if (queryText === "")
    throw problem(
      file,
      i + 1,
      kind === "esql" ? "the file holds no query" : "the file holds no request",
      kind === "esql"
        ? "Write the query after the comment lines, e.g. FROM my-index | LIMIT 10."
        : "Write the request after the comment lines, e.g. GET /my-index/_search.",
    );
  const query: SavedQuery = {
    name,
    kind,
    description: description.join(" "),
    params,
    text: queryText,
    ...(connection ? { connection } : {}),
    ...(dbType ? { dbType } : {}),
  };
  checkPlaceholders(file, query, i + 1);
  return query;
}

function parseParam(file: string, line: number, rest: string, seen: QueryParam[]): QueryParam {
  const m = /^([A-Za-z_]\w*)\s+(\w+)\s*(?:=\s*(.*))?$/.exec(rest.trim());
  if (!m)
    throw problem(
      file,
      line,
      "a @param line reads: @param <name> <type> [= default]",
      `Write e.g. @param status text = paid (types: ${PARAM_TYPES.join(", ")}).`,
    );
  const [, name = "", type = "", def] = m;
  if (!PARAM_NAME.test(name))
    throw problem(file, line, `"${name}" is not a parameter name`, "Use letters, digits and _.");
  if (!(PARAM_TYPES as readonly string[]).includes(type))
    throw problem(
      file,
      line,
      `the parameter ${name} has the type "${type}", which is not one`,
      `Use one of: ${PARAM_TYPES.join(", ")}.`,
    );
  if (seen.some((p) => p.name === name))
    throw problem(file, line, `the parameter ${name} is declared twice`, "Keep one of the lines.");
  return { name, type: type as ParamType, ...(def !== undefined ? { default: def.trim() } : {}) };
}

/** Every `{{name}}` in the query is a declared parameter. */
function checkPlaceholders(file: string, q: SavedQuery, line: number): void {
  const declared = new Set(q.params.map((p) => p.name));
  const missing = [...new Set(placeholders(q.text))].filter((n) => !declared.has(n));
  if (missing.length > 0)
    throw problem(
      file,
      line,
      `{{${missing.join("}}, {{")}}} ${missing.length === 1 ? "is" : "are"} used but not declared`,
      `Declare each with a line such as ${COMMENT[q.kind === "esql" ? "esql" : "console"]} @param ${missing[0]} text before the query.`,
    );
}

function parseView(file: string, name: string, text: string): SavedQuery {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const { line, column } = jsonErrorAt(text);
    // The parser's message quotes the text; the position is enough to find it.
    throw problem(file, line, `not valid JSON (column ${column})`, "Repair the file's JSON.");
  }
  const v = (raw ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || !str("table"))
    throw problem(file, 1, 'a view needs a "table"', 'Write e.g. {"table": "my-index"}.');
  const params: QueryParam[] = [];
  for (const p of Array.isArray(v.params) ? v.params : []) {
    const { name: n, type, default: d } = (p ?? {}) as Record<string, unknown>;
    params.push(
      parseParam(file, 1, `${n} ${type}${d === undefined ? "" : ` = ${String(d)}`}`, params),
    );
  }
  if (v.filters !== undefined && !Array.isArray(v.filters))
    throw problem(file, 1, '"filters" is not a list', 'Write [{"column", "op", "value"}, …].');
  if (v.sort !== undefined && !Array.isArray(v.sort))
    throw problem(file, 1, '"sort" is not a list', 'Write [{"column", "direction"}, …].');
  if (
    v.columns !== undefined &&
    (!Array.isArray(v.columns) || v.columns.some((c) => typeof c !== "string"))
  )
    throw problem(file, 1, '"columns" is not a list of names', 'Write ["a", "b"].');
  const view: GridView = {
    table: str("table") as string,
    ...(v.filters ? { filters: v.filters as GridView["filters"] } : {}),
    ...(str("rawQuery") ? { rawQuery: str("rawQuery") } : {}),
    ...(v.sort ? { sort: v.sort as GridView["sort"] } : {}),
    ...(v.columns ? { columns: v.columns as string[] } : {}),
  };
  const query: SavedQuery = {
    name,
    kind: "view",
    description: str("description") ?? "",
    params,
    text: JSON.stringify(view),
    view,
    ...(str("connection") ? { connection: str("connection") } : {}),
    ...(str("type") ? { dbType: str("type") } : {}),
  };
  checkPlaceholders(file, query, 1);
  return query;
}

/** The file's text for a query: what `parseQueryFile` reads back as the same query. */
export function formatQueryFile(q: SavedQuery): string {
  if (q.kind === "view") {
    const out = {
      ...(q.description ? { description: q.description } : {}),
      ...(q.connection ? { connection: q.connection } : {}),
      ...(q.dbType ? { type: q.dbType } : {}),
      ...(q.params.length > 0
        ? {
            params: q.params.map((p) => ({
              name: p.name,
              type: p.type,
              ...(p.default !== undefined ? { default: p.default } : {}),
            })),
          }
        : {}),
      ...q.view,
    };
    return `${JSON.stringify(out, null, 2)}\n`;
  }
  const mark = COMMENT[q.kind];
  const head = [
    ...(q.description ? [`${mark} ${q.description.replace(/\s*\n\s*/g, " ")}`] : []),
    ...q.params.map(
      (p) =>
        `${mark} @param ${p.name} ${p.type}${p.default !== undefined ? ` = ${p.default}` : ""}`,
    ),
    ...(q.connection ? [`${mark} @connection ${q.connection}`] : []),
    ...(q.dbType ? [`${mark} @type ${q.dbType}`] : []),
  ];
  return `${[...head, q.text.trim()].join("\n")}\n`;
}
