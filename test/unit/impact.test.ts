/**
 * Impact before a dangerous write, the pure parts: which reads measure which request, how their
 * answers become an impact (wildcard resolution compared with what was named), the one-line
 * summary, and what a confirmation must name.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  bytesText,
  confirmsTargets,
  type Impact,
  missingConfirmation,
  unmeasuredImpact,
} from "../../src/core/impact.ts";
import { impactOf, impactPlan } from "../../src/drivers/elasticsearch/console/impact.ts";

const row = (index: string, docs: number | null, bytes: number | null, status = "open") => ({
  index,
  status,
  "docs.count": docs === null ? null : String(docs),
  "store.size": bytes === null ? null : String(bytes),
});

describe("which reads measure a request", () => {
  test("DELETE /<index>: the index list, with open and closed indices for a wildcard", () => {
    const plan = impactPlan({ method: "DELETE", path: "/logs-*,orders" })!;
    assert.equal(plan.kind, "delete");
    assert.deepEqual(plan.named, ["logs-*", "orders"]);
    assert.equal(plan.patterned, true);
    assert.equal(plan.resolve.method, "GET");
    assert.equal(plan.resolve.path, "/_cat/indices/logs-*,orders");
    assert.deepEqual(plan.resolve.query, {
      format: "json",
      bytes: "b",
      h: "index,status,docs.count,store.size",
      s: "index",
      expand_wildcards: "open,closed",
    });
    assert.equal(plan.count, undefined);
  });

  test("POST /<index>/_close: open indices only, unless the request says otherwise", () => {
    assert.equal(
      impactPlan({ method: "POST", path: "/a/_close" })!.resolve.query!.expand_wildcards,
      "open",
    );
    const all = impactPlan({ method: "POST", path: "/a*/_close?expand_wildcards=all" })!;
    assert.equal(all.kind, "close");
    assert.equal(all.resolve.query!.expand_wildcards, "all");
  });

  test("_delete_by_query: a _count with the same query and the options that select", () => {
    const plan = impactPlan({
      method: "POST",
      path: "/orders/_delete_by_query?conflicts=proceed&routing=r1&q=status:x&max_docs=10",
      body: { query: { term: { status: "cancelled" } }, slice: { id: 0, max: 2 } },
    })!;
    assert.equal(plan.kind, "delete_by_query");
    assert.deepEqual(plan.count, {
      method: "POST",
      path: "/orders/_count",
      query: { q: "status:x", routing: "r1" },
      body: { query: { term: { status: "cancelled" } } },
    });
    assert.equal(plan.cap, 10);
    assert.equal(plan.patterned, false);
  });

  test("_update_by_query without a body counts everything; a body as text is read", () => {
    const none = impactPlan({ method: "POST", path: "/a/_update_by_query" })!;
    assert.equal(none.kind, "update_by_query");
    assert.equal(none.count!.body, undefined);
    const text = impactPlan({
      method: "POST",
      path: "/a/_update_by_query",
      body: '{"query":{"match_all":{}},"max_docs":3}',
    })!;
    assert.deepEqual(text.count!.body, { query: { match_all: {} } });
    assert.equal(text.cap, 3);
  });

  test("7.x typed by-query paths measure the index; names are sent percent-encoded", () => {
    const typed = impactPlan({ method: "POST", path: "/old/doc/_delete_by_query" })!;
    assert.equal(typed.count!.path, "/old/_count");
    const odd = impactPlan({ method: "DELETE", path: "/caf%C3%A9" })!;
    assert.deepEqual(odd.named, ["café"]);
    assert.equal(odd.resolve.path, "/_cat/indices/caf%C3%A9");
  });

  test("_all and date math are patterns; an exclusion is not a name", () => {
    assert.equal(impactPlan({ method: "DELETE", path: "/_all" })!.patterned, true);
    assert.equal(
      impactPlan({ method: "DELETE", path: "/%3Clogs-%7Bnow%2Fd%7D%3E" })!.patterned,
      true,
    );
    assert.equal(impactPlan({ method: "POST", path: "/a,b/_close" })!.patterned, false);
  });

  test("requests it does not measure: null", () => {
    for (const r of [
      { method: "GET", path: "/a/_search" },
      { method: "DELETE", path: "/a/_doc/1" },
      { method: "DELETE", path: "/a/doc/1" },
      { method: "DELETE", path: "/" },
      { method: "POST", path: "/_bulk", body: '{"delete":{"_index":"a","_id":"1"}}\n' },
      { method: "DELETE", path: "/_snapshot/repo/snap" },
      { method: "POST", path: "/_reindex" },
      { method: "GET", path: "/a/_delete_by_query" },
      { method: "POST", path: "/a/_delete_by_query/_rethrottle" },
      { method: "PUT", path: "/_cluster/settings" },
    ])
      assert.equal(impactPlan(r), null, `${r.method} ${r.path}`);
  });
});

