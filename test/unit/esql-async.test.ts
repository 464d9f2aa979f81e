/**
 * ES|QL as async queries: which console requests run so, the requests sent, and what each answer
 * of the async API means (docs/decisions.md, "ES|QL as async queries"). The shapes are the real
 * 8.19 engine's: a running answer carries `id` and `is_running: true`; the final poll's answer
 * carries neither the id nor more than `is_running: false`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  asyncDelete,
  asyncPoll,
  asyncStart,
  asyncStep,
  runsAsAsync,
  syncShape,
} from "../../src/drivers/elasticsearch/esql/async.ts";

describe("ES|QL async queries", () => {
  it("a POST /_query with a query runs async; other formats, paths and bodies as written", () => {
    assert.equal(runsAsAsync("POST", "/_query", { query: "FROM a" }), true);
    assert.equal(runsAsAsync("POST", "/_query?pretty", { query: "FROM a" }), true);
    assert.equal(runsAsAsync("POST", "/_query?format=csv", { query: "FROM a" }), false);
    assert.equal(runsAsAsync("POST", "/_query/async", { query: "FROM a" }), false);
    assert.equal(runsAsAsync("GET", "/_query", { query: "FROM a" }), false);
    assert.equal(runsAsAsync("POST", "/_query", "text"), false);
  });

  it("start: the body as written, a short wait and keep-alive unless given, never kept once done", () => {
    assert.deepEqual(asyncStart("/_query?pretty", { query: "FROM a", keep_alive: "1m" }), {
      method: "POST",
      path: "/_query/async?pretty",
      body: {
        wait_for_completion_timeout: "1s",
        keep_alive: "1m",
        query: "FROM a",
        keep_on_completion: false,
      },
    });
    assert.deepEqual(asyncPoll("a/b=="), {
      method: "GET",
      path: "/_query/async/a%2Fb%3D%3D?wait_for_completion_timeout=1s",
    });
    assert.deepEqual(asyncDelete("x"), { method: "DELETE", path: "/_query/async/x" });
  });

  it("steps: running with its id; answered (with or without an id); errors answered as they are", () => {
    assert.deepEqual(asyncStep(200, { id: "X", is_running: true, columns: [], values: [] }), {
      kind: "running",
      id: "X",
    });
    const done = { is_running: false, columns: [{ name: "n", type: "long" }], values: [[1]] };
    assert.deepEqual(asyncStep(200, done), { kind: "answered", status: 200, body: done });
    const error = { error: { type: "verification_exception" }, status: 400 };
    assert.equal(asyncStep(400, error).kind, "answered");
    assert.deepEqual(syncShape({ id: "X", is_running: false, took: 3 }), { took: 3 });
  });
});
