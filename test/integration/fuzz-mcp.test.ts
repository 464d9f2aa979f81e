/**
 * Fuzzing the MCP endpoint (seeded and bounded, test/support/fuzz.ts): the real server with its
 * real HTTP listener, on a real node, takes a few thousand malformed or random requests of every
 * kind (both eras, every method and tool, odd headers, broken JSON, raw bytes on the socket) and
 * answers each within the deadline with a well-formed JSON-RPC message (or nothing, where HTTP
 * says so: a notification's 202). No answer is a 5xx, and afterwards the official client still
 * works. The node is reached as a user that may touch one index only (test/support/fuzz-cluster).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { AGGREGATION_KINDS } from "../../src/core/catalog.ts";
import { FILTER_OPS } from "../../src/core/grid.ts";
import {
  checkRpcMessage,
  fuzz,
  mutateJson,
  mutateText,
  type Prng,
  randomJson,
  randomString,
  rawHttp,
  sendAsIs,
  sseMessages,
} from "../support/fuzz.ts";
import { type FuzzCluster, fuzzCluster } from "../support/fuzz-cluster.ts";
import {
  connectClient,
  createToken,
  FORMER_TOOLS,
  readHandshake,
  startTestServer,
  type TestHome,
  type TestServer,
  testHome,
} from "../support/mcp.ts";

const COUNT = 2400;
const MAX_BODY = 64 * 1024;

let home: TestHome;
let srv: TestServer;
let cluster: FuzzCluster;
const tokens: Record<"rw" | "full" | "ro" | "bridge", string> = {
  rw: "",
  full: "",
  ro: "",
  bridge: "",
};
type TokenKey = keyof typeof tokens;
const VERSIONS = ["2025-11-25", "2025-06-18"] as const;
/** A legacy session per token and revision, opened again when the fuzzer ends one. */
const sessions = new Map<string, Promise<string>>();

function openSession(token: TokenKey, version: string): Promise<string> {
  const opened = send({
    method: "POST",
    path: "/mcp",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${tokens[token]}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: "fz", version: "1" },
      },
    }),
  }).then((res) => String(res.headers["mcp-session-id"]));
  sessions.set(`${token} ${version}`, opened);
  return opened;
}

function sessionOf(token: TokenKey, version: string): Promise<string> {
  return sessions.get(`${token} ${version}`) ?? openSession(token, version);
}
let stopAnswering: () => void = () => {};

before(async () => {
  home = await testHome();
  cluster = await fuzzCluster("mcp");
  const conn = (name: string, externalClients: "read-write" | "read-only", ask: boolean) =>
    addConnection(
      home.storage,
      {
        name,
        type: "elasticsearch",
        settings: { ...cluster.config },
        externalClients,
        aiPolicy: ask ? "ask-each-time" : "always-allow",
      },
      cluster.secrets,
    );
  await conn("fz", "read-write", false);
  await conn("fz-ask", "read-write", true);
  await conn("fz-ro", "read-only", false);
  tokens.rw = await createToken(home, "fuzz-rw", "read-write");
  tokens.full = await createToken(home, "fuzz-full", "full-access");
  tokens.ro = await createToken(home, "fuzz-ro", "read-only");
  srv = await startTestServer(home, { maxBodyBytes: MAX_BODY, approvalTimeoutMs: 10_000 });
  tokens.bridge = (await readHandshake(home.dir))!.token;
  // The user answers every question at once, by turns yes and no.
  let turn = 0;
  stopAnswering = srv.approvals.onChange(() => {
    for (const p of srv.approvals.pending())
      srv.approvals.answer(p.id, { approve: turn++ % 2 === 0, grantMs: 0 });
  });
});

after(async () => {
  stopAnswering();
  await srv?.stop();
  await home?.cleanup();
  await cluster?.dispose();
});

// --- Sending ---------------------------------------------------------------------------------