describe("answers become an impact", () => {
  const plan = (method: string, path: string) => impactPlan({ method, path })!;

  test("a wildcard resolves to more than it names: it widens, with each index's size", () => {
    const impact = impactOf(plan("DELETE", "/t-*"), [
      row("t-b", 2, 2000),
      row("t-a", 1, 1500),
      row("t-c", null, null, "close"),
    ]);
    assert.deepEqual(impact.resolved, ["t-a", "t-b", "t-c"]);
    assert.equal(impact.widens, true);
    assert.deepEqual(impact.targets[2], { name: "t-c", records: null, bytes: null, closed: true });
    assert.equal(
      impact.summary,
      "deletes 3 indices (t-* resolves to t-a, t-b, t-c): 3 documents, 3.5 kB (1 closed, size unknown)",
    );
  });

  test("a comma list of concrete names does not widen; an alias does", () => {
    const list = impactOf(plan("POST", "/a,b/_close"), [row("a", 1, 10), row("b", 0, 5)]);
    assert.equal(list.widens, false);
    assert.equal(list.summary, "closes 2 indices a, b: 1 document, 15 B");
    const alias = impactOf(plan("DELETE", "/current"), [row("orders-2", 4, 100)]);
    assert.equal(alias.widens, true);
    const excluded = impactOf(plan("DELETE", "/t-*,-t-b"), [row("t-a", 1, 1)]);
    assert.equal(excluded.widens, true, "t-a is reached through the pattern");
    const same = impactOf(plan("DELETE", "/t-a"), [row("t-a", 7, 1_234_567)]);
    assert.equal(same.widens, false);
    assert.equal(same.summary, "deletes index t-a: 7 documents, 1.2 MB");
  });

  test("a by-query request says how many documents its query matches", () => {
    const p = impactPlan({ method: "POST", path: "/orders/_delete_by_query" })!;
    const impact = impactOf(p, [row("orders", 100, 20_000)], 42);
    assert.equal(impact.matched, 42);
    assert.equal(
      impact.summary,
      "_delete_by_query deletes 42 matched documents in index orders (holding 100 documents, 20.0 kB)",
    );
    const capped = impactPlan({ method: "POST", path: "/o/_update_by_query?max_docs=5" })!;
    assert.equal(
      impactOf(capped, [row("o", 9, 1)], 9).summary,
      "_update_by_query rewrites 9 matched documents (at most 5: max_docs) in index o (holding 9 documents, 1 B)",
    );
  });

  test("nothing matched: said so", () => {
    const impact = impactOf(plan("DELETE", "/nothing-*"), [], undefined);
    assert.deepEqual(impact.resolved, []);
    assert.equal(impact.widens, false);
    assert.equal(impact.summary, "nothing-* matches no index: nothing would be affected");
  });

  test("many names are cut in the summary, never in the list", () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(`t-${String(i).padStart(2, "0")}`, 1, 1));
    const impact = impactOf(plan("DELETE", "/t-*"), rows);
    assert.equal(impact.resolved.length, 12);
    assert.match(impact.summary, /t-09 and 2 more\): 12 documents, 12 B$/);
  });
});

describe("what a confirmation must name", () => {
  const widened: Impact = {
    named: ["t-*"],
    resolved: ["t-a", "t-b"],
    widens: true,
    targets: [],
    summary: "",
  };

  test("the resolved names, exactly, in any order", () => {
    assert.equal(confirmsTargets(widened, ["t-b", "t-a"]), true);
    assert.equal(confirmsTargets(widened, ["t-a"]), false);
    assert.equal(confirmsTargets(widened, ["t-a", "t-b", "t-c"]), false);
    assert.equal(confirmsTargets(widened, ["t-a", "t-a"]), false);
    assert.equal(missingConfirmation(widened, undefined), "names");
    assert.equal(missingConfirmation(widened, ["t-a"]), "mismatch");
    assert.equal(missingConfirmation(widened, ["t-a", "t-b"]), undefined);
  });

  test("a request that names each index needs nothing more; names given are still checked", () => {
    const exact = { ...widened, named: ["t-a", "t-b"], widens: false };
    assert.equal(missingConfirmation(exact, undefined), undefined);
    assert.equal(missingConfirmation(exact, ["t-a"]), "mismatch");
    assert.equal(missingConfirmation(null, undefined), undefined);
  });

  test("a pattern whose indices could not be measured cannot be confirmed by name", () => {
    const lost = unmeasuredImpact(["t-*"], true, "connection refused");
    assert.equal(lost.summary, "impact could not be measured: connection refused");
    assert.equal(missingConfirmation(lost, ["t-a"]), "measurement");
    assert.equal(missingConfirmation(unmeasuredImpact(["t-a"], false, "x"), undefined), undefined);
  });

  test("sizes read as people read them", () => {
    assert.equal(bytesText(0), "0 B");
    assert.equal(bytesText(999), "999 B");
    assert.equal(bytesText(1000), "1.0 kB");
    assert.equal(bytesText(2_500_000_000), "2.5 GB");
  });
});
