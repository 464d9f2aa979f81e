/**
 * Import's line decoding and `_bulk` writing, the pure parts: which file shapes are read, how a
 * bad line is named by its number while the others still import, the body of each write mode,
 * how each item of a `_bulk` answer is accounted for, and a batch's body prepared ahead of its
 * write.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  allWritten,
  bulkBody,
  bulkOutcome,
  unwritable,
} from "../../src/drivers/elasticsearch/transfer/bulk-write.ts";
import {
  type ImportDoc,
  ImportLineDecoder,
  type LineProblem,
} from "../../src/drivers/elasticsearch/transfer/import-lines.ts";
import { openLoad } from "../../src/drivers/elasticsearch/transfer/indices.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

/** A record as a plain object, its document read. */
const plain = (d: ImportDoc) => ({ ...d, document: d.document });

function decode(text: string) {
  const d = new ImportLineDecoder();
  const docs: ImportDoc[] = [];
  const problems: LineProblem[] = [];
  text.split("\n").forEach((line, i) => {
    const r = d.push(line, i + 1);
    if (r && "document" in r) docs.push(r);
    else if (r) problems.push(r);
  });
  const last = d.end();
  if (last) problems.push(last);
  return { docs, problems, shape: d.shape };
}

describe("ImportLineDecoder", () => {
  test("a _bulk body (Quarry's NDJSON export): ids and routing from the action lines", () => {
    const { docs, problems, shape } = decode(
      [
        '{"index":{"_id":"a"}}',
        '{"n":1}',
        "",
        '{"create":{"_id":"b","routing":"r1","_index":"elsewhere"}}',
        '{"n":2}',
        '{"index":{}}',
        '{"n":3}',
      ].join("\n"),
    );
    assert.equal(shape, "bulk");
    assert.deepEqual(problems, []);
    // A document is read from its text when asked for (it is written as that text).
    assert.deepEqual(docs.map(plain), [
      { origin: 2, key: "a", document: { n: 1 }, text: ['{"n":1}'] },
      { origin: 5, key: "b", route: "r1", document: { n: 2 }, text: ['{"n":2}'] },
      { origin: 7, document: { n: 3 }, text: ['{"n":3}'] },
    ]);
  });

  test("in a _bulk body a document line is not parsed: one that only looks like an object goes as it is", () => {
    const { docs, problems } = decode(
      ['{"index":{"_id":"a"}}', '{"n":1,}', '{"index":{"_id":"b"}}', "{broken", '{"n":2}'].join(
        "\n",
      ),
    );
    // The cluster refuses the first by its line; the second is not an object's text at all.
    assert.deepEqual(
      docs.map((d) => [d.origin, d.key, d.text]),
      [[2, "a", ['{"n":1,}']]],
    );
    assert.throws(() => docs[0]?.document, SyntaxError);
    assert.deepEqual(
      problems.map((p) => p.line),
      [4, 5],
    );
    assert.match(problems[0]?.reason ?? "", /^not JSON \(the document of the action on line 3\)/);
  });

  test("in a _bulk body an update's doc is the document; deletes and scripts are refused by line", () => {
    const { docs, problems } = decode(
      [
        '{"update":{"_id":"u"}}',
        '{"doc":{"n":1}}',
        '{"delete":{"_id":"d"}}',
        '{"update":{"_id":"s"}}',
        '{"script":{"source":"ctx._source.n++"}}',
        '{"index":{"_id":"z"}}',
      ].join("\n"),
    );
    assert.deepEqual(docs, [{ origin: 2, key: "u", document: { n: 1 } }]);
    assert.deepEqual(
      problems.map((p) => p.line),
      [3, 5, 6],
    );
    assert.match(problems[0]?.reason ?? "", /never deletes/);
    assert.match(problems[1]?.reason ?? "", /scripts are not imported/);
    assert.match(problems[2]?.reason ?? "", /without its document/);
  });

  test("search hits one a line (elasticdump, Quarry's JSON export)", () => {
    const { docs, problems, shape } = decode(
      [
        '{"_index":"x","_type":"_doc","_id":"1","_score":1,"_source":{"a":1}}',
        '{"_index":"x","_id":"2","_routing":"k","_source":{"a":2}}',
        '{"a":3}',
      ].join("\n"),
    );
    assert.equal(shape, "hits");
    assert.deepEqual(docs, [
      { origin: 1, key: "1", document: { a: 1 } },
      { origin: 2, key: "2", route: "k", document: { a: 2 } },
    ]);
    assert.deepEqual(problems, [{ line: 3, reason: "not a search hit: it has no _source object" }]);
  });

  test("plain documents; a line that is not JSON or not an object is named and the rest import", () => {
    const { docs, problems, shape } = decode(['{"a":1}', "{oops", "[1,2]", '{"a":2}'].join("\n"));
    assert.equal(shape, "documents");
    assert.deepEqual(
      docs.map((d) => d.origin),
      [1, 4],
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 3],
    );
    assert.match(problems[0]?.reason ?? "", /^not JSON/);
    assert.match(problems[1]?.reason ?? "", /not a JSON object/);
  });
});