interface HttpCase {
  kind: "http";
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The id the answer must carry (when the body is a request with a plain id). */
  id?: string | number;
  /** Sent on the live legacy session of this token and revision (its id is known only then). */
  session?: { token: TokenKey; version: string };
}
interface SocketCase {
  kind: "socket";
  bytes: string;
}
type Case = HttpCase | SocketCase;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(c: Omit<HttpCase, "kind">): Promise<Answer> {
  return sendAsIs(srv.server.port, c, { host: `127.0.0.1:${srv.server.port}`, ...c.headers });
}

// --- Generating -----------------------------------------------------------------------------

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "fuzz", version: "1" },
};

const COLUMNS = [
  "status",
  "title",
  "title.keyword",
  "total",
  "qty",
  "big",
  "paid",
  "created_at",
  "ip",
  "loc",
  "customer.city",
  "items",
  "items.sku",
  "items.qty",
  "blob",
  "_id",
  "nope",
];
const OPS = [...FILTER_OPS, "nope"];

function connectionName(r: Prng): unknown {
  return r.weighted<unknown>([
    [6, () => "fz"],
    [2, () => "fz-ask"],
    [2, () => "fz-ro"],
    [1, () => r.pick(["ghost", "FZ", " fz ", ""])],
    [1, () => randomString(r, 20)],
  ]);
}

function tableName(r: Prng): unknown {
  return r.weighted<unknown>([
    [8, () => cluster.index],
    [
      1,
      () =>
        r.pick([`${cluster.index}*`, "qt-fuzz-*", "*", "_all", ".security", "nope", "a,b", "-x"]),
    ],
    [1, () => randomString(r, 30)],
  ]);
}

function filters(r: Prng): unknown[] {
  return Array.from({ length: r.int(4) }, () => ({
    column: r.pick(COLUMNS),
    op: r.pick(OPS),
    ...(r.chance(0.8)
      ? {
          value: r.pick<unknown>([
            1,
            "paid",
            "S1",
            ["a", "b"],
            "2026-01-02",
            true,
            "*chair*",
            null,
            { a: 1 },
          ]),
        }
      : {}),
    ...(r.chance(0.2) ? { group: r.pick([1, 2, 0]) } : {}),
  }));
}

const CONSOLE_PATHS = () => [
  `/${cluster.index}/_search`,
  `/${cluster.index}/_count`,
  `/${cluster.index}/_doc/d1`,
  `/${cluster.index}/_mapping`,
  `/${cluster.index}/_validate/query?explain=true`,
  `/${cluster.index}/_validate/query?explain=true&rewrite=true`,
  "/_cat/indices?format=json",
  "/_cluster/health",
  "/",
  "/_sql",
  `/${cluster.index}/_bulk`,
  `/${cluster.index}`,
  "/_all",
  "/*",
];

const CATALOG_VIEWS = ["fields", "health", "nodes", "shards", "stats", "index", "admin"] as const;

/** Names that answered once and are unknown tools now, and one that never was a tool. */
const UNKNOWN_TOOLS = [...FORMER_TOOLS, "drop_everything"];

/** A cursor as browse_table gives them (base64url JSON), often bent, or anything else. */
function browseCursor(r: Prng): unknown {
  const json = { o: r.pick([0, 5, 25, 10_000, -1, 1.5]), n: r.pick([1, 25, 501, 0]), k: "x" };
  return r.weighted<unknown>([
    [2, () => Buffer.from(JSON.stringify(json)).toString("base64url")],
    [1, () => mutateText(r, Buffer.from(JSON.stringify(json)).toString("base64url"))],
    [1, () => r.pick(["", "0", "=", "e30", "bnVsbA", "x".repeat(201)])],
    [1, () => randomJson(r, 1)],
  ]);
}

/** A list's cursor and limit (list_tables, describe_table, the catalog's paged views). */
function pageArgs(r: Prng, args: Record<string, unknown>): void {
  if (r.chance(0.4)) args.limit = r.pick([1, 10, 1000, 1001, 2001, 0, -3, 2.5]);
  if (r.chance(0.4)) args.cursor = r.pick<unknown>(["0", "1", "99999", "-1", "x", 3, ""]);
}

