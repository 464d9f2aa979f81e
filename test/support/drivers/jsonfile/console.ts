/**
 * The JSON file's console: `GET /` lists its tables, `GET /<table>` reads rows (a body may carry
 * the grid's filters and sort), `GET /<table>/<n>` one row, `DELETE /<table>` (a name, a `*`
 * pattern or a comma list) removes tables. A request is a line `METHOD /path`, its JSON body on
 * the lines below it. Its shell form is `jq` over the file, there being no HTTP endpoint.
 */
import type {
  Classification,
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
} from "../../../../src/core/console.ts";
import { QuarryError } from "../../../../src/core/errors.ts";
import type { BrowseRequest } from "../../../../src/core/grid.ts";
import { browseRows, readTables, rowOf, rowsOf, writeTables } from "./rows.ts";
import type { JsonFileConfig } from "./settings.ts";

const REQUEST_LINE = /^(GET|DELETE|POST|PUT|HEAD|PATCH)\s+(\S+)\s*$/i;

export function parseConsoleText(text: string): ConsoleBlock[] {
  const blocks: ConsoleBlock[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const m = REQUEST_LINE.exec(line.trim());
    if (m)
      blocks.push({
        startLine: i,
        endLine: i,
        request: { method: m[1]!.toUpperCase(), path: m[2]! },
      });
    else if (line.trim() && blocks.length) blocks[blocks.length - 1]!.endLine = i;
  });
  for (const block of blocks) {
    const body = lines
      .slice(block.startLine + 1, block.endLine + 1)
      .join("\n")
      .trim();
    if (!body || !block.request) continue;
    try {
      block.request.body = JSON.parse(body);
    } catch (e) {
      const message = `The body is not JSON (${(e as Error).message})`;
      block.error = {
        code: "console_refused",
        message,
        remedy: "Fix the JSON.",
        line: block.startLine + 1,
      };
      delete block.request;
    }
  }
  return blocks;
}

export function formatRequest(request: ConsoleRequest): string {
  const head = `${request.method} ${request.path}`;
  return request.body === undefined ? head : `${head}\n${JSON.stringify(request.body, null, 2)}`;
}

const tableOf = (path: string) => decodeURIComponent(path.split("/")[1] ?? "");

/** The request as a shell command: `jq` over the file. */
export function toShell(config: JsonFileConfig, request: ConsoleRequest): string {
  const table = JSON.stringify(tableOf(request.path));
  const filter =
    request.method === "DELETE" ? `del(.[${table}])` : table === '""' ? "keys" : `.[${table}]`;
  return `jq '${filter}' '${config.file.replaceAll("'", "'\\''")}'`;
}

/**
 * A command as console text: `toShell`'s `jq` command read back, or a curl command's method and
 * path (its host and credentials left out: the request runs on this file).
 */
export function fromCurl(command: string): { text: string; notes: string[] } {
  const words = [...command.matchAll(/'((?:[^']|'\\'')*)'|"([^"]*)"|(\S+)/g)].map(
    (m) => m[1]?.replaceAll("'\\''", "'") ?? m[2] ?? m[3] ?? "",
  );
  if (words[0] === "jq") {
    const filter = words[1] ?? "";
    const table = /^(del\()?\.\[("(?:[^"\\]|\\.)*")\]\)?$/.exec(filter);
    if (filter === "keys") return { text: "GET /", notes: [] };
    if (table) {
      const name = encodeURIComponent(JSON.parse(table[2] as string) as string);
      return { text: `${table[1] ? "DELETE" : "GET"} /${name}`, notes: [] };
    }
  }
  if (words[0] === "curl") {
    const at = words.findIndex((w) => w === "-X" || w === "--request");
    const method = at >= 0 ? (words[at + 1] ?? "GET").toUpperCase() : "GET";
    const url = words.slice(1).find((w) => /^https?:\/\//.test(w));
    if (url)
      return {
        text: `${method} ${new URL(url).pathname}`,
        notes: [`The host ${new URL(url).host} was left out: the request runs on this file.`],
      };
  }
  throw new QuarryError(
    "invalid_input",
    "Not a curl command with a URL, nor a jq command over a table",
    "Paste e.g. curl http://host/people, or type the request itself: GET /people.",
  );
}

export function checkRequest(request: ConsoleRequest): Classification {
  const method = request.method.toUpperCase();
  const table = tableOf(request.path);
  if (method === "GET") return { class: "read", reason: table ? `reads ${table}` : "lists tables" };
  if (method === "DELETE" && table && !request.path.slice(1).includes("/"))
    return { class: "destructive", reason: `deletes table ${table}` };
  throw new QuarryError(
    "console_refused",
    `A JSON file's console runs GET and DELETE /<table>, not ${method} ${request.path}`,
    "Read with GET /<table>, or remove a table with DELETE /<table>.",
  );
}

export function viewAsRequest(table: string, request: BrowseRequest): ConsoleRequest {
  const body = {
    ...(request.filters?.length ? { filters: request.filters } : {}),
    ...(request.sort?.length ? { sort: request.sort } : {}),
  };
  return {
    method: "GET",
    path: `/${encodeURIComponent(table)}`,
    ...(Object.keys(body).length ? { body } : {}),
  };
}

export async function runConsole(
  config: JsonFileConfig,
  request: ConsoleRequest,
): Promise<ConsoleResult> {
  checkRequest(request);
  const tables = await readTables(config);
  const [table, position] = request.path.slice(1).split("/").map(decodeURIComponent);
  if (request.method.toUpperCase() === "DELETE") {
    const patterns = table!
      .split(",")
      .map((p) => new RegExp(`^${p.split("*").map(escapeRegExp).join(".*")}$`));
    const removed = Object.keys(tables).filter((t) => patterns.some((p) => p.test(t)));
    for (const t of removed) delete tables[t];
    await writeTables(config, tables);
    return { kind: "json", status: 200, raw: { removed } };
  }
  if (!table) return { kind: "json", status: 200, raw: Object.keys(tables) };
  const rows = rowsOf(tables, table);
  if (position !== undefined) {
    const doc = rows[Number(position)];
    if (!doc)
      return {
        kind: "error",
        status: 404,
        type: "not_found",
        reason: `No row ${position} in ${table}`,
        raw: null,
      };
    return { kind: "json", status: 200, raw: rowOf(table, Number(position), doc) };
  }
  const page = await browseRows(config, table, (request.body ?? {}) as BrowseRequest);
  return {
    kind: "grid",
    status: 200,
    columns: page.columns,
    rows: page.rows,
    total: page.total,
    raw: page.rows,
  };
}

const escapeRegExp = (part: string) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&");
