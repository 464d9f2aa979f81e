import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { median, quantile, settled, shouldStop, verdict } from "../../bench/mcp/stats.ts";

describe("the MCP bench's arithmetic", () => {
  it("quantiles by nearest rank", () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2);
    assert.equal(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99), 10);
    assert.ok(Number.isNaN(median([])));
  });

  it("a figure has settled when its last values lie within the tolerance", () => {
    assert.equal(settled([5, 1.0, 1.02, 1.01], 3, 0.03), true);
    assert.equal(settled([1.0, 1.02, 1.05], 3, 0.03), false, "5% apart");
    assert.equal(settled([1.0, 1.01], 3, 0.03), false, "fewer values than the window");
    assert.equal(settled([1, Number.NaN, 1], 3, 0.03), false);
    assert.equal(settled([0, 0, 0], 3, 0.03), false, "not a positive figure");
  });

  it("rounds stop once past the minimum with every figure settled, or at the cap", () => {
    const rule = { minRounds: 4, maxRounds: 6, window: 3, tolerance: 0.03 };
    const flat = [1, 1, 1, 1];
    const moving = [1, 2, 3, 4];
    assert.deepEqual(shouldStop(3, [flat.slice(0, 3)], rule), { stop: false, stable: true });
    assert.deepEqual(shouldStop(4, [flat], rule), { stop: true, stable: true });
    assert.deepEqual(shouldStop(4, [flat, moving], rule), { stop: false, stable: false });
    assert.deepEqual(shouldStop(6, [flat, [...moving, 5, 6]], rule), {
      stop: true,
      stable: false,
    });
  });

  it("prints a goal with its figures, ratio and verdict", () => {
    assert.deepEqual(verdict("execute_query p50 < peer p50", 1.21, 1.6, "ms"), {
      line: "execute_query p50 < peer p50: 1.21 ms vs 1.60 ms (0.76x)  PASS",
      pass: true,
    });
    assert.equal(verdict("calls/s > peer", 90, 100, "calls/s", true).pass, false);
    assert.match(
      verdict("calls/s > peer", 120, 100, "calls/s", true).line,
      /120 calls\/s vs 100 calls\/s \(1\.20x\) {2}PASS$/,
    );
  });
});