/** A name filter and a types filter, as describe_table and the fields view take them. */
function fieldFilters(r: Prng, args: Record<string, unknown>): void {
  if (r.chance(0.6)) args.name = r.pick<unknown>(["status", "*.sku", "?", "[", "", 7]);
  if (r.chance(0.4))
    args.types = r.pick<unknown>([["keyword"], ["date", "nope"], [], "text", ["k"]]);
}

/** `where` as text: mostly well formed, sometimes not. */
function whereTexts(r: Prng): unknown[] {
  return Array.from({ length: r.int(3) + 1 }, () =>
    r.weighted<unknown>([
      [
        4,
        () =>
          `${r.pick(COLUMNS)} ${r.pick(["=", "!=", ">", ">=", "<", "in", "not in", "like", "exists", "missing", "~"])} ${r.pick(["paid", "1", "(a,b)", "*chair*", "2026-01-02", ""])}`,
      ],
      [1, () => r.pick(["items.sku = S1 @1", "items.sku = S1@1", "total >=", "", " "])],
      [1, () => randomJson(r, 0)],
    ]),
  );
}

/** A sort in either form, or a broken one. */
function sortArgs(r: Prng): unknown[] {
  return [
    r.weighted<unknown>([
      [2, () => `${r.pick(COLUMNS)}${r.pick(["", ":asc", ":desc", ":up"])}`],
      [1, () => ({ column: r.pick(COLUMNS), direction: r.pick(["asc", "desc", "up"]) })],
    ]),
  ];
}

/** Random and malformed arguments for one catalog view (or no view, or one that is gone). */
function catalogArgs(r: Prng, args: Record<string, unknown>): Record<string, unknown> {
  const view = r.weighted<unknown>([
    [12, () => r.pick(CATALOG_VIEWS)],
    [1, () => r.pick<unknown>(["tables", "columns", "", 3, undefined])],
  ]);
  if (view !== undefined) args.view = view;
  if (view === "fields") {
    fieldFilters(r, args);
    pageArgs(r, args);
    if (r.chance(0.3)) args.table = tableName(r);
  } else if (view === "health") {
    if (r.chance(0.5)) args.table = tableName(r);
    if (r.chance(0.3)) args.shard = r.pick<unknown>([0, 1, 2, 99, -1, 1.5]);
    if (r.chance(0.2)) args.primary = r.pick<unknown>([true, false, "yes"]);
  } else if (view === "shards" || view === "stats") {
    if (view === "shards" || r.chance(0.5)) args.table = tableName(r);
    pageArgs(r, args);
    if (view === "stats" && r.chance(0.4)) args.sort = r.pick(["size", "docs", "name", "x"]);
  } else if (view === "index") {
    if (r.chance(0.9)) args.table = tableName(r);
  }
  // An argument another view takes: each view names the ones it does.
  if (r.chance(0.1)) args[r.pick(["table", "name", "shard", "sort", "limit"])] = 1;
  return args;
}

