/**
 * The search behind a far jump in written order (written-order-seek.ts): it finds the `_seq_no`
 * a row holds from counts alone, however the numbers are spread, and recognises the order it is
 * for.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  crossing,
  isWrittenOrder,
} from "../../src/drivers/elasticsearch/grid/written-order-seek.ts";

/** The counts of rows holding each `_seq_no` (several shards share numbers); f(s) = rows ≤ s. */
function table(perSeq: number[]): { f: (s: number) => number; total: number; max: number } {
  const cumulative: number[] = [];
  let sum = 0;
  for (const n of perSeq) {
    sum += n;
    cumulative.push(sum);
  }
  return {
    f: (s) => (s < 0 ? 0 : (cumulative[Math.min(s, perSeq.length - 1)] ?? 0)),
    total: sum,
    max: perSeq.length - 1,
  };
}

/** The answer by reading every number in turn. */
function expected(perSeq: number[], row: number): { seq: number; before: number } {
  let before = 0;
  for (const [seq, n] of perSeq.entries()) {
    if (before + n > row) return { seq, before };
    before += n;
  }
  throw new Error("past the end");
}

const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe("crossing", () => {
  const shapes: [string, number[]][] = [
    ["two shards, dense", Array.from({ length: 50_000 }, () => 2)],
    [
      "two shards of different sizes",
      Array.from({ length: 50_000 }, (_, i) => (i < 30_000 ? 2 : 1)),
    ],
    ["a filter keeping few rows", Array.from({ length: 40_000 }, (_, i) => (i % 97 === 0 ? 1 : 0))],
    ["rows rewritten (gaps)", Array.from({ length: 60_000 }, (_, i) => (i % 3 === 0 ? 0 : 3))],
    ["everything at the end", Array.from({ length: 100_000 }, (_, i) => (i > 99_900 ? 5 : 0))],
  ];
  const random = seeded(7);
  shapes.push(["random", Array.from({ length: 30_000 }, () => Math.floor(random() * 4))]);

  for (const [name, perSeq] of shapes) {
    it(`finds the number the row holds, in few counts: ${name}`, async () => {
      const { f, total, max } = table(perSeq);
      for (const row of [0, 1, Math.floor(total / 3), total - 2, total - 1]) {
        if (row < 0 || row >= total) continue;
        let asked = 0;
        const found = await crossing(row, { lo: -1, fLo: 0, hi: max, fHi: total }, async (s) => {
          asked++;
          return f(s);
        });
        assert.deepEqual(
          { seq: found.seq, before: found.before },
          expected(perSeq, row),
          `row ${row}`,
        );
        // A round's counts go out together: at worst a halving every second round.
        const bound = 2 * Math.ceil(Math.log2(max + 2)) + 1;
        assert.ok(found.rounds <= bound, `${found.rounds} rounds for row ${row}`);
        assert.ok(asked <= 2 * found.rounds);
      }
    });
  }

  it("needs two or three rounds when the numbers are dense", async () => {
    const { f, total, max } = table(
      Array.from({ length: 500_000 }, (_, i) => (i < 499_000 ? 2 : 1)),
    );
    const found = await crossing(654_321, { lo: -1, fLo: 0, hi: max, fHi: total }, async (s) =>
      f(s),
    );
    assert.ok(found.rounds <= 3, `${found.rounds} rounds`);
  });
});

describe("isWrittenOrder", () => {
  it("is the written order alone, not a sort that starts with it", () => {
    const seq = { _seq_no: { order: "asc" } };
    const shardDoc = { _shard_doc: { order: "asc" } };
    assert.equal(isWrittenOrder([seq, shardDoc]), true);
    assert.equal(isWrittenOrder([{ _seq_no: { order: "desc" } }, shardDoc]), false);
    assert.equal(isWrittenOrder([seq, seq, shardDoc]), false);
    assert.equal(isWrittenOrder([{ _score: { order: "desc" } }, seq, shardDoc]), false);
    assert.equal(isWrittenOrder([shardDoc]), false);
  });
});
