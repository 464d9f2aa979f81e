/**
 * Saved queries as files: reading and writing each kind, typed parameters substituted safely (never
 * as raw text), secrets refused at save, and a library that reports a broken file with its path and
 * line while the rest still load.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { QueryLibrary } from "../../src/app/queries/library.ts";
import { resolveParams, substituteConsole, substituteEsql } from "../../src/app/queries/params.ts";
import { checkTarget, planRun } from "../../src/app/queries/plan.ts";
import { formatQueryFile, parseQueryFile } from "../../src/app/queries/query-file.ts";
import type { SavedQuery } from "../../src/app/queries/saved-query.ts";
import { refuseSecrets } from "../../src/app/queries/secrets.ts";

const CONSOLE = [
  "# Orders of one status",
  "# @param status text = paid",
  "# @param size number = 5",
  "# @param ids list",
  "# @connection dev",
  "# @type elasticsearch",
  "GET /sample-orders/_search",
  '{"size": {{size}}, "query": {"bool": {"filter": [{"term": {"status": "{{status}}"}}, {"ids": {"values": "{{ids}}"}}]}}, "_source": "x-{{status}}"}',
].join("\n");

const q = (text: string, kind: SavedQuery["kind"] = "console") =>
  parseQueryFile(`t.${kind}`, "t", kind, text);

describe("saved query files", () => {
  it("reads a console file's description, parameters and scope, and writes it back the same", () => {
    const parsed = q(CONSOLE);
    assert.equal(parsed.description, "Orders of one status");
    assert.deepEqual(
      parsed.params.map((p) => [p.name, p.type, p.default]),
      [
        ["status", "text", "paid"],
        ["size", "number", "5"],
        ["ids", "list", undefined],
      ],
    );
    assert.equal(parsed.connection, "dev");
    assert.equal(parsed.dbType, "elasticsearch");
    assert.ok(parsed.text.startsWith("GET /sample-orders/_search"));
    assert.deepEqual(q(formatQueryFile(parsed)), parsed);
  });

  it("an undeclared placeholder, a bad type or an unknown setting names the line", () => {
    assert.throws(
      () => q('GET /x/_search\n{"a": {{n}}}'),
      /t\.console:1: \{\{n\}\} is used but not declared/,
    );
    assert.throws(
      () => q("# @param n integer\nGET /x"),
      /t\.console:1: .*"integer", which is not one/,
    );
    assert.throws(() => q("# @owner me\nGET /x"), /t\.console:1: @owner is not a setting/);
    assert.throws(() => q("# only a comment\n"), /holds no request/);
  });

  it("a view file that is not JSON is reported with its line", () => {
    assert.throws(
      () => parseQueryFile("/q/v.view.json", "v", "view", '{\n  "table": "x",\n  oops\n}'),
      (e: Error & { details: { line: number } }) =>
        /\/q\/v\.view\.json:3: not valid JSON/.test(e.message) && e.details.line === 3,
    );
    const view = parseQueryFile(
      "v",
      "v",
      "view",
      JSON.stringify({
        table: "t",
        params: [{ name: "s", type: "text" }],
        filters: [{ column: "status", op: "eq", value: "{{s}}" }],
        sort: [{ column: "a", direction: "desc" }],
        columns: ["a", "b"],
      }),
    );
    assert.deepEqual(view.view?.columns, ["a", "b"]);
    assert.deepEqual(parseQueryFile("v", "v", "view", formatQueryFile(view)), view);
  });
});

describe("parameters", () => {
  it("goes into JSON as JSON: numbers as numbers, lists as arrays, text escaped in strings", () => {
    const { run } = planRun(q(CONSOLE), { status: 'x" } , "evil": {"', ids: "a,b" });
    assert.equal(run.kind, "console");
    const body = JSON.parse((run as { text: string }).text.split("\n").slice(1).join("\n"));
    assert.equal(body.size, 5);
    assert.equal(body.query.bool.filter[0].term.status, 'x" } , "evil": {"');
    assert.deepEqual(body.query.bool.filter[1].ids.values, ["a", "b"]);
    assert.equal(body._source, 'x-x" } , "evil": {"');
    assert.equal(Object.keys(body).length, 3);
  });

  it("goes into the path percent-encoded", () => {
    const text = substituteConsole("GET /{{idx}}/_doc/{{id}}", { idx: "a b", id: "../_all" });
    assert.equal(text, "GET /a%20b/_doc/..%2F_all");
  });

  it("goes into ES|QL as ?name parameters, never as query text", () => {
    const out = substituteEsql(
      'FROM orders | WHERE status == {{s}} AND id IN ({{ids}}) AND note == "{{s}}" | EVAL x = "a-{{s}}"',
      { s: '" OR 1==1', ids: ["1", "2"] },
    );
    assert.equal(
      out.query,
      'FROM orders | WHERE status == ?s AND id IN (?ids_0, ?ids_1) AND note == ?s | EVAL x = "a-\\" OR 1==1"',
    );
    assert.deepEqual(out.params, [{ s: '" OR 1==1' }, { ids_0: "1" }, { ids_1: "2" }]);
  });

  it("a missing, unknown or mistyped parameter is named", () => {
    const parsed = q(CONSOLE);
    assert.throws(() => resolveParams(parsed, {}), /needs the parameter ids \(list\)/);
    assert.throws(() => resolveParams(parsed, { ids: "a", nope: "1" }), /has no parameter nope/);
    assert.throws(
      () => resolveParams(parsed, { ids: "a", size: "ten" }),
      /size of t is a number; "ten" is not a number/,
    );
    const dated = q("// @param since date\nFROM x | WHERE @timestamp > {{since}}", "esql");
    assert.throws(() => resolveParams(dated, { since: "yesterday" }), /is not a date/);
    assert.deepEqual(resolveParams(dated, { since: "now-7d" }), { since: "now-7d" });
  });

  it("a query kept for another connection or database type says so", () => {
    const parsed = q(CONSOLE);
    assert.throws(
      () => checkTarget(parsed, { name: "prod", type: "elasticsearch" }),
      /belongs to the connection dev, not prod/,
    );
    assert.throws(
      () => checkTarget(parsed, { name: "dev", type: "jsonfile" }),
      /saved for elasticsearch connections; dev is jsonfile/,
    );
    checkTarget(parsed, { name: "DEV", type: "elasticsearch" });
  });
});

describe("secrets", () => {
  it("a header, a password or an API key is refused at save with the reason", () => {
    assert.throws(
      () => refuseSecrets(q('POST /_security/user/x\n{"password": "hunter22"}')),
      /"password" a value, which looks like a secret \(line 2\)/,
    );
    assert.throws(
      () => refuseSecrets(q("GET /x\nAuthorization: Basic Zm9vOmJhcg==")),
      /the header Authorization/,
    );
    assert.throws(() => refuseSecrets(q('GET /x\n{"api_key": "abc"}')), /api_key/);
    refuseSecrets(q('# @param pw text\nPOST /_security/user/x\n{"password": "{{pw}}"}'));
  });
});

describe("the library", () => {
  it("saves atomically 0600, refuses a clash, and loads the rest when one file is broken", async () => {
    const root = mkdtempSync(join(tmpdir(), "qt-lib-"));
    const lib = new QueryLibrary(join(root, "local"), join(root, "shared"));
    mkdirSync(join(root, "shared"));
    const saved = await lib.save(q(CONSOLE));
    assert.equal(statSync(saved.path).mode & 0o777, 0o600);
    await assert.rejects(lib.save(q(CONSOLE)), { code: "query_exists" });
    await lib.save({ ...q(CONSOLE), description: "new" }, { replace: true });
    writeFileSync(join(root, "shared", "bad.view.json"), '{"table": "x",\n}');
    writeFileSync(join(root, "shared", "hand.esql"), "// by hand\nFROM x | LIMIT 1\n");
    const { queries, problems } = await lib.list();
    assert.deepEqual(
      queries.map((e) => [e.name, e.source]),
      [
        ["hand", "project"],
        ["t", "local"],
      ],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.line, 2);
    assert.match(problems[0]?.message ?? "", /bad\.view\.json:2: not valid JSON/);
    await assert.rejects(lib.get("bad"), /bad\.view\.json:2/);
    await assert.rejects(lib.get("nope"), { code: "query_not_found" });
    const bundle = await lib.exportBundle();
    assert.equal(bundle.queries.length, 2);
    await assert.rejects(
      lib.importBundle(bundle, { origin: "b.json" }),
      /hand, t are already saved; nothing was imported/,
    );
    assert.deepEqual(await lib.importBundle(bundle, { origin: "b.json", replace: true }), {
      saved: ["hand", "t"],
      replaced: ["hand", "t"],
    });
    assert.match(readFileSync(saved.path, "utf8"), /^# new\n/);
  });
});