/** Random and malformed arguments for aggregate. */
function aggregateArgs(r: Prng, args: Record<string, unknown>): Record<string, unknown> {
  args.table = tableName(r);
  args.kind = r.pick<unknown>([...AGGREGATION_KINDS, "median"]);
  args.field = r.chance(0.85) ? r.pick(COLUMNS) : randomJson(r, 1);
  if (r.chance(0.3)) args.where = whereTexts(r);
  if (r.chance(0.3)) args.filters = filters(r);
  if (r.chance(0.2)) args.query = r.pick(["status:paid", "title:(", randomString(r, 20)]);
  if (r.chance(0.3)) args.size = r.pick([1, 10, 1000, 1001, 0]);
  if (r.chance(0.3))
    args.interval = r.pick<unknown>(["day", "month", "7d", "1.5h", "fortnight", 10, 0, -1, ""]);
  if (r.chance(0.2)) args.time_zone = r.pick(["Europe/Paris", "UTC", "Mars/Olympus", ""]);
  if (r.chance(0.2)) args.percents = r.pick<unknown>([[50], [0, 100], [101], [], ["x"]]);
  if (r.chance(0.2))
    args.metric = r.pick<unknown>([
      { op: "avg", field: "total" },
      { op: "median", field: "total" },
      { op: "sum", field: "nope" },
      { op: "max" },
      "sum:total",
      "cardinality:customer.city",
      "avg:",
      "mode:total",
    ]);
  if (r.chance(0.15)) args.by = r.pick(COLUMNS);
  if (r.chance(0.15)) args.order = r.pick(["count", "key:asc", "metric:desc", "value", ""]);
  if (r.chance(0.2)) args.min_doc_count = r.pick([0, 1, 5, -1]);
  return args;
}

function toolCall(r: Prng): { name: string; arguments: Record<string, unknown> } {
  const connection = connectionName(r);
  const table = tableName(r);
  const name = r.weighted<string>([
    [
      14,
      () =>
        r.pick([
          "list_connections",
          "list_tables",
          "describe_table",
          "browse_table",
          "browse_table",
          "aggregate",
          "esql",
          "execute_query",
          "execute_query",
          "confirm_destructive_operation",
          "export_data",
          "catalog",
          "catalog",
        ]),
    ],
    [2, () => r.pick(UNKNOWN_TOOLS)],
  ]);
  const args: Record<string, unknown> = { connection };
  switch (name) {
    case "list_connections":
      return { name, arguments: {} };
    case "catalog":
      return { name, arguments: catalogArgs(r, args) };
    case "aggregate":
      return { name, arguments: aggregateArgs(r, args) };
    case "list_tables":
      if (r.chance(0.5)) args.name = r.chance(0.7) ? randomString(r, 10) : "qt-fuzz";
      pageArgs(r, args);
      // The argument an older list_tables took: an unknown argument now.
      if (r.chance(0.05)) args.pattern = randomString(r, 10);
      break;
    case "describe_table":
      args.table = table;
      fieldFilters(r, args);
      pageArgs(r, args);
      break;
    case "esql":
      args.query = r.pick<unknown>([
        `FROM ${cluster.index} | LIMIT 5`,
        `FROM ${cluster.index} | STATS c = COUNT(*) BY status`,
        "FROM * | LIMIT 1",
        "ROW a = 1",
        "",
        randomString(r, 30),
      ]);
      if (r.chance(0.2)) args.rows = r.pick([1, 100, 10_000, 10_001, 0]);
      break;
    case "browse_table":
    case "export_data":
      args.table = table;
      if (r.chance(0.3)) args.where = whereTexts(r);
      if (r.chance(0.4)) args.filters = filters(r);
      if (r.chance(0.2))
        args.query = r.pick(["status:paid", "total:>10", "title:(", "*", randomString(r, 30)]);
      if (name === "browse_table") {
        if (r.chance(0.4)) args.sort = sortArgs(r);
        if (r.chance(0.3)) args.columns = [r.pick(COLUMNS), r.pick(COLUMNS)];
        if (r.chance(0.3)) args.page = r.pick([1, 2, 400, 0, -1, 1.5, 1_000_000]);
        if (r.chance(0.3)) args.page_size = r.pick([1, 25, 500, 501, 0]);
        if (r.chance(0.3)) args.layout = r.pick(["table", "objects", "csv", 1]);
        if (r.chance(0.2)) args.cursor = browseCursor(r);
      }
      if (name === "export_data") {
        if (r.chance(0.5)) args.format = r.pick(["ndjson", "csv", "json", "xml"]);
        if (r.chance(0.3))
          args.file_name = r.pick(["out", "../escape", "a/b", "ok name", randomString(r, 20)]);
      }
      break;
    case "execute_query":
    case "confirm_destructive_operation":
      args.method = r.pick(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "get"]);
      args.path = r.chance(0.85) ? r.pick(CONSOLE_PATHS()) : mutateText(r, r.pick(CONSOLE_PATHS()));
      if (r.chance(0.5))
        args.body = r.chance(0.6)
          ? r.pick<unknown>([
              { query: { match_all: {} }, size: r.pick([0, 1, 5]) },
              { query: { match: { title: "chair" } } },
            ])
          : randomJson(r, 2);
      if (r.chance(0.2)) args.timeout_seconds = r.pick([1, 30, 301, 0]);
      if (name === "confirm_destructive_operation" && r.chance(0.5))
        args.reason = randomString(r, 30);
      break;
    default:
      // A name no tool answers to, with the arguments it took when it did.
      args.table = table;
      if (r.chance(0.3)) args.id = r.pick(["d1", "nope", ""]);
      break;
  }
  return { name, arguments: args };
}

