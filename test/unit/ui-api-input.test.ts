/**
 * The UI API's input checked at the door (src/app/http/api/input.ts), in process and without a
 * cluster: what each route's schema refuses is answered 400 before its handler runs, naming the
 * field in the UI's words. The same cases go to the running app, with those a schema takes, in
 * test/integration/fuzz-app.test.ts.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Hono } from "hono";
import { openAppStorage } from "../../src/app/connections/connection-service.ts";
import { createUiApi, UiServices } from "../../src/app/http/api/index.ts";
import { uiJobs } from "../../src/app/http/api/ui-jobs.ts";
import { LiveState } from "../../src/app/live/live-state.ts";
import { checkApiError, fuzzSeed, Prng } from "../support/fuzz.ts";
import { routeCases } from "../support/fuzz-routes.ts";
import { uiRouteTable } from "../support/ui-routes.ts";

let home: string;
let api: Hono;
let close: () => Promise<void>;

before(async () => {
  home = await mkdtemp(join(tmpdir(), "qt-ui-input-"));
  const storage = await openAppStorage({ QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" });
  const live = new LiveState(storage, uiJobs());
  const services = new UiServices({ storage, exportDir: join(home, "exports"), live });
  api = createUiApi(services, { secret: "s" });
  close = async () => {
    await live.close();
  };
});
after(async () => {
  await close?.();
  await rm(home, { recursive: true, force: true });
});

async function send(method: string, path: string, body?: string) {
  const res = await api.request(path, {
    method,
    headers: { "x-quarry-secret": "s", "content-type": "application/json" },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function errorOf(body: unknown): { message: string; details: Record<string, unknown> } {
  checkApiError(body, "refusal");
  return (body as { error: { message: string; details: Record<string, unknown> } }).error;
}

test("every route's wrong input is refused at the door: 400, naming the field", async () => {
  const routes = await uiRouteTable();
  const r = new Prng(fuzzSeed("ui-api-input"));
  const cases = routes
    .flatMap((route) => routeCases(r, route, { id: "c1", table: "orders" }))
    .filter((c) => c.refused);
  assert.ok(cases.length > routes.length * 3, `${cases.length} cases`);
  const wrong: string[] = [];
  for (const c of cases) {
    const a = await send(c.method, c.path, c.method === "GET" ? undefined : c.body);
    const e = a.status === 400 ? errorOf(a.body) : undefined;
    const fields = Array.isArray(e?.details.fields) ? e.details.fields : [];
    if (!e || e.details.in !== c.refused?.part || !fields.includes(c.refused?.fields[0]))
      wrong.push(`${c.route}: ${c.what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  }
  assert.deepEqual(wrong, []);
});

test("the refusal names the field and what was expected, in the UI's words", async () => {
  const cases: [string, string, string | undefined, RegExp, string][] = [
    [
      "POST",
      "/connections/c1/console/parse",
      '{"text":5}',
      /^text must be text, not a whole number\.$/,
      "text",
    ],
    ["POST", "/connections/c1/console/complete", '{"text":"a"}', /^offset is missing\.$/, "offset"],
    [
      "POST",
      "/connections/c1/console/run",
      '{"request":{"method":5,"path":1}}',
      /^request\.method must be text, not a whole number\. 1 more field is wrong too: request\.path\.$/,
      "request.method",
    ],
    [
      "POST",
      "/connections/c1/console/run",
      "[]",
      /^The request's body must be an object, not a list\.$/,
      "",
    ],
    [
      "GET",
      "/mcp/audit?limit=abc",
      undefined,
      /^\?limit must be a whole number from 1 to 1000\.$/,
      "limit",
    ],
    [
      "GET",
      "/exports/.secret",
      undefined,
      /^The address's file is not an export file name\.$/,
      "file",
    ],
    [
      "POST",
      "/connections",
      '{"name":"n","type":9007199254740993,"settings":{}}',
      /^type must be a database type's name/,
      "type",
    ],
    ["PUT", "/mcp", '{"enabled":"yes"}', /^enabled must be true or false, not text\.$/, "enabled"],
    [
      "POST",
      "/connections/c1/tables/t/export",
      '{"format":"ndjson","batchSize":9007199254740993}',
      /^batchSize must be a number, not an integer too large to hold exactly\.$/,
      "batchSize",
    ],
  ];
  for (const [method, path, body, message, field] of cases) {
    const a = await send(method, path, body);
    assert.equal(a.status, 400, `${method} ${path} ${body}`);
    const e = errorOf(a.body);
    assert.match(e.message, message);
    assert.equal(e.details.field, field);
  }
});

test("checks a schema cannot say stay in the handler, in their own words", async () => {
  const a = await send("POST", "/connections/c1/console/complete", '{"text":"ab","offset":3}');
  assert.equal(a.status, 400);
  assert.match(errorOf(a.body).message, /past the end of the console text/);
});
