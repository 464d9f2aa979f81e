import assert from "node:assert/strict";
import { once } from "node:events";
import { describe, test } from "node:test";
import { linkedSignal, signalWithTimeout } from "../../src/mcp/linked-signal.ts";

describe("a call's linked signal", () => {
  test("aborts with the reason of the first source that aborts", () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkedSignal([a.signal, b.signal]);
    assert.equal(linked.signal.aborted, false);
    const reason = new Error("token revoked");
    b.abort(reason);
    assert.equal(linked.signal.aborted, true);
    assert.equal(linked.signal.reason, reason);
    a.abort(new Error("later"));
    assert.equal(linked.signal.reason, reason);
  });

  test("is aborted at once when a source already is", () => {
    const a = new AbortController();
    a.abort("gone");
    const linked = linkedSignal([new AbortController().signal, a.signal]);
    assert.equal(linked.signal.aborted, true);
    assert.equal(linked.signal.reason, "gone");
  });

  test("once released, a source's abort no longer reaches it", () => {
    const a = new AbortController();
    const linked = linkedSignal([a.signal]);
    linked.release();
    a.abort();
    assert.equal(linked.signal.aborted, false);
  });

  test("with a timeout: says it timed out once the timer fires, and not for another abort", async () => {
    const timed = signalWithTimeout([new AbortController().signal], 1);
    await once(timed.signal, "abort");
    assert.equal(timed.timedOut(), true);
    assert.equal((timed.signal.reason as DOMException).name, "TimeoutError");

    const source = new AbortController();
    const other = signalWithTimeout([source.signal], 60_000);
    source.abort("client left");
    assert.equal(other.signal.aborted, true);
    assert.equal(other.timedOut(), false);
    other.release();
  });
});
