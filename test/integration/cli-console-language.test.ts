/**
 * `quarry console` reads the same text as the UI's console (through bin/quarry, on the es8 node):
 * comments anywhere, triple-quoted strings, variables from the connection's store (the one the
 * UI's Variables panel writes) with `--var` over them, and a curl command in `--file`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { ConsoleVariables } from "../../src/app/storage/console-variables.ts";
import { connectionTo, node, plainConfig, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { sandbox } from "../support/quarry.ts";

const INDEX = `t-c16p-cli-${randomBytes(3).toString("hex")}`;

describe("quarry console: the console language from a script", () => {
  const es = session(plainConfig(node("es8")));
  const box = sandbox();
  const file = (name: string, text: string) => {
    const path = join(box.home, "..", name);
    writeFileSync(path, text);
    return path;
  };
  const hits = (stdout: string): string[] =>
    (JSON.parse(stdout) as { raw: { hits: { hits: { _id: string }[] } } }[]).flatMap((r) =>
      r.raw.hits.hits.map((h) => h._id),
    );

  before(async () => {
    const docs = Array.from({ length: 6 }, (_, i) => [`d${i}`, { n: i, word: `w${i}` }]);
    await loadIndex(es.transport, INDEX, docs as [string, Record<string, unknown>][], {
      mappings: { properties: { n: { type: "integer" }, word: { type: "keyword" } } },
    });
    // A saved connection with variables, as the UI's panel stores them.
    const storage = await openAppStorage(box.env);
    const { config, secrets } = connectionTo(node("es8"));
    const saved = await addConnection(
      storage,
      { name: "c16p", type: "elasticsearch", settings: { ...config } },
      secrets,
    );
    await new ConsoleVariables(join(storage.dir, "console-variables")).save(saved.id, [
      { name: "IDX", value: INDEX },
      { name: "WORD", value: "w1" },
    ]);
  });
  after(async () => {
    await deleteIndices(es.transport, INDEX);
    await es.close();
    await box.dispose();
  });

  it("comments, triple quotes and stored variables, as written in the UI", () => {
    const text = [
      "# written in the UI",
      "GET /${IDX}/_search // by word",
      "{",
      '  /* stored variable */ "query": { "term": { "word": "${WORD}" } }',
      "}",
      "",
      "GET /${IDX}/_search",
      '{ "query": { "match": { "word": """w2""" } } } # triple quotes',
    ].join("\n");
    const r = box.run([
      "console",
      "c16p",
      "--file",
      file("ui.txt", text),
      "--json",
      "--no-history",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(hits(r.stdout), ["d1", "d2"]);
  });

  it("--var overrides a stored variable; an undefined one is refused before anything is sent", () => {
    const text = 'GET /${IDX}/_search\n{"query": {"term": {"word": "${WORD}"}}}';
    const path = file("vars.txt", text);
    const r = box.run(["console", "c16p", "--file", path, "--var", "WORD=w4", "--json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(hits(r.stdout), ["d4"]);

    const missing = box.run(["console", "c16p", "--file", file("missing.txt", "GET /${NOPE}")]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /The variable \$\{NOPE\} on line 1 is not defined/);
    assert.match(missing.stderr, /--var NOPE=value/);

    const bad = box.run(["console", "c16p", "GET", "/", "--var", "not a var"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--var not a var is not NAME=value/);
  });

  it("variables in the path and --body of a single request", () => {
    const r = box.run([
      "console",
      "c16p",
      "GET",
      "/${IDX}/_count",
      "--body",
      '{"query": {"term": {"n": ${N}}}} // a comment',
      "--var",
      "N=3",
      "--json",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { raw: { count: number } }).raw.count, 1);
  });

  it("a file holding a curl command runs it on the connection, saying what was dropped", () => {
    const curl = [
      `curl -X POST "https://elsewhere.example:9200/${INDEX}/_search?pretty" \\`,
      "  -u someone:hunter2 \\",
      `  -H 'Content-Type: application/json' -d'`,
      '{ "query": { "term": { "word": "w5" } } }',
      "'",
    ].join("\n");
    const r = box.run(["console", "c16p", "--file", file("curl.sh", curl), "--json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(hits(r.stdout), ["d5"]);
    assert.match(r.stderr, /note: The address elsewhere.example:9200 was dropped/);
    assert.ok(!r.stderr.includes("hunter2"));

    const stdin = box.run(["console", "c16p", "--file", "-"], {
      input: `curl -XPOST localhost:9200/_bulk --data-binary @-`,
    });
    assert.equal(stdin.status, 2);
    assert.match(stdin.stderr, /reads its body from standard input/);
  });

  it("a request line written as a URL runs as its path on the connection, saying so", () => {
    const text = `GET http://localhost:9200/${INDEX}/_search\n{"query": {"term": {"word": "w3"}}}`;
    const r = box.run(["console", "c16p", "--file", file("url.txt", text), "--json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(hits(r.stdout), ["d3"]);
    assert.match(r.stderr, /note: The address localhost:9200 was dropped/);

    const one = box.run(["console", "c16p", "GET", `https://x.example/${INDEX}/_count`, "--json"]);
    assert.equal(one.status, 0, one.stderr);
    assert.equal((JSON.parse(one.stdout) as { raw: { count: number } }).raw.count, 6);

    const kibana = box.run([
      "console",
      "c16p",
      "GET",
      "http://localhost:5601/app/dev_tools#/console",
    ]);
    assert.equal(kibana.status, 2);
    assert.match(kibana.stderr, /web page's address \(Kibana's\), not a path on the cluster/);
  });
});
