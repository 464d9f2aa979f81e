/**
 * `previewRecords`, the first records of a file in any format (for the UI's Import dialog): the
 * format told as an import tells it, from a file or from a stream whose first bytes are peeked
 * and put back; each record with its origin, problems among them.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { after, describe, test } from "node:test";
import { previewRecords, readRecords } from "../../src/app/transfer/import-sources.ts";
import { ImportLineDecoder } from "../../src/drivers/elasticsearch/transfer/import-lines.ts";

const session = { lineDecoder: () => new ImportLineDecoder() };
const dir = mkdtempSync(join(tmpdir(), "quarry-preview-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path };
};

describe("previewRecords", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a pretty-printed JSON array under .json: its first elements, by number", async () => {
    const input = file("a.json", '[\n  {"a": 1},\n  2,\n  {"a": 3},\n  {"a": 4}\n]\n');
    const got = await previewRecords(session, input, 3);
    assert.equal(got.format, "json");
    assert.deepEqual(got.items, [
      { origin: 1, startLine: 2, document: { a: 1 } },
      { line: 2, startLine: 3, reason: "not a JSON object: each must hold one document" },
      { origin: 3, startLine: 4, document: { a: 3 } },
    ]);
  });

  test("hits one a line under .json are JSON lines; CSV by its extension, cells inferred", async () => {
    const hits = file("h.json", '{"_id":"1","_source":{"a":1}}\n{"_id":"2","_source":{"a":2}}\n');
    const lines = await previewRecords(session, hits, 5);
    assert.equal(lines.format, "ndjson");
    assert.equal(lines.shape, "hits");
    assert.deepEqual(lines.items[1], { origin: 2, key: "2", document: { a: 2 } });
    const csv = await previewRecords(session, file("c.csv", "_id,n,ok\nx,1,true\ny,2,false\n"), 1);
    assert.equal(csv.format, "csv");
    assert.deepEqual(csv.items, [{ origin: 2, key: "x", document: { n: 1, ok: true } }]);
  });

  test("a _bulk body: a document line that only looks like an object is shown as not JSON", async () => {
    const input = file(
      "b.ndjson",
      '{"index":{"_id":"a"}}\n{"n":1,}\n{"index":{"_id":"b"}}\n{"n":2}\n',
    );
    const got = await previewRecords(session, input, 5);
    assert.equal(got.shape, "bulk");
    assert.equal(got.items.length, 2);
    assert.match((got.items[0] as { reason: string }).reason, /^not JSON: /);
    assert.equal((got.items[0] as { line: number }).line, 2);
    assert.deepEqual((got.items[1] as { document: unknown }).document, { n: 2 });
  });

  test("a stream: its first bytes peeked for the format, then read whole", async () => {
    const stream = new PassThrough();
    stream.write("  \n[");
    setTimeout(() => stream.end('{"a":1},{"a":2}]'), 20);
    const got = await previewRecords(session, { stream, name: "standard input" }, 10);
    assert.equal(got.format, "json");
    assert.deepEqual(
      got.items.map((i) => ("origin" in i ? i.document : i)),
      [{ a: 1 }, { a: 2 }],
    );
  });
});

describe("readRecords after a checkpoint (resume)", () => {
  const skipping = async (format: "json" | "ndjson" | "csv", text: string, skip: number) => {
    const cursor = { position: 0, shape: null, bytes: 0 };
    const items = [];
    const options = {
      format,
      skip,
      decoder: new ImportLineDecoder(),
      kindsFor: async () => ({}),
    };
    for await (const item of readRecords(Readable.from([Buffer.from(text)]), options, cursor))
      items.push("origin" in item ? item.origin : -item.line);
    return { items, cursor };
  };

  test("what is at or before the checkpoint is read, not given; the shape is still known", async () => {
    const json = await skipping(
      "json",
      '[{"_id":"a","_source":{}},\n3,\n{"_id":"c","_source":{}}, {"_id":"d","_source":{}}]',
      2,
    );
    assert.deepEqual(json.items, [3, 4]);
    assert.equal(json.cursor.shape, "hits");
    assert.equal(json.cursor.position, 4);
    const bulk = await skipping(
      "ndjson",
      '{"index":{}}\n{"a":1}\nnope\n{"index":{}}\n{"a":2}\n',
      3,
    );
    assert.deepEqual(bulk.items, [5]);
    assert.equal(bulk.cursor.shape, "bulk");
    const csv = await skipping("csv", "a\n1\n2\n3\n", 3);
    assert.deepEqual(csv.items, [4]);
  });
});
