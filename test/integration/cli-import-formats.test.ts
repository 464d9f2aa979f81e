/**
 * `quarry import` of JSON arrays and CSV on real nodes, through bin/quarry, each with deliberate
 * bad lines: the good ones go in (checked on the cluster), the bad ones are reported by line (a
 * JSON array's by element and the line it starts on). A pretty-printed array, a saved search
 * answer, JSON from standard input; CSV into an index with a typed mapping (cells read as its
 * types), CSV into a new index (the inferred mapping shown, refused without --yes, created with
 * it); a CSV import killed mid-way and resumed.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { deleteIndices } from "../support/datasets.ts";
import { refreshedCount, sourceOf } from "../support/es.ts";
import {
  importCheckpoint,
  importSuite,
  resumeImport,
  startHeldImport,
} from "../support/imports.ts";
import { waitFor } from "../support/quarry.ts";

describe("quarry import: JSON arrays and CSV", () => {
  const { box, es8, es7, proxy, idx, input: file, run } = importSuite("t-importfmt");
  const count = refreshedCount;
  const doc = sourceOf;
  const exists = async (s: typeof es8, index: string) =>
    (await s.transport.request({ method: "HEAD", path: `/${index}` })).status === 200;

  after(async () => {
    const names = ["array", "stdin", "typed", "new", "resume", "refused", "notjson"].map(idx);
    await deleteIndices(es8.transport, ...names);
    await deleteIndices(es7.transport, idx("answer7"));
    await Promise.all([es8.close(), es7.close()]);
    await box.dispose();
  });

  it("a pretty-printed JSON array with bad elements: the good in, the bad by element and line", async () => {
    const path = file(
      "array.json",
      `${JSON.stringify(
        [
          { _id: "a", _source: { n: 1, tags: ["x", "y"], customer: { name: "Ann" } } },
          { _id: "b", _source: { n: 2 } },
          "not a hit",
          { _id: "c", _source: { n: "three" } },
          { _id: "d", _source: { n: 4 } },
          { _id: "e" },
        ],
        null,
        2,
      )}\n`,
    );
    const r = run(["c8", idx("array"), "--in", path, "--batch-size", "2"]);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.report?.format, "json");
    assert.equal(r.report?.origins, "elements");
    assert.equal(r.report?.shape, "hits");
    assert.equal(r.report?.written, 3);
    // Elements 3 and 6 are not hits; element 4's n is refused by the cluster (n is a long).
    assert.deepEqual(
      r.report?.failed.map((f) => [f.origin, f.startLine, f.key, f.status]),
      [
        [3, 21, null, 0],
        [4, 22, "c", 400],
        [6, 34, null, 0],
      ],
    );
    assert.match(r.report?.failed[0]?.reason ?? "", /not a JSON object/);
    assert.match(r.report?.failed[2]?.reason ?? "", /not a search hit/);
    assert.equal(await count(es8, idx("array")), 3);
    assert.deepEqual(await doc(es8, idx("array"), "a"), {
      n: 1,
      tags: ["x", "y"],
      customer: { name: "Ann" },
    });
  });

  it("a saved search answer on 7.17, and a JSON array from standard input", async () => {
    const answer = {
      took: 2,
      timed_out: false,
      hits: {
        total: { value: 2, relation: "eq" },
        hits: [
          { _index: "old", _id: "s1", _score: 1, _source: { city: "Kyoto" } },
          { _index: "old", _id: "s2", _score: 1, _source: { city: "Lyon" } },
        ],
      },
      aggregations: { cities: { buckets: [] } },
    };
    const path = file("answer.json", JSON.stringify(answer, null, 2));
    const r = run(["c7", idx("answer7"), "--in", path]);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.equal(r.report?.written, 2);
    assert.deepEqual(await doc(es7, idx("answer7"), "s2"), { city: "Lyon" });

    const piped = run(["c8", idx("stdin"), "--in", "-"], '[{"a":1},\n{"a":2},\n7]');
    assert.equal(piped.status, 1, piped.stderr);
    assert.equal(piped.report?.written, 2);
    assert.deepEqual(
      piped.report?.failed.map((f) => [f.origin, f.startLine]),
      [[3, 3]],
    );
    const csv = run(["c8", idx("stdin"), "--in", "-"], "a,b\n1,2\n");
    assert.notEqual(csv.status, 0);
    assert.match(csv.stdout, /starts with \\"a\\"/);
    assert.match(csv.stdout, /--format/);
    const notArray = run([
      "c8",
      idx("notjson"),
      "--in",
      file("rows.csv", "a,b\n1,2\n"),
      "--format",
      "json",
    ]);
    assert.notEqual(notArray.status, 0);
    assert.match(notArray.stdout, /not a JSON array/);
    assert.equal(await exists(es8, idx("notjson")), false, "no index is made for a file not read");
  });

  it("CSV into an index with a typed mapping: cells read as its types, bad rows by line", async () => {
    await es8.transport.json({
      method: "PUT",
      path: `/${idx("typed")}`,
      body: {
        mappings: {
          properties: {
            price: { type: "double" },
            qty: { type: "integer" },
            ok: { type: "boolean" },
            at: { type: "date" },
            sku: { type: "keyword" },
            customer: { properties: { name: { type: "text" } } },
          },
        },
      },
    });
    const path = file(
      "typed.csv",
      [
        "sku,price,qty,ok,at,customer.name,extra",
        "A1,9.5,3,true,2024-01-02,Ann,7",
        "A2,cheap,1,false,2024-01-03,Bo,8",
        "A3,1,2,yes,2024-01-04,Cy,9",
        "A4,2,,,not a date,Di,10",
        "A5,3",
        '"A6","4.25","12","FALSE","2024-02-01T10:00:00Z","Eve, the second",',
      ].join("\n"),
    );
    const r = run(["c8", idx("typed"), "--in", path, "--id-column", "sku"]);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.report?.format, "csv");
    assert.equal(r.report?.written, 2);
    assert.deepEqual(
      r.report?.failed.map((f) => [f.origin, f.status]),
      [
        [3, 0],
        [4, 0],
        [5, 400],
        [6, 0],
      ],
    );
    assert.match(r.report?.failed[0]?.reason ?? "", /price: "cheap" is not a number/);
    assert.match(r.report?.failed[1]?.reason ?? "", /ok: "yes" is not true or false/);
    assert.match(r.report?.failed[2]?.reason ?? "", /\bat\b/);
    assert.match(r.report?.failed[3]?.reason ?? "", /has 2 cells where the header has 7/);
    assert.match(r.report?.notes[0] ?? "", /extra is not in .* read as integer/);
    assert.deepEqual(await doc(es8, idx("typed"), "A1"), {
      sku: "A1",
      price: 9.5,
      qty: 3,
      ok: true,
      at: "2024-01-02",
      customer: { name: "Ann" },
      extra: 7,
    });
    assert.deepEqual(await doc(es8, idx("typed"), "A6"), {
      sku: "A6",
      price: 4.25,
      qty: 12,
      ok: false,
      at: "2024-02-01T10:00:00Z",
      customer: { name: "Eve, the second" },
    });
  });

  it("CSV into a new index: the inferred mapping shown, refused without --yes, made with it", async () => {
    const rows = ["_id,n,price,ok,day,who.name"];
    for (let i = 1; i <= 1_100; i++)
      rows.push(
        `r${i},${i},${i}.5,${i % 2 === 0},2024-03-${String((i % 28) + 1).padStart(2, "0")},N${i}`,
      );
    // Beyond the first 1,000 rows the kinds are settled: these rows do not fit them.
    rows[1_050] = "r1050,many,1.5,true,2024-03-01,X";
    rows[1_060] = "r1060,3,2,perhaps,2024-03-01,X";
    const path = file("new.csv", `${rows.join("\n")}\n`);

    const human = box.run(["import", "c8", idx("refused"), "--in", path]);
    assert.notEqual(human.status, 0);
    assert.match(
      human.stderr,
      /inferred from the first 1000 rows:\n {2}n: integer\n {2}price: number/,
    );
    assert.match(human.stderr, /PUT \/t-importfmt-refused-/);
    assert.match(human.stderr, /--yes/);
    const refused = run(["c8", idx("refused"), "--in", path]);
    assert.notEqual(refused.status, 0);
    const error = JSON.parse(refused.stdout) as {
      error: { details: { plan: { fields: Record<string, string>; request: unknown } } };
    };
    assert.deepEqual(error.error.details.plan.fields, {
      n: "integer",
      price: "number",
      ok: "boolean",
      day: "date",
      "who.name": "string",
    });
    assert.equal(await exists(es8, idx("refused")), false, "nothing is created without --yes");

    const r = run(["c8", idx("new"), "--in", path, "--yes"]);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.report?.created, true);
    assert.equal(r.report?.written, 1_098);
    assert.deepEqual(
      r.report?.failed.map((f) => f.origin),
      [1_051, 1_061],
    );
    assert.match(r.report?.failed[0]?.reason ?? "", /n: "many" is not a whole number/);
    const properties = r.report?.plan?.request.body.mappings.properties;
    assert.deepEqual(properties?.n, { type: "long" });
    const mapping = await es8.transport.json<
      Record<string, { mappings: { properties: Record<string, { type?: string }> } }>
    >({ method: "GET", path: `/${idx("new")}/_mapping` });
    const onCluster = mapping[idx("new")]?.mappings.properties;
    assert.equal(onCluster?.price?.type, "double");
    assert.equal(onCluster?.ok?.type, "boolean");
    assert.equal(onCluster?.day?.type, "date");
    assert.deepEqual(await doc(es8, idx("new"), "r2"), {
      n: 2,
      price: 2.5,
      ok: true,
      day: "2024-03-03",
      who: { name: "N2" },
    });
  });

  it("a CSV import killed mid-way and resumed: every row once, none failed", async () => {
    const rows = ["_id,n,word"];
    for (let i = 1; i <= 3_000; i++) rows.push(`k${i},${i},w${i}`);
    const path = file("resume.csv", `${rows.join("\n")}\n`);
    await es8.transport.json({
      method: "PUT",
      path: `/${idx("resume")}`,
      body: { mappings: { properties: { n: { type: "long" }, word: { type: "keyword" } } } },
    });
    const held = await startHeldImport(box, proxy, "c8gate", idx("resume"), path, 2);
    const checkpoint = () => importCheckpoint(box.home, idx("resume"));
    // Rows are lines 2 to 3,001: the third batch ends on line 1,501, the fourth (read and reserved
    // while the third is on its way) on line 2,001.
    await waitFor(() => checkpoint()?.inFlightUpTo === 2_001, "the fourth batch to be reserved");
    await held.killWithAnswerHeld();
    assert.equal(await count(es8, idx("resume")), 1_500, "three batches are in the index");
    assert.equal(checkpoint()?.linesDone, 1_001);
    assert.equal(checkpoint()?.format, "csv");
    proxy.answers.open();
    proxy.gate.open();

    const wrong = run(["c8gate", idx("resume"), "--in", path, "--resume", "--format", "ndjson"]);
    assert.notEqual(wrong.status, 0);
    assert.match(wrong.stdout, /read .* as csv, not ndjson/);
    const report = await resumeImport(box, "c8gate", idx("resume"), path);
    assert.equal(report.resumed, true);
    assert.equal(report.failedCount, 0, JSON.stringify(report.failed.slice(0, 3)));
    assert.equal(report.written, 3_000);
    assert.equal(report.tableRecords, 3_000, "no duplicate, none missing");
    assert.deepEqual(await doc(es8, idx("resume"), "k2999"), { n: 2999, word: "w2999" });
    assert.equal(checkpoint(), null);
  });
});