function resourceUri(r: Prng): unknown {
  const base = r.pick([
    "quarry://connections",
    "quarry://connections/fz/tables",
    `quarry://connections/fz/tables/${cluster.index}`,
    `quarry://connections/fz-ask/tables/${cluster.index}`,
    "quarry://connections/ghost/tables",
    "quarry://connections/%2e%2e/tables",
    "quarry://connections/%E0%A4%A/tables",
    "file:///etc/passwd",
    "quarry://",
  ]);
  return r.chance(0.8) ? base : r.chance(0.7) ? mutateText(r, base) : randomJson(r, 1);
}

function rpcBody(r: Prng): { method: string; params: unknown } {
  return r.weighted<{ method: string; params: unknown }>([
    [10, () => ({ method: "tools/call", params: toolCall(r) })],
    [
      2,
      () => ({ method: "tools/list", params: r.chance(0.8) ? {} : { cursor: randomString(r, 8) } }),
    ],
    [3, () => ({ method: "resources/read", params: { uri: resourceUri(r) } })],
    [1, () => ({ method: "resources/list", params: {} })],
    [1, () => ({ method: "resources/templates/list", params: {} })],
    [1, () => ({ method: "prompts/list", params: {} })],
    [
      2,
      () => ({
        method: "prompts/get",
        params: {
          name: r.pick(["explore_index", "question_to_query", "nope"]),
          arguments: {
            connection: connectionName(r),
            table: tableName(r),
            question: randomString(r, 30),
          },
        },
      }),
    ],
    [
      2,
      () => ({
        method: "completion/complete",
        params: {
          ref: r.pick<unknown>([
            { type: "ref/prompt", name: "explore_index" },
            { type: "ref/resource", uri: "quarry://connections/{connection}/tables/{table}" },
            { type: "ref/resource", uri: "quarry://connections/{connection}/tables" },
            { type: "ref/prompt", name: "nope" },
          ]),
          argument: {
            name: r.pick(["connection", "table", "x"]),
            value: r.pick(["", "f", "qt", randomString(r, 8)]),
          },
          ...(r.chance(0.5) ? { context: { arguments: { connection: connectionName(r) } } } : {}),
        },
      }),
    ],
    [1, () => ({ method: "ping", params: {} })],
    [1, () => ({ method: "server/discover", params: {} })],
    [1, () => ({ method: "logging/setLevel", params: { level: r.pick(["info", "loud", 3]) } })],
    [
      1,
      () => ({
        method: "initialize",
        params: {
          protocolVersion: r.pick(["2025-11-25", "2025-06-18", "2025-03-26", "2026-07-28", 5]),
          capabilities: {},
          clientInfo: { name: "fz", version: "1" },
        },
      }),
    ],
    [
      1,
      () => ({
        method: r.pick([
          "notifications/cancelled",
          "notifications/initialized",
          "resources/subscribe",
          "tasks/list",
          "sampling/createMessage",
          "tools/drop",
        ]),
        params: { requestId: 1 },
      }),
    ],
    [0.5, () => ({ method: randomString(r, 20), params: randomJson(r, 2) })],
  ]);
}

