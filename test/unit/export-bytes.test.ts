/** The export's batches read as bytes, and its bound on batches in flight: pure. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { batchBytes } from "../../src/app/export/formats.ts";
import { InFlight, type Ticket } from "../../src/app/export/in-flight.ts";
import { AnswerPool } from "../../src/drivers/elasticsearch/export/answer-memory.ts";
import { oneLine, readAnswer } from "../../src/drivers/elasticsearch/export/hit-bytes.ts";
import { byteRecords, frameRecords } from "../../src/drivers/elasticsearch/export/records.ts";

// An answer as 7.17 writes it (with `_type`), a routed hit, escapes where a naive reader would
// stop, a document indexed pretty-printed, and a sort value beyond 2^53.
const answer = Buffer.from(
  `{"pit_id":"abc=","took":3,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},` +
    `"hits":{"max_score":null,"hits":[` +
    `{"_index":"a","_type":"_doc","_id":"q\\"1","_score":null,"_source":{"t":"x\\"}{[","n":1.0,"e":"\\\\"},"sort":[1]},` +
    `{"_index":"a","_type":"_doc","_id":"2","_routing":"r","_score":null,"_source":{\n  "deep": [ {"k": "v w"} ]\n},"sort":[9007199254740993]}` +
    `]}}`,
);

describe("a search answer read as bytes", () => {
  const read = readAnswer(answer);

  it("gives the header parsed and each hit's names and _source as sent", () => {
    assert.equal(read.head.pit_id, "abc=");
    assert.deepEqual(read.head._shards, { total: 2, successful: 2, skipped: 0, failed: 0 });
    const hits = read.hits();
    assert.deepEqual(
      [0, 1].map((i) => [hits.index(i), hits.id(i), hits.routing(i)]),
      [
        ["a", 'q"1', undefined],
        ["a", "2", "r"],
      ],
    );
    // Written as it was indexed: `1.0` stays `1.0`; line breaks go, spaces in strings stay.
    assert.equal(
      Buffer.from(hits.source(0) ?? []).toString(),
      '{"t":"x\\"}{[","n":1.0,"e":"\\\\"}',
    );
    assert.equal(Buffer.from(hits.source(1) ?? []).toString(), '{"deep":[{"k":"v w"}]}');
    assert.equal(JSON.stringify(read.lastSort), "[9007199254740993]");
  });

  it("frames NDJSON for _bulk and JSON the way the parsed path does", () => {
    const ndjson = byteRecords(read.hits(), { format: "ndjson", columns: [], singleIndex: "a" });
    assert.equal(
      batchBytes("ndjson", ndjson, 0).toString(),
      '{"index":{"_id":"q\\"1"}}\n{"t":"x\\"}{[","n":1.0,"e":"\\\\"}\n' +
        '{"index":{"_id":"2","routing":"r"}}\n{"deep":[{"k":"v w"}]}\n',
    );
    const json = byteRecords(read.hits(), { format: "json", columns: [], singleIndex: null });
    const text = `[\n${batchBytes("json", json, 0).toString()}\n]`;
    assert.deepEqual(JSON.parse(text), [
      { _index: "a", _id: 'q"1', _source: { t: 'x"}{[', n: 1, e: "\\" } },
      { _index: "a", _id: "2", _routing: "r", _source: { deep: [{ k: "v w" }] } },
    ]);
    // Their values are there when asked for, parsed from the same text.
    assert.deepEqual(ndjson[1]?.values, [
      { index: { _id: "2", routing: "r" } },
      { deep: [{ k: "v w" }] },
    ]);
  });

  it("frames a whole batch straight from the table, as its records would be framed", () => {
    for (const format of ["ndjson", "json"] as const)
      for (const singleIndex of ["a", null])
        for (const written of [0, 3]) {
          const shape = { format, columns: [], singleIndex };
          const framed = Buffer.from(frameRecords(read.hits(), format, singleIndex, written === 0));
          const records = batchBytes(format, byteRecords(read.hits(), shape), written);
          assert.equal(
            framed.toString(),
            records.toString(),
            `${format} ${singleIndex} ${written}`,
          );
        }
    // Into the memory given, measured exactly.
    let asked = 0;
    const into = Buffer.alloc(4096);
    const out = frameRecords(read.hits(), "ndjson", "a", true, 0, 2, (n) => {
      asked = n;
      return into.subarray(0, n);
    });
    assert.equal(out.length, asked);
    assert.ok(Buffer.from(out).toString().endsWith('{"deep":[{"k":"v w"}]}\n'));
  });

  it("refuses a hit without _source, and an answer cut short", () => {
    const none = readAnswer(Buffer.from('{"hits":{"hits":[{"_index":"a","_id":"1"}]}}'));
    assert.throws(
      () => byteRecords(none.hits(), { format: "ndjson", columns: [], singleIndex: "a" }),
      /has no _source/,
    );
    assert.throws(() => readAnswer(answer.subarray(0, 200)).hits(), /could not be read/);
  });

  it("finds the last hit's sort from the end, and checks it once the hits are read", () => {
    const of = (hits: string) =>
      readAnswer(Buffer.from(`{"pit_id":"p","hits":{"hits":[${hits}]}}`));
    const sorted = of('{"_id":"1","_source":{"sort":[7]},"sort":[3]}');
    assert.deepEqual(sorted.lastSort, [3]);
    assert.equal(sorted.hits().length, 1);
    assert.equal(of("").lastSort, undefined, "no hit: the slice ends");
    assert.equal(of("").hits().length, 0);
    // A `sort` inside a document, and none on its hit: never taken for the cursor unchecked.
    const unsorted = of('{"_id":"1","_source":{"sort":[7]}}');
    assert.throws(() => unsorted.hits(), /sort is not last/);
  });

  it("removes whitespace only outside strings", () => {
    const text = '{ "a" : "x \\" y\n" ,\r\n "b":[ 1 , 2 ] }';
    assert.equal(Buffer.from(oneLine(Buffer.from(text))).toString(), '{"a":"x \\" y\n","b":[1,2]}');
  });
});

describe("the bound on batches in flight", () => {
  const MB = 1024 * 1024;

  it("sends one request until a batch's size is known, then as many as fit", async () => {
    const bound = new InFlight(10 * MB);
    const first = await bound.acquire();
    let second: Ticket | undefined;
    void bound.acquire().then((t) => (second = t));
    await Promise.resolve();
    assert.equal(second, undefined, "the size of a batch is not known yet");
    first.settle(3 * MB);
    await Promise.resolve();
    assert.ok(second, "3 MB held, 3 MB more fit under 10");
    const third = await bound.acquire();
    assert.equal(bound.held, 9 * MB);
    let fourth: Ticket | undefined;
    void bound.acquire().then((t) => (fourth = t));
    await Promise.resolve();
    assert.equal(fourth, undefined, "12 MB would not fit under 10");
    third.release();
    await Promise.resolve();
    assert.ok(fourth);
    assert.ok(bound.peak <= 10 * MB, `peak ${bound.peak}`);
  });

  it("lets a batch larger than the bound go alone, never stuck", async () => {
    const bound = new InFlight(1 * MB);
    const big = await bound.acquire();
    big.settle(5 * MB);
    let next: Ticket | undefined;
    void bound.acquire().then((t) => (next = t));
    await Promise.resolve();
    assert.equal(next, undefined);
    big.release();
    big.release();
    await Promise.resolve();
    assert.ok(next, "nothing held: the next goes");
    assert.equal(bound.held, 5 * MB, "counted at the largest batch seen");
  });

  it("lets the first requests go together when the scan's guess fits, then counts what came", async () => {
    const bound = new InFlight(10 * MB, 2.5 * MB);
    const firsts = await Promise.all([1, 2, 3, 4].map(() => bound.acquire()));
    assert.equal(bound.held, 10 * MB, "four guesses of 2.5 MB under 10");
    let fifth: Ticket | undefined;
    void bound.acquire().then((t) => (fifth = t));
    await Promise.resolve();
    assert.equal(fifth, undefined, "a fifth guess would not fit");
    firsts[0]?.settle(4 * MB);
    firsts[1]?.release();
    firsts[2]?.release();
    await Promise.resolve();
    assert.equal(fifth, undefined, "counted at the largest batch seen: 6.5 + 4 MB do not fit");
    firsts[3]?.release();
    await Promise.resolve();
    assert.ok(fifth, "4 + 4 MB fit");
  });

  it("goes one at a time when the guess is larger than the bound", async () => {
    const bound = new InFlight(10 * MB, 40 * MB);
    await bound.acquire();
    let second: Ticket | undefined;
    void bound.acquire().then((t) => (second = t));
    await Promise.resolve();
    assert.equal(second, undefined);
  });
});

describe("the memory answers are read into", () => {
  const chunks = (n: number, size: number) =>
    Array.from({ length: n }, (_, i) => Buffer.alloc(size, 97 + (i % 26)));

  it("holds an answer of its guessed size in the memory it was first given", () => {
    const into = new AnswerPool(4, 1_000_000).take();
    into.start();
    into.append(Buffer.from("{"));
    const first = into.view().buffer;
    for (const c of chunks(15, 65_536)) into.append(c);
    assert.equal(into.view().buffer, first);
    assert.equal(into.view().byteLength, 1 + 15 * 65_536);
  });

  it("grows past a guess too small, and keeps every byte in order", () => {
    const into = new AnswerPool(4, 100).take();
    const parts = chunks(40, 10_000);
    const view = into.fill(parts);
    assert.deepEqual(Buffer.from(view), Buffer.concat(parts));
  });

  it("gives no buffer more than its cap before an answer, whatever the guess", () => {
    const into = new AnswerPool(4, 2 ** 40).take();
    into.start();
    into.append(Buffer.from("x"));
    assert.ok(into.view().buffer.byteLength <= 32 * 1024 * 1024);
  });
});
