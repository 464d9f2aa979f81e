/**
 * Import's formats, the pure parts: a JSON array read in pieces (each element with its number and
 * starting line, a search answer's hits, a break naming its line), CSV rows as documents (header,
 * dotted names, `_id`, kinds inferred and checked), mapping types as cell kinds and back, and how
 * the format is told from a name or the first characters.
 */
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { describe, test } from "node:test";
import { cellValue, inferKinds, readHeader, rowRecord } from "../../src/app/transfer/csv-rows.ts";
import { csvRecords } from "../../src/app/transfer/csv-source.ts";
import { formatOfName, formatOfStart } from "../../src/app/transfer/import-format.ts";
import { JsonArrayReader } from "../../src/app/transfer/json-array-reader.ts";
import {
  kindOfType,
  kindsOfMappings,
  mappingForKinds,
} from "../../src/drivers/elasticsearch/transfer/field-kinds.ts";

/** Feeds the text in pieces of `size` characters: the answer must not depend on where they cut. */
function readArray(text: string, size: number) {
  const r = new JsonArrayReader();
  const out: unknown[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...r.push(text.slice(i, i + size)));
  const end = r.end();
  if (end) out.push(end);
  return { out, kind: r.kind };
}

describe("JsonArrayReader", () => {
  const pretty = `[\n  {\n    "a": 1,\n    "b": { "c": [1, 2] }\n  },\n  "text",\n  {"_id": "x", "_source": {"q": "é"}}, {"z":\n1}\n]\n`;

  test("a pretty-printed array: every element with its number and the line it starts on", () => {
    const want = [
      { number: 1, startLine: 2, value: { a: 1, b: { c: [1, 2] } } },
      { number: 2, startLine: 6, value: "text" },
      { number: 3, startLine: 7, value: { _id: "x", _source: { q: "é" } } },
      { number: 4, startLine: 7, value: { z: 1 } },
    ];
    for (const size of [1, 3, 7, 1000]) assert.deepEqual(readArray(pretty, size).out, want);
    assert.equal(readArray(pretty, 5).kind, "array");
  });

  test("a saved search answer: its hits.hits, the rest of the answer skipped", () => {
    const answer = JSON.stringify(
      {
        took: 3,
        hits: {
          total: { value: 2 },
          hits: [
            { _id: "1", _source: { a: 1 } },
            { _id: "2", _source: {} },
          ],
        },
        aggregations: { x: { buckets: [{ key: 1 }] } },
      },
      null,
      2,
    );
    const { out, kind } = readArray(answer, 11);
    assert.equal(kind, "search answer");
    assert.deepEqual(
      out.map((e) => (e as { number: number; value: unknown }).value),
      [
        { _id: "1", _source: { a: 1 } },
        { _id: "2", _source: {} },
      ],
    );
  });

  test("broken JSON ends the reading with a break naming the element and the line", () => {
    const { out } = readArray('[{"a":1},\n{"a":2,,},\n{"a":3}]', 4);
    assert.equal(out.length, 2);
    const broke = out[1] as { number: number; startLine: number; reason: string };
    assert.equal(broke.number, 2);
    assert.equal(broke.startLine, 2);
    assert.match(broke.reason, /^not JSON: .*\(line 2\); the rest is not read$/);
    const cut = readArray('[{"a":1},\n{"a":', 100).out;
    assert.match((cut[1] as { reason: string }).reason, /line 2/);
  });

  test("a file with no array is refused, naming --format", () => {
    assert.throws(() => readArray('{"a": 1}', 3), /not a JSON array.*hits\.hits/);
    assert.throws(() => readArray('{"a": 1}\n{"a": 2}\n', 100), /not a JSON array/);
    assert.throws(() => readArray("12", 100), /not a JSON array/);
    assert.throws(() => readArray("nope", 100), /not a JSON array/);
    assert.throws(
      () => readArray('{"a": 1}', 3),
      (e: { remedy: string }) => e.remedy.includes("--format"),
    );
  });
});