function headerSafe(v: string): string {
  return v.replace(/[^\x20-\x7e]/g, "?");
}

function authHeader(r: Prng): { token?: TokenKey; headers: Record<string, string> } {
  const as = (token: TokenKey) => ({
    token,
    headers: { authorization: `Bearer ${tokens[token]}` },
  });
  return r.weighted<{ token?: TokenKey; headers: Record<string, string> }>([
    [60, () => as("rw")],
    [15, () => as("full")],
    [8, () => as("ro")],
    [5, () => as("bridge")],
    [2, () => ({ headers: {} })],
    [
      1,
      () => ({
        headers: {
          authorization: r.pick([
            "Bearer",
            "Basic abc",
            `Bearer qry_${"A".repeat(43)}`,
            "bearer  x",
            headerSafe(randomString(r, 20)),
          ]),
        },
      }),
    ],
  ]);
}

function makeCase(r: Prng): Case {
  if (r.chance(0.03))
    return {
      kind: "socket",
      bytes: r.pick([
        "GARBAGE\r\n\r\n",
        "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{",
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n${"X-A: b\r\n".repeat(3000)}\r\n`,
        "POST /mcp HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nzz\r\n",
        "\u0000\u0001\u0002\r\n\r\n",
        "GET /mcp HTTP/9.9\r\n\r\n",
        "POST /mcp HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
        `HEAD /mcp HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\nX-Pad: ${"x".repeat(70_000)}\r\n\r\n`,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{{port}}\r\nContent-Length: 5\r\n\r\n{",
      ]),
    };
  const auth = authHeader(r);
  const headers: Record<string, string> = { ...auth.headers };
  let session: HttpCase["session"];
  const contentType = r.weighted<string | undefined>([
    [90, () => "application/json"],
    [4, () => "application/json; charset=utf-8"],
    [3, () => r.pick(["text/plain", "application/x-www-form-urlencoded", "", "application/jsonx"])],
    [3, () => undefined],
  ]);
  if (contentType !== undefined) headers["content-type"] = contentType;
  const accept = r.weighted<string | undefined>([
    [90, () => "application/json, text/event-stream"],
    [10, () => r.pick([undefined, "application/json", "text/event-stream", "*/*", "text/html"])],
  ]);
  if (accept !== undefined) headers.accept = accept;
  if (r.chance(0.03))
    headers.host = r.pick([
      "evil.example.com",
      "127.0.0.1:1",
      `localhost:${srv.server.port}`,
      `[::1]:${srv.server.port}`,
      "",
    ]);
  if (r.chance(0.05))
    headers.origin = r.pick([
      "http://evil.example.com",
      "http://127.0.0.1:9",
      "null",
      "file://",
      "http://localhost",
    ]);

  const method = r.chance(0.92)
    ? "POST"
    : r.pick(["GET", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"]);
  const path = r.chance(0.93)
    ? "/mcp"
    : r.pick([
        "/mcp/proof",
        "/",
        "/mcp/",
        "/MCP",
        "/mcp?x=1",
        "//mcp",
        "/mcp/../mcp",
        "/%2e",
        "/mcp%00",
      ]);

  if (r.chance(0.08)) {
    // Bodies that are not one JSON-RPC message.
    const body = r.pick<string>([
      "",
      "{",
      "null",
      "[]",
      '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
      '"text"',
      "1e999",
      `{"jsonrpc":"2.0","id":1,"method":"ping"`,
      '{"jsonrpc":"2.0","id":1,"method":"ping"}garbage',
      "x".repeat(MAX_BODY + 10),
      `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      JSON.stringify(randomJson(r, 4)),
      mutateText(
        r,
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }),
      ),
    ]);
    return { kind: "http", method, path, headers, body };
  }

  const { method: rpcMethod, params } = rpcBody(r);
  const modern = r.chance(0.65);
  let finalParams: unknown = params;
  if (r.chance(0.25)) finalParams = mutateJson(r, params);
  if (
    modern &&
    finalParams &&
    typeof finalParams === "object" &&
    !Array.isArray(finalParams) &&
    r.chance(0.95)
  )
    finalParams = {
      ...(finalParams as Record<string, unknown>),
      _meta: r.chance(0.9)
        ? { ...META, ...(r.chance(0.2) ? { progressToken: r.pick([1, "p", null]) } : {}) }
        : mutateJson(r, META),
    };
  const id = r.weighted<unknown>([
    [85, () => r.int(1_000_000)],
    [10, () => `req-${r.int(1000)}`],
    [5, () => r.pick<unknown>([null, undefined, 1.5, -1, { a: 1 }, [], true, 2 ** 60, ""])],
  ]);
  const message: Record<string, unknown> = {
    jsonrpc: r.chance(0.98) ? "2.0" : r.pick(["1.0", 2, null]),
    method: rpcMethod,
  };
  if (id !== undefined) message.id = id;
  if (finalParams !== undefined) message.params = finalParams;
  const body = r.chance(0.05) ? JSON.stringify(mutateJson(r, message)) : JSON.stringify(message);

  if (modern) {
    headers["mcp-protocol-version"] = r.chance(0.95)
      ? "2026-07-28"
      : r.pick(["2025-11-25", "2031-01-01", "", "x"]);
    if (r.chance(0.95))
      headers["mcp-method"] = r.chance(0.95)
        ? rpcMethod.replace(/[^\x20-\x7e]/g, "?")
        : "tools/list";
    const p = params as { name?: unknown; uri?: unknown } | undefined;
    const name = rpcMethod === "resources/read" ? p?.uri : p?.name;
    if (typeof name === "string" && r.chance(0.95))
      headers["mcp-name"] =
        /^[\x20-\x7e]*$/.test(name) && name.trim() === name
          ? name
          : `=?base64?${Buffer.from(name).toString("base64")}?=`;
  } else if (rpcMethod !== "initialize" || r.chance(0.3)) {
    const version = r.pick(VERSIONS);
    // Mostly the session of the token that sends the request; sometimes another's, or none.
    const owner = r.chance(0.9) ? (auth.token ?? "rw") : r.pick<TokenKey>(["rw", "full", "ro"]);
    if (r.chance(0.92)) session = { token: owner, version };
    else headers["mcp-session-id"] = headerSafe(randomString(r, 40));
    if (r.chance(0.92)) headers["mcp-protocol-version"] = r.chance(0.95) ? version : "2025-03-26";
  }
  // The id the body carries (a mutation may have changed it), when it is one a server can echo.
  const sentId = (JSON.parse(body) as { id?: unknown } | null)?.id;
  const plainId =
    typeof sentId === "string" || (typeof sentId === "number" && Number.isSafeInteger(sentId))
      ? sentId
      : undefined;
  return {
    kind: "http",
    method,
    path,
    headers,
    body,
    ...(plainId !== undefined ? { id: plainId as string | number } : {}),
    ...(session ? { session } : {}),
  };
}

