/**
 * The rules that keep the house readable (docs/architecture.md), checked over the source as it
 * is: which folder may import which, the driver's rooms in their order, no import cycle, no
 * Elasticsearch word and no database type in code outside the driver, facets asked for only
 * through core/facet-access.ts, no file over 400 lines and no function over 80 unless its header
 * says why it is long, and every route of the UI's API declaring its input as schemas (no `!` and
 * no `as` in its routes).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { z } from "zod";
import { pathNames, uiRouteTable } from "../support/ui-routes.ts";
import { importSpecifiers } from "./architecture.test.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** What a long function's header says to be allowed: "Long because …". */
const LONG_REASON = /\blong because\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const FILES = [...sourceFiles("src"), ...sourceFiles("web/src")];

/** The project files a file imports (relative specifiers only), as paths from the root. */
function importsOf(file: string): string[] {
  return importSpecifiers(readFileSync(join(ROOT, file), "utf8"))
    .filter((s) => s.startsWith("."))
    .map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

/** Which folders a folder may import from, besides itself (`file` is the importing file). */
const MAY_IMPORT: Record<string, (target: string, file: string) => boolean> = {
  "src/core": () => false,
  "src/drivers": (t) => t.startsWith("src/core/"),
  "src/mcp": (t) => t.startsWith("src/core/"),
  // The bridge's entry finds the handshake file in the app's data folder and names its version as
  // the app does: one source of truth for both, and nothing else of the app.
  "src/bridge": (t, file) =>
    t.startsWith("src/core/") ||
    t === "src/mcp/protocol.ts" ||
    // The headers of a 2026-07-28 message, which the bridge sends and the line stream makes.
    t === "src/mcp/modern-headers.ts" ||
    // The handshake file and its proof, and the bridge token's shape: MCP's policy, checked alike.
    t === "src/mcp/policy/handshake.ts" ||
    t === "src/mcp/policy/tokens.ts" ||
    (file === "src/bridge/main.ts" && BRIDGE_ENTRY_MAY.includes(t)),
  // The web UI reaches the app only through its API contract (and core's pure vocabulary), and
  // its one client the type of the routes' declaration (checked type-only below).
  "web/src": (t, file) =>
    t.startsWith("src/core/") ||
    t === "src/app/http/api/contract.ts" ||
    (file === WEB_CLIENT && t === UI_API),
};
const BRIDGE_ENTRY_MAY = ["src/app/storage/paths.ts", "src/app/process/version.ts"];
/** The web's one door to the app, and the declaration of the routes it is typed from. */
const WEB_CLIENT = "web/src/api/client.ts";
const UI_API = "src/app/http/api/ui-api.ts";

for (const [folder, allowed] of Object.entries(MAY_IMPORT)) {
  test(`${folder} imports only what it may`, () => {
    const offenders: string[] = [];
    for (const [file, targets] of GRAPH) {
      if (!file.startsWith(`${folder}/`)) continue;
      for (const t of targets)
        if (!t.startsWith(`${folder}/`) && !allowed(t, file))
          offenders.push(`${file} imports ${t}`);
    }
    assert.deepEqual(offenders, [], "dependencies point inward (docs/architecture.md)");
  });
}

const DRIVER = "src/drivers/elasticsearch";
/**
 * The driver's rooms from the ground up (docs/architecture.md): a room imports only rooms below
 * it, and "" (the session and the plugin entry, at the driver's root) stands on them all.
 */
export const DRIVER_ROOMS = [
  "wire",
  "table",
  "esql",
  "grid",
  "changes",
  "console",
  "cluster",
  "table-views",
  "table-admin",
  "export",
  "transfer",
  "compare",
  "admin",
  "",
];

/** The driver's room a file stands in: its first folder under the driver, "" at the root. */
function driverRoom(file: string): string {
  const parts = relative(DRIVER, file).split("/");
  return parts.length > 1 ? (parts[0] as string) : "";
}

test("every folder of the driver is a room in its order", () => {
  const rooms = new Set(FILES.filter((f) => f.startsWith(`${DRIVER}/`)).map(driverRoom));
  assert.deepEqual(
    [...rooms].filter((r) => !DRIVER_ROOMS.includes(r)),
    [],
    "a new folder of the driver takes its place in DRIVER_ROOMS",
  );
});

test("no room of the driver imports one above it", () => {
  const offenders: string[] = [];
  for (const [file, targets] of GRAPH) {
    if (!file.startsWith(`${DRIVER}/`)) continue;
    const floor = DRIVER_ROOMS.indexOf(driverRoom(file));
    for (const t of targets)
      if (t.startsWith(`${DRIVER}/`) && DRIVER_ROOMS.indexOf(driverRoom(t)) > floor)
        offenders.push(`${file} (${driverRoom(file) || "root"}) imports ${t}`);
  }
  assert.deepEqual(offenders, [], `the driver's rooms, ground up: ${DRIVER_ROOMS.join(" < ")}`);
});

const APP = "src/app";
/**
 * The app's rooms from the ground up (docs/architecture.md): files kept, then the process and
 * what the app runs on its own (exports, plugins, transfers), the connections and their sessions,
 * the parts' context, the HTTP layer, the MCP host, and the composition root over them all. A
 * room imports only rooms below it.
 */
export const APP_ROOMS = [
  "storage",
  "process",
  "export",
  "plugins",
  "transfer",
  "compare",
  "connections",
  "queries",
  "live",
  "context.ts",
  "http",
  "mcp-host",
  "app.ts",
];

const appRoom = (file: string) => relative(APP, file).split("/")[0] as string;

test("every room of the app stands in its order", () => {
  const rooms = new Set(FILES.filter((f) => f.startsWith(`${APP}/`)).map(appRoom));
  assert.deepEqual(
    [...rooms].filter((r) => !APP_ROOMS.includes(r)),
    [],
    "a new folder or root file of src/app takes its place in APP_ROOMS",
  );
});

test("no room of the app imports one above it", () => {
  const offenders: string[] = [];
  for (const [file, targets] of GRAPH) {
    if (!file.startsWith(`${APP}/`)) continue;
    const floor = APP_ROOMS.indexOf(appRoom(file));
    for (const t of targets)
      if (t.startsWith(`${APP}/`) && APP_ROOMS.indexOf(appRoom(t)) > floor)
        offenders.push(`${file} imports ${t}`);
  }
  assert.deepEqual(offenders, [], `the app's rooms, ground up: ${APP_ROOMS.join(" < ")}`);
});

test("the driver leaves the process to the app: no signal or exit hooks of its own", () => {
  const offenders = FILES.filter((f) => f.startsWith(`${DRIVER}/`)).flatMap((file) =>
    codeOnly(readFileSync(join(ROOT, file), "utf8"), false)
      .split("\n")
      .flatMap((line, i) =>
        /\bprocess\.(on|once|addListener|prependListener|kill|exit)\b/.test(line)
          ? [`${file}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
  assert.deepEqual(offenders, [], "the app handles signals and closes sessions when it stops");
});

const WEB = "web/src";
/**
 * The web UI's floors from the ground up (docs/architecture.md): a room imports only rooms on
 * floors below its own, so no page imports another page; routing and change notices
 * (`navigation/`) stand below every page that uses them.
 */
export const WEB_FLOORS = [
  ["api"],
  ["ui"],
  ["navigation"],
  ["transfer"],
  [
    "admin",
    "cluster",
    "compare",
    "connections",
    "console",
    "grid",
    "index-page",
    "settings",
    "sidebar",
  ],
  ["shell"],
  ["main.tsx"],
];

const webFloor = (file: string) =>
  WEB_FLOORS.findIndex((rooms) => rooms.includes(relative(WEB, file).split("/")[0] as string));

test("every room of the web UI stands on a floor", () => {
  const lost = FILES.filter((f) => f.startsWith(`${WEB}/`) && webFloor(f) < 0);
  assert.deepEqual(lost, [], "a new folder of web/src takes its place in WEB_FLOORS");
});

test("no room of the web UI imports one on its own floor or above (no page imports a page)", () => {
  const offenders: string[] = [];
  for (const [file, targets] of GRAPH) {
    if (!file.startsWith(`${WEB}/`)) continue;
    for (const t of targets) {
      const same = relative(WEB, t).split("/")[0] === relative(WEB, file).split("/")[0];
      if (t.startsWith(`${WEB}/`) && !same && webFloor(t) >= webFloor(file))
        offenders.push(`${file} imports ${t}`);
    }
  }
  assert.deepEqual(
    offenders,
    [],
    `the web UI's floors: ${WEB_FLOORS.map((f) => f.join(", ")).join(" < ")}`,
  );
});

/**
 * MCP's policy (tokens, the access rules and their refusals, the handshake with the bridge) is
 * the MCP side's, in src/mcp/policy; core holds the driver contract and the pure types every
 * surface shares, and no file or exported name of it speaks that policy.
 */
const MCP_POLICY_WORDS =
  /token|handshake|approval|audit|proof|allowlist|AccessNeed|AccessLayer|AccessDecision|RefusalRule/i;

const MCP_POLICY_FILE = /token|handshake|mcp|approval|audit|\/access(-refusals)?\.ts$/;

test("core holds no MCP policy: no file or exported name of it speaks tokens, access rules or the handshake", () => {
  // The rule sees what it keeps out: the files and names that stood in core before.
  for (const f of ["src/core/tokens.ts", "src/core/access.ts", "src/core/mcp-handshake.ts"])
    assert.ok(MCP_POLICY_FILE.test(f), f);
  for (const name of ["TokenScope", "AccessNeed", "HandshakeFile", "RefusalRule"])
    assert.ok(MCP_POLICY_WORDS.test(name), name);
  const core = FILES.filter((f) => f.startsWith("src/core/"));
  const offenders = [
    ...core.filter((f) => MCP_POLICY_FILE.test(f)),
    ...core.flatMap((file) =>
      [...readFileSync(join(ROOT, file), "utf8").matchAll(EXPORTED_NAME)]
        .map((m) => m[1] as string)
        .filter((name) => MCP_POLICY_WORDS.test(name))
        .map((name) => `${file} exports ${name}`),
    ),
  ];
  assert.deepEqual(offenders, [], "MCP's policy lives in src/mcp/policy");
});
const EXPORTED_NAME =
  /^export (?:declare )?(?:type|interface|const|let|function|class|enum) (\w+)/gm;

test("MCP's policy is pure: src/mcp/policy imports only core, itself and node:crypto", () => {
  const offenders = FILES.filter((f) => f.startsWith("src/mcp/policy/")).flatMap((file) =>
    importSpecifiers(readFileSync(join(ROOT, file), "utf8"))
      .filter((s) => {
        if (!s.startsWith(".")) return s !== "node:crypto";
        const t = relative(ROOT, resolve(ROOT, dirname(file), s));
        return !t.startsWith("src/core/") && !t.startsWith("src/mcp/policy/");
      })
      .map((s) => `${file} imports ${s}`),
  );
  assert.deepEqual(offenders, [], "no I/O, no server, no app in the policy");
});

/**
 * Administration is a room of its own, in the web UI and in the driver: only its one door is
 * reached from outside (the shell's workspace opens AdminView.tsx; the driver's session binds
 * admin/cluster-admin.ts), and it reaches out only to rooms below it.
 */
const ADMIN_DOORS: { room: string; door: string; from: string[]; may: (t: string) => boolean }[] = [
  {
    room: "web/src/admin/",
    door: "web/src/admin/AdminView.tsx",
    from: ["web/src/shell/Workspace.tsx"],
    may: (t) =>
      ["web/src/api/", "web/src/ui/", "web/src/navigation/", "src/core/"].some((r) =>
        t.startsWith(r),
      ),
  },
  {
    room: `${DRIVER}/admin/`,
    door: `${DRIVER}/admin/cluster-admin.ts`,
    from: [`${DRIVER}/session.ts`],
    may: (t) => [`${DRIVER}/wire/`, `${DRIVER}/console/`, "src/core/"].some((r) => t.startsWith(r)),
  },
];

for (const { room, door, from, may } of ADMIN_DOORS)
  test(`administration (${room}) is a room of its own: one door in, arrows only inward`, () => {
    assert.ok(FILES.includes(door), `${door} is the room's door`);
    const offenders: string[] = [];
    for (const [file, targets] of GRAPH) {
      const inside = file.startsWith(room);
      for (const t of targets) {
        if (!inside && t.startsWith(room) && !(t === door && from.includes(file)))
          offenders.push(`${file} reaches into ${t}`);
        if (inside && !t.startsWith(room) && !may(t)) offenders.push(`${file} imports ${t}`);
      }
    }
    assert.deepEqual(offenders, [], `only ${from.join(", ")} opens ${door}`);
  });

/** The strongly connected groups of more than one file (Tarjan), each sorted. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

test("the cycle finder finds a circle and nothing else", () => {
  const g = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a"]],
    ["d", ["a"]],
  ]);
  assert.deepEqual(cycles(g), [["a", "b", "c"]]);
});

test("no import cycle in src or web/src", () => {
  assert.deepEqual(cycles(GRAPH), []);
});

/** Elasticsearch's own words: the request paths, body fields and row fields of its REST API. */
const ES_WORDS =
  /_seq_no|_primary_term|seq_no_primary_term|max_result_window|_cat\/|search_after|delete_by_query|update_by_query|_reindex|\/_search\b|\/_validate\b|\/_mapping\b|\bpit_id\b/;

/**
 * A file's code without its prose: comments, string and template literals that hold a space, and
 * JSX text. The product is an Elasticsearch client, so help and labels may name its words; what a
 * second driver would trip on is code that builds or reads Elasticsearch's requests and rows.
 */
export function codeOnly(text: string, jsx: boolean): string {
  const prose = (quote: string) => (literal: string) =>
    /\s/.test(literal.slice(1, -1)) ? quote + quote : literal;
  let code = text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/`(?:[^`\\]|\\.)*`/g, prose("`"))
    .replace(/"(?:[^"\\\n]|\\.)*"/g, prose('"'))
    .replace(/'(?:[^'\\\n]|\\.)*'/g, prose("'"));
  // A JSX text line: words between tags, with none of code's punctuation.
  if (jsx) code = code.replace(/^[^<>{}()=;:"'`]*$/gm, "");
  return code;
}

test("prose is not code: strings with a space and JSX text are left out, requests are kept", () => {
  const text = [
    'help("e.g. GET /_cat/indices");',
    'const path = "/" + t + "/_mapping";',
    "<span>",
    "  search_after · point in time",
    "</span>",
    "row._seq_no = 1;",
  ].join("\n");
  const kept = codeOnly(text, true)
    .split("\n")
    .filter((l) => ES_WORDS.test(l));
  assert.deepEqual(kept, ['const path = "/" + t + "/_mapping";', "row._seq_no = 1;"]);
});

test("nothing outside src/drivers names an Elasticsearch concept in code", () => {
  const offenders: string[] = [];
  for (const file of FILES) {
    if (file.startsWith("src/drivers/")) continue;
    const code = codeOnly(readFileSync(join(ROOT, file), "utf8"), file.endsWith(".tsx"));
    code.split("\n").forEach((line, i) => {
      if (ES_WORDS.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, []);
});

test("core names no database, not even in its comments", () => {
  const named = FILES.filter((f) => f.startsWith("src/core/")).flatMap((file) =>
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, i) =>
        /elastic|opensearch|kibana/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.deepEqual(named, []);
});

/** The first segment of every path the UI's API declares (`/connections/:id` → connections). */
function apiPathRoots(): string[] {
  const roots = new Set<string>();
  for (const file of FILES.filter((f) => f.startsWith("src/app/http/api/routes/"))) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/\.(?:get|post|put|delete)\(\s*"\/([\w-]+)/g))
      roots.add(m[1] as string);
  }
  return [...roots];
}

/** Lines of web/src (outside its API client) that break a rule, as `file:line: what: code`. */
function webOffenders(rules: [RegExp, string][]): string[] {
  const offenders: string[] = [];
  for (const file of FILES) {
    if (!file.startsWith(`${WEB}/`) || file === WEB_CLIENT) continue;
    const code = codeOnly(readFileSync(join(ROOT, file), "utf8"), file.endsWith(".tsx"));
    code.split("\n").forEach((line, i) => {
      for (const [rule, what] of rules)
        if (rule.test(line)) offenders.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
    });
  }
  return offenders;
}

test("the web UI calls its API only through the typed client: no paths, no casts, no fetch", () => {
  const roots = apiPathRoots();
  assert.ok(roots.includes("connections"), "the routes' paths are read from their declaration");
  const offenders = webOffenders([
    [new RegExp(`["'\`]/(api|${roots.join("|")})\\b`), "an API path written as a string"],
    [
      /\b(get|post|put|del|api|call)\s*<[\w\s[\],<>|{}:]*>\s*\(/,
      "an answer type given by the caller",
    ],
    [/\bfetch\s*\(/, "a request outside the typed client"],
  ]);
  assert.deepEqual(offenders, [], `call the API as call(ui.<path>.$<method>, …) (${WEB_CLIENT})`);
});

/** Answers of the typed client given another type by a cast: `(await call(…)) as T`, `call(…)!`. */
function answerCasts(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const isClientCall = (e: ts.Expression): boolean => {
    let inner: ts.Expression = e;
    while (ts.isParenthesizedExpression(inner) || ts.isAwaitExpression(inner))
      inner = inner.expression;
    return (
      ts.isCallExpression(inner) &&
      ts.isIdentifier(inner.expression) &&
      ["call", "sendFile"].includes(inner.expression.text)
    );
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isAsExpression(node) || ts.isNonNullExpression(node)) &&
      isClientCall(node.expression)
    ) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push(`${file}:${line}: ${node.getText(sf).split("\n")[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test("the web UI takes each answer as its route declares it: no cast of an answer", () => {
  const casts = FILES.filter((f) => f.startsWith(`${WEB}/`) && f !== WEB_CLIENT).flatMap((f) =>
    answerCasts(f, readFileSync(join(ROOT, f), "utf8")),
  );
  assert.deepEqual(casts, [], "declare the answer's type on its route (src/app/http/api/routes)");
  assert.deepEqual(
    answerCasts("probe.ts", "const a = (await call(ui.x.$get, {})) as T; const b = call(r)!;"),
    ["probe.ts:1: (await call(ui.x.$get, {})) as T", "probe.ts:1: call(r)!"],
    "the rule finds a cast",
  );
});

// The web's type check sees Node's types with the routes' declaration; the browser has none.
test("the web UI uses no Node global", () => {
  const offenders = webOffenders([
    [/\b(process|Buffer|__dirname|__filename|require)\b/, "a Node global in the page"],
  ]);
  assert.deepEqual(offenders, [], "the page runs in a browser");
});

test("the web's client imports the routes' declaration as a type only", () => {
  const text = readFileSync(join(ROOT, WEB_CLIENT), "utf8");
  const lines = text.split("\n").filter((l) => /\bfrom\s+"[^"]*\/http\/api\/ui-api\.ts"/.test(l));
  assert.ok(lines.length > 0, "the client is typed from src/app/http/api/ui-api.ts");
  assert.deepEqual(
    lines.filter((l) => !/^import type \{[^}]*\} from /.test(l)),
    [],
    "no server code in the page's bundle",
  );
});

test(`no file in src or web/src is over ${MAX_FILE_LINES} lines`, () => {
  const long = FILES.map((f) => ({ f, n: readFileSync(join(ROOT, f), "utf8").split("\n").length }))
    .filter(({ n }) => n > MAX_FILE_LINES + 1)
    .map(({ f, n }) => `${f}: ${n - 1} lines`);
  assert.deepEqual(long, []);
});

/** Every function of a file longer than the limit whose header does not say why. */
export function longFunctions(name: string, text: string, limit: number): string[] {
  const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(sf)) + 1;
      // The header: the comments before the function, or before the statement that holds it.
      const holder = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
      const header = text.slice(holder.getFullStart(), holder.getStart(sf));
      if (lines > limit && !LONG_REASON.test(header))
        found.push(`${name}:${lineOf(node.getStart(sf)) + 1}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test("the function measure sees a long function, and lets one that says why stand", () => {
  const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join("\n");
  const text = `function short() {}\nfunction long() {\n${body}\n}\n/** Long because it must. */\nconst ok = () => {\n${body}\n};\n`;
  assert.deepEqual(longFunctions("x.ts", text, 4), ["x.ts:2: 7 lines"]);
});

test(`no function in src or web/src is over ${MAX_FUNCTION_LINES} lines without a reason in its header`, () => {
  const long = FILES.flatMap((f) =>
    longFunctions(f, readFileSync(join(ROOT, f), "utf8"), MAX_FUNCTION_LINES),
  );
  assert.deepEqual(long, []);
});

/** The database types the drivers provide: each folder of src/drivers, and the test driver's. */
const DRIVER_TYPES = [
  ...readdirSync(join(ROOT, "src/drivers"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
  "jsonfile",
];
const NAMES_A_TYPE = new RegExp(`["'\`](?:${DRIVER_TYPES.join("|")})["'\`]`);

test("nothing outside src/drivers names a database type in code", () => {
  const offenders: string[] = [];
  for (const file of FILES) {
    if (file.startsWith("src/drivers/")) continue;
    const code = codeOnly(readFileSync(join(ROOT, file), "utf8"), file.endsWith(".tsx"));
    code.split("\n").forEach((line, i) => {
      if (NAMES_A_TYPE.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, [], "a type comes from a plugin, a catalog or a saved connection");
});

/** The facets' names, as core/facets.ts declares them (`DriverFacets`). */
const FACETS = [
  ...(
    /export interface DriverFacets \{([^}]*)\}/.exec(
      readFileSync(join(ROOT, "src/core/facets.ts"), "utf8"),
    )?.[1] ?? ""
  ).matchAll(/^\s*(\w+):/gm),
].map((m) => m[1]!);
/**
 * A facet read off a session: `session.facets.catalog`, `s.facets?.impact`, `s["facets"]`, or a
 * facet's name called as a method (`session.catalog()`), as a session of another shape would have.
 */
const CALLS_A_FACET = new RegExp(
  `\\.facets\\b|\\[["']facets["']\\]|(?<!\\bthis)\\.(?:${FACETS.join("|")})\\s*(?:\\?\\.)?\\s*\\(|\\[["'](?:${FACETS.join("|")})["']\\]`,
);

test("the facet boundary: code outside the drivers asks for a facet through facet() or offered()", () => {
  assert.ok(FACETS.length >= 9, `facets read from core/facets.ts: ${FACETS.join(", ")}`);
  assert.ok(CALLS_A_FACET.test("const v = session.clusterViews();"));
  assert.ok(CALLS_A_FACET.test("const v = session.facets.tableViews;"));
  assert.ok(CALLS_A_FACET.test("const { impact } = s.facets;"));
  assert.ok(CALLS_A_FACET.test("await s.impact?.().measureImpact(r);"));
  assert.ok(!CALLS_A_FACET.test('facet(session, "clusterViews").health();'));
  const offenders: string[] = [];
  for (const file of FILES) {
    // The web UI holds no session (it reaches the app through its API only).
    if (!file.startsWith("src/") || file.startsWith("src/drivers/")) continue;
    if (file === "src/core/facet-access.ts") continue;
    const code = codeOnly(readFileSync(join(ROOT, file), "utf8"), file.endsWith(".tsx"));
    code.split("\n").forEach((line, i) => {
      if (CALLS_A_FACET.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(offenders, [], "ask with facet(session, name) or offered(session, name)");
});

/** The members `DriverSession` declares (core/driver.ts), read from its declaration. */
const SESSION_MEMBERS = [
  ...(
    /export interface DriverSession \{([^}]*)\}/.exec(
      codeOnly(readFileSync(join(ROOT, "src/core/driver.ts"), "utf8"), false),
    )?.[1] ?? ""
  ).matchAll(/^\s*(?:readonly\s+)?(\w+)\??\s*[(:]/gm),
].map((m) => m[1]!);

test("the driver contract stays small: at most 12 members on a session, its parts and facets objects", () => {
  assert.ok(SESSION_MEMBERS.includes("grid"), `read: ${SESSION_MEMBERS.join(", ")}`);
  assert.ok(SESSION_MEMBERS.length <= 12, `DriverSession has ${SESSION_MEMBERS.join(", ")}`);
});

test("a driver's parts are built in its rooms: no session hands itself out as a part or a facet", () => {
  const offenders = FILES.filter((f) => f.startsWith("src/drivers/")).filter((f) =>
    /\breturn this;/.test(codeOnly(readFileSync(join(ROOT, f), "utf8"), false)),
  );
  assert.deepEqual(offenders, []);
});

// --- The UI's API: every input checked at the door (docs/decisions.md, "Every UI API input
// checked at the door") ------------------------------------------------------------------------

const API_ROUTES = "src/app/http/api/routes";

/** Every `!` (non-null assertion) and `as` (cast) in a file, by the syntax tree. */
function assertions(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isNonNullExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isTypeAssertionExpression(node)
    ) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push(`${file}:${line}: ${node.getText(sf).split("\n")[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test("the UI API's routes take their input typed by its schemas: no ! and no as in routes/", () => {
  const files = FILES.filter((f) => f.startsWith(`${API_ROUTES}/`));
  assert.ok(files.length > 10, `the route modules under ${API_ROUTES}`);
  const found = files.flatMap((f) => assertions(f, readFileSync(join(ROOT, f), "utf8")));
  assert.deepEqual(
    found,
    [],
    "declare the input as a schema (handlers.ts: answer, param, passedOn)",
  );
  assert.deepEqual(
    assertions("probe.ts", "const a = p.id!; const b = x as T; const c = <T>y;"),
    ["probe.ts:1: p.id!", "probe.ts:1: x as T", "probe.ts:1: <T>y"],
    "the rule finds both",
  );
});

test("every UI API route declares its input, and its path's names are its param schema's", async () => {
  const routes = await uiRouteTable();
  assert.ok(routes.length >= 90, `the route table (${routes.length} routes)`);
  const offenders: string[] = [];
  for (const r of routes) {
    const where = `${r.method} ${r.path}`;
    if (!r.schemas) {
      offenders.push(`${where}: not declared with answer, download or streamed (handlers.ts)`);
      continue;
    }
    const names = pathNames(r.path).sort();
    const declared =
      r.schemas.param instanceof z.ZodObject ? Object.keys(r.schemas.param.shape).sort() : [];
    if (names.join() !== declared.join())
      offenders.push(`${where}: the path names [${names}], its param schema [${declared}]`);
  }
  assert.deepEqual(offenders, [], "declare each route's input once (docs/architecture.md)");
});