describe("bulkBody", () => {
  const docs: ImportDoc[] = [
    { origin: 1, key: "a", route: "r", document: { n: 1 } },
    { origin: 2, document: { n: 2 } },
  ];
  test("create and index put the mode, the _id and the routing in the action line", () => {
    assert.equal(
      bulkBody(docs, "create"),
      '{"create":{"_id":"a","routing":"r"}}\n{"n":1}\n{"create":{}}\n{"n":2}\n',
    );
    assert.equal(
      bulkBody(docs.slice(0, 1), "index"),
      '{"index":{"_id":"a","routing":"r"}}\n{"n":1}\n',
    );
  });
  test("update sends the document as a partial doc, and needs an _id", () => {
    assert.equal(
      bulkBody(docs.slice(0, 1), "update"),
      '{"update":{"_id":"a","routing":"r"}}\n{"doc":{"n":1}}\n',
    );
    assert.equal(unwritable(docs[0] as ImportDoc, "update"), null);
    assert.match(unwritable(docs[1] as ImportDoc, "update") ?? "", /no _id/);
    assert.equal(unwritable(docs[1] as ImportDoc, "create"), null);
  });
  test("a document given as text is written as that text, bytes and all, in every mode", () => {
    const exact = '{"big":12345678901234567890,"f":1.0}';
    const doc: ImportDoc = {
      origin: 1,
      key: "t",
      document: { never: "read" },
      text: ['{"big":', new TextEncoder().encode("12345678901234567890"), ',"f":1.0}'],
    };
    assert.equal(bulkBody([doc], "index"), `{"index":{"_id":"t"}}\n${exact}\n`);
    assert.equal(bulkBody([doc], "update"), `{"update":{"_id":"t"}}\n{"doc":${exact}}\n`);
  });
});

describe("bulkOutcome", () => {
  const docs: ImportDoc[] = [1, 2, 3, 4].map((n) => ({ origin: n, key: `d${n}`, document: { n } }));
  test("each item is written, sent again (429) or failed with the cluster's reason", () => {
    const answer = {
      errors: true,
      items: [
        { create: { _id: "d1", status: 201 } },
        { create: { _id: "d2", status: 429, error: { type: "es_rejected_execution_exception" } } },
        {
          create: {
            _id: "d3",
            status: 400,
            error: {
              type: "document_parsing_exception",
              reason: "failed to parse field [n]",
              caused_by: { type: "x", reason: 'For input string: "a"' },
            },
          },
        },
        {
          create: {
            _id: "d4",
            status: 409,
            error: { type: "version_conflict_engine_exception", reason: "exists" },
          },
        },
      ],
    };
    const out = bulkOutcome(answer, docs);
    assert.equal(out.written, 1);
    assert.deepEqual(
      out.retry.map((d) => d.key),
      ["d2"],
    );
    assert.deepEqual(
      out.failed.map((f) => [f.key, f.status, f.reason]),
      [
        [
          "d3",
          400,
          'document_parsing_exception: failed to parse field [n] (For input string: "a")',
        ],
        ["d4", 409, "version_conflict_engine_exception: exists"],
      ],
    );
  });

  test("an answer that does not list every document is an error, never a guess", () => {
    assert.throws(
      () => bulkOutcome({ items: [{ index: { status: 201 } }] }, docs),
      /1 items for 4/,
    );
    assert.throws(() => bulkOutcome({ error: "x" }, docs), /no items/);
  });
});

describe("allWritten", () => {
  const answer = (text: string) => Buffer.from(text);
  test("an answer without errors that lists every document is counted, not parsed", () => {
    const ok =
      '{"errors":false,"items":[{"index":{"_id":"a","status":201}},{"index":{"_id":"b\\"status\\":","status":200}}]}';
    assert.equal(allWritten(answer(ok), 2), 2);
  });

  test("errors, or an item missing, leave the answer to be read whole", () => {
    assert.equal(
      allWritten(answer('{"errors":true,"items":[{"index":{"_id":"a","status":429}}]}'), 1),
      undefined,
    );
    assert.equal(
      allWritten(answer('{"errors":false,"items":[{"index":{"_id":"a","status":201}}]}'), 2),
      undefined,
    );
    assert.equal(allWritten(answer('{"items":[{"index":{"status":201}}]}'), 1), undefined);
  });
});

describe("openLoad", () => {
  /** A transport that answers every `_bulk` with all its documents written, keeping the bodies. */
  function recording() {
    const bodies: string[] = [];
    const transport = {
      request: async (req: { body: Buffer }) => {
        const text = req.body.toString("utf8");
        bodies.push(text);
        const items = text
          .split("\n")
          .filter((_, i) => i % 2 === 0)
          .slice(0, -1)
          .map(() => '{"index":{"status":201}}');
        return {
          status: 200,
          headers: {},
          body: [Buffer.from(`{"errors":false,"items":[${items.join(",")}]}`)],
        };
      },
    } as unknown as EsTransport;
    return { bodies, load: openLoad(transport, "t", "index") };
  }
  const record = (key: string, n: number) => ({ origin: n, key, document: { n } });

  test("a batch prepared ahead is sent as it was prepared", async () => {
    const { bodies, load } = recording();
    const batch = [record("a", 1), record("b", 2)];
    load.prepare(batch);
    (batch[0] as { document: { n: number } }).document.n = 99;
    assert.equal((await load.write(batch)).written, 2);
    assert.equal(bodies[0], bulkBody([record("a", 1), record("b", 2)], "index"));
  });

  test("records sent again, or a batch not prepared, are encoded at their write", async () => {
    const { bodies, load } = recording();
    const batch = [record("a", 1), record("b", 2)];
    load.prepare(batch);
    await load.write(batch);
    await load.write(batch.slice(1));
    await load.write([record("c", 3)]);
    assert.deepEqual(bodies.slice(1), [
      bulkBody([record("b", 2)], "index"),
      bulkBody([record("c", 3)], "index"),
    ]);
  });
});