// --- Checking -------------------------------------------------------------------------------

function header(a: Answer, name: string): string {
  const v = a.headers[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

let lockouts = 0;
/** What the answers were, for the summary line: a fuzzer that only meets the door proves little. */
const tally = new Map<string, number>();
const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);

function outcome(m: unknown): string {
  const msg = m as {
    error?: { code?: number; message?: string };
    result?: { isError?: boolean; content?: { text?: string }[] };
  };
  // A bug in Quarry is -32603, or a tool error that says so: neither is a well-formed answer to a
  // malformed request, which names what was wrong.
  assert.notEqual(msg.error?.code, -32603, `an internal error: ${msg.error?.message}`);
  if (msg.error) return `error ${msg.error.code}`;
  const text = msg.result?.content?.[0]?.text ?? "";
  assert.doesNotMatch(text, /Internal error in /, "a tool that failed inside Quarry");
  return msg.result?.isError ? "tool error" : "result";
}

async function check(c: Case): Promise<void> {
  if (c.kind === "socket") {
    const answer = await rawHttp(
      srv.server.port,
      c.bytes.replaceAll("{{port}}", String(srv.server.port)),
    );
    if (!answer) return; // closed without an answer: what HTTP does with a dead request
    assert.ok(answer.status < 500, `a ${answer.status} for raw bytes`);
    if (answer.body) checkRpcMessage(JSON.parse(answer.body), "raw answer");
    return;
  }
  if (c.session) c.headers["mcp-session-id"] = await sessionOf(c.session.token, c.session.version);
  const a = await send(c);
  if (c.session && a.status === 404) void openSession(c.session.token, c.session.version);
  assert.ok(a.status >= 200 && a.status < 500, `HTTP ${a.status}: ${a.text.slice(0, 500)}`);
  const type = header(a, "content-type");
  if (c.method === "HEAD") return;
  if (a.text === "") {
    // Nothing to say: a notification taken (202), or a session ended (DELETE).
    assert.ok(
      a.status === 202 || a.status === 204 || (c.method === "DELETE" && a.status === 200),
      `an empty ${a.status} answer`,
    );
    return;
  }
  if (type.startsWith("text/event-stream")) {
    const messages = sseMessages(a.text).filter((m) => m.trim() !== "");
    assert.ok(messages.length > 0, "an event stream with no message");
    const kinds = messages.map((m, i) => checkRpcMessage(JSON.parse(m), `event ${i}`, c.id));
    count(outcome(JSON.parse(messages.at(-1)!)));
    assert.equal(kinds.at(-1), "response", "the stream ends with the response");
    assert.equal(kinds.filter((k) => k === "response").length, 1, "one response per request");
    return;
  }
  assert.match(type, /^application\/json/, `content-type ${type}`);
  const message = JSON.parse(a.text) as { error?: { code?: number; message?: string } };
  checkRpcMessage(message, `HTTP ${a.status}`, c.id);
  count(outcome(message));
  if (a.status === 429 && /locked authentication out/.test(message.error?.message ?? "")) {
    // The lockout is right; it would refuse every later case, so its five minutes pass now.
    lockouts++;
    home.clock.advance(5 * 60_000 + 1000);
  }
}

test(`the MCP endpoint answers ${COUNT} malformed and random requests, each well formed`, async () => {
  const { seed } = await fuzz({
    target: "mcp-endpoint",
    count: COUNT,
    concurrency: 4,
    deadlineMs: 30_000,
    make: (r) => makeCase(r),
    run: check,
    describe: (c) =>
      c.kind === "socket"
        ? `raw ${JSON.stringify(c.bytes.slice(0, 300))}`
        : `${c.method} ${c.path} ${JSON.stringify(c.headers)} ${JSON.stringify((c.body ?? "").slice(0, 1500))}`,
  });
  // The server is alive and answers the official client as before.
  home.clock.advance(5 * 60_000 + 1000);
  const client = await connectClient(srv.url, tokens.rw, "2026-07-28");
  try {
    const listed = await client.callTool({ name: "list_connections", arguments: {} });
    assert.equal(listed.isError ?? false, false);
    const rows = await client.callTool({
      name: "browse_table",
      arguments: { connection: "fz", table: cluster.index, page_size: 0 },
    });
    assert.equal(rows.isError ?? false, false, JSON.stringify(rows.content));
    assert.deepEqual(Object.keys(rows.structuredContent ?? {}), ["total"]);
  } finally {
    await client.close();
  }
  const summary = [...tally].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`);
  process.stdout.write(
    `# mcp-endpoint fuzz: ${COUNT} cases, seed ${seed}, ${lockouts} lockouts; ${summary.join(", ")}\n`,
  );
  assert.ok((tally.get("result") ?? 0) > COUNT / 10, "a good share of the cases got past the door");
});