describe("CSV rows", () => {
  const layout = readHeader(["_id", "name", "customer.name", "customer.age", "paid", "at"]);

  test("the header: _id is the key, dotted names nest, bad names are refused", () => {
    assert.deepEqual(layout, {
      fields: [null, "name", "customer.name", "customer.age", "paid", "at"],
      keyColumn: 0,
    });
    assert.equal(readHeader(["sku", "n"], "sku").keyColumn, 0);
    assert.deepEqual(readHeader(["sku", "n"], "sku").fields, ["sku", "n"]);
    assert.throws(() => readHeader(["a", "a"]), /Two columns are named a/);
    assert.throws(() => readHeader(["a", "a.b"]), /a cannot be both a field and the object/);
    assert.throws(() => readHeader(["a", ""]), /Column 2 .*no usable name/);
    assert.throws(() => readHeader(["a"], "sku"), /--id-column: there is no column sku/);
  });

  test("kinds inferred: the narrowest every non-empty cell fits, text otherwise", () => {
    const rows = [
      ["1", "Ann", "Bo", "31", "true", "2024-01-02"],
      ["2", "Cy", "", "4.5", "FALSE", "2024-01-02T10:00:00Z"],
      ["3", "12", "Di", "", "", "2024-13-01"],
    ];
    assert.deepEqual(inferKinds(layout, rows), {
      name: "string",
      "customer.name": "string",
      "customer.age": "number",
      paid: "boolean",
      at: "string",
    });
    assert.deepEqual(inferKinds(layout, [["1", "", "", "7", "", "2024-02-03"]]), {
      name: "string",
      "customer.name": "string",
      "customer.age": "integer",
      paid: "string",
      at: "date",
    });
    assert.deepEqual(inferKinds(layout, rows, ["paid"]), { paid: "boolean" });
  });

  test("a row as a document: nested, typed, empty cells left out, _id as its key", () => {
    const kinds = {
      name: "string",
      "customer.name": "string",
      "customer.age": "integer",
      paid: "boolean",
      at: "date",
    } as const;
    assert.deepEqual(
      rowRecord(["7", "Ann", "Bo", " 31 ", "True", "2024-01-02"], 4, layout, kinds),
      {
        origin: 4,
        key: "7",
        document: { name: "Ann", customer: { name: "Bo", age: 31 }, paid: true, at: "2024-01-02" },
      },
    );
    assert.deepEqual(rowRecord(["", "", "", "", "", ""], 5, layout, kinds), {
      origin: 5,
      document: {},
    });
    assert.deepEqual(rowRecord(["8", "x", "", "old", "maybe", ""], 6, layout, kinds), {
      line: 6,
      reason: 'customer.age: "old" is not a whole number; paid: "maybe" is not true or false',
    });
    assert.deepEqual(rowRecord(["8", "x"], 7, layout, kinds), {
      line: 7,
      reason: "has 2 cells where the header has 6 columns",
    });
  });

  test("cells: numbers, whole numbers beyond a double kept as text, dates as written", () => {
    assert.deepEqual(cellValue("-1.5e3", "number"), { value: -1500 });
    assert.deepEqual(cellValue("12345678901234567890", "integer"), {
      value: "12345678901234567890",
    });
    assert.deepEqual(cellValue("1.5", "integer"), { reason: "is not a whole number" });
    assert.deepEqual(cellValue("03/04/2024", "date"), { value: "03/04/2024" });
  });

  test("a CSV file: rows by the line they start on, broken rows reported, kinds asked once", async () => {
    const text = 'id,n\n1,2\n\n"x\ny",3\n4,x"y\n5,6\n';
    const asked: number[] = [];
    const items = [];
    for await (const item of csvRecords(
      Readable.from([text]),
      {
        skip: 0,
        idColumn: "id",
        kindsFor: async (l, sample) => {
          asked.push(sample.length);
          return inferKinds(l, sample);
        },
      },
      { position: 0 },
    ))
      items.push(item);
    assert.deepEqual(
      items.map((i) => ("origin" in i ? ["record", i.origin, i.key] : ["problem", i.line])),
      [
        ["record", 2, "1"],
        ["record", 4, "x\ny"],
        ["problem", 6],
        ["record", 7, "5"],
      ],
    );
    assert.deepEqual(asked, [3]);
  });

  test("a quote that never closes: said on the row it opens in, the rows before it in", async () => {
    const items = [];
    const options = { skip: 0, kindsFor: async () => ({}) };
    for await (const item of csvRecords(Readable.from(['a\n1\n"2\n3\n4\n']), options, {
      position: 0,
    }))
      items.push(item);
    assert.deepEqual(items[0], { origin: 2, document: { a: "1" } });
    assert.equal(items.length, 2);
    assert.equal((items[1] as { line: number }).line, 3);
    assert.match((items[1] as { reason: string }).reason, /quote never closes/);
  });
});

describe("mapping types and cell kinds", () => {
  test("each mapping type's kind; nested properties by dotted name", () => {
    assert.equal(kindOfType("unsigned_long"), "integer");
    assert.equal(kindOfType("scaled_float"), "number");
    assert.equal(kindOfType("date_nanos"), "date");
    assert.equal(kindOfType("ip"), "string");
    const answer = {
      one: {
        mappings: {
          properties: {
            n: { type: "long" },
            customer: {
              properties: { name: { type: "text", fields: { k: { type: "keyword" } } } },
            },
            alias: { type: "alias", path: "n" },
          },
        },
      },
      two: { mappings: { properties: { n: { type: "double" }, ok: { type: "boolean" } } } },
    };
    assert.deepEqual(kindsOfMappings(answer), {
      n: "string",
      "customer.name": "string",
      ok: "boolean",
    });
  });

  test("the mapping a new index gets from inferred kinds", () => {
    assert.deepEqual(mappingForKinds({ n: "integer", "c.name": "string", "c.at": "date" }), {
      properties: {
        n: { type: "long" },
        c: {
          properties: {
            name: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
            at: { type: "date" },
          },
        },
      },
    });
  });
});

describe("format", () => {
  test("from the name; .json and unknown names are looked into", () => {
    assert.equal(formatOfName("a/b.CSV"), "csv");
    assert.equal(formatOfName("x.jsonl"), "ndjson");
    assert.equal(formatOfName("x.json"), "json");
    assert.equal(formatOfName("x.txt"), undefined);
  });

  test("from the first characters: [ an array, { lines unless it opens a search answer", () => {
    assert.equal(formatOfStart("\uFEFF  \n[\n", "f"), "json");
    assert.equal(formatOfStart('{"a":1}\n{"a":2}\n', "f"), "ndjson");
    assert.equal(formatOfStart('{"not json\n', "f"), "ndjson");
    assert.equal(formatOfStart('{\n  "took": 1,\n', "f"), "json");
    assert.equal(formatOfStart('{"took":1,"hits":{"hits":[]}}\n', "f"), "json");
    assert.equal(formatOfStart('{"took":1,"hits":{"total":3,"hits":[{"_id', "f"), "json");
    assert.throws(() => formatOfStart("a,b\n1,2\n", "data.txt"), /starts with "a".*\[.*\{/);
    assert.throws(() => formatOfStart("  \n", "standard input"), /standard input is empty/);
  });
});
