/**
 * A batch is written until each record is written or failed: pushed-back records are sent again
 * with growing pauses, and after the last attempt reported as failed, never dropped.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { backoffMs, MAX_ATTEMPTS, writeWithRetries } from "../../src/app/transfer/retries.ts";
import type { LoadOutcome, LoadRecord, TableLoad } from "../../src/core/transfer.ts";

const records: LoadRecord[] = [1, 2, 3].map((n) => ({ origin: n, key: `k${n}`, document: { n } }));

/** A table that pushes back the records `busy` names, `times` times each, and fails `bad`. */
function table(busy: Set<string>, times: number, bad = new Set<string>()) {
  const sends: string[][] = [];
  const seen = new Map<string, number>();
  const load: TableLoad = {
    async write(batch): Promise<LoadOutcome> {
      sends.push(batch.map((r) => r.key ?? ""));
      const out: LoadOutcome = { written: 0, retry: [], failed: [] };
      for (const r of batch) {
        const k = r.key ?? "";
        const n = (seen.get(k) ?? 0) + 1;
        seen.set(k, n);
        if (bad.has(k)) out.failed.push({ record: r, key: k, status: 400, reason: "bad" });
        else if (busy.has(k) && n <= times) out.retry.push(r);
        else out.written++;
      }
      return out;
    },
    finish: async () => ({ records: 0 }),
  };
  return { load, sends };
}

describe("writeWithRetries", () => {
  test("only the pushed-back records are sent again, until written", async () => {
    const { load, sends } = table(new Set(["k2"]), 2, new Set(["k3"]));
    const out = await writeWithRetries(load, records, undefined, () => 0);
    assert.equal(out.written, 2);
    assert.deepEqual(
      out.failed.map((f) => [f.key, f.status]),
      [["k3", 400]],
    );
    assert.deepEqual(sends, [["k1", "k2", "k3"], ["k2"], ["k2"]]);
  });

  test("after the last attempt a pushed-back record is reported as failed (429), not dropped", async () => {
    const { load, sends } = table(new Set(["k1"]), 1_000);
    const out = await writeWithRetries(load, records, undefined, () => 0);
    assert.equal(out.written, 2);
    assert.equal(sends.length, MAX_ATTEMPTS);
    assert.deepEqual(
      out.failed.map((f) => [f.key, f.status]),
      [["k1", 429]],
    );
    assert.match(out.failed[0]?.reason ?? "", /after 8 attempts/);
  });

  test("pauses grow with each attempt", async () => {
    const pauses: number[] = [];
    const { load } = table(new Set(["k1"]), 3);
    await writeWithRetries(load, records, undefined, (a) => {
      pauses.push(a);
      return 0;
    });
    assert.deepEqual(pauses, [2, 3, 4]);
  });
});

describe("backoffMs", () => {
  test("doubles from the base from the second attempt, is capped, jitters down by at most a quarter", () => {
    assert.equal(
      backoffMs(2, 200, 10_000, () => 1),
      200,
    );
    assert.equal(
      backoffMs(4, 200, 10_000, () => 1),
      800,
    );
    assert.equal(
      backoffMs(30, 200, 10_000, () => 1),
      10_000,
    );
    assert.equal(
      backoffMs(2, 200, 10_000, () => 0),
      150,
    );
  });
});
