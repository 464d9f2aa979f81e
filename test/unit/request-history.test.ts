/**
 * Agents' requests join the connection's history in batches (src/app/mcp-host/request-history.ts):
 * one write at a time per connection holds what arrived meanwhile, and nothing recorded is lost
 * before `settled()`. Each entry keeps the request's body, secrets redacted and a long one cut,
 * while the audit log beside it never writes a body.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { auditWithHistory } from "../../src/app/mcp-host/request-history.ts";
import { AUDIT_FILE, AuditLog } from "../../src/app/storage/audit-log.ts";
import {
  ConsoleHistory,
  HISTORY_BODY_LIMIT,
  type HistoryEntry,
  keptEntry,
} from "../../src/app/storage/console-history.ts";
import type { AuditEntry } from "../../src/mcp/policy/stores.ts";

class CountedHistory extends ConsoleHistory {
  writes = 0;
  override async addMany(connection: string, added: HistoryEntry[]): Promise<void> {
    this.writes++;
    await super.addMany(connection, added);
  }
}

const call = (i: number, connection = "c1"): AuditEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  token: "agent",
  method: "tools/call",
  target: "execute_query",
  connection: { id: connection, name: connection },
  request: { method: "GET", path: `/orders/_doc/${i}`, class: "read" },
  outcome: "allowed",
  durationMs: 1,
});

test("a burst of calls is written in a few batches, newest first, the limit kept", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qt-agent-history-"));
  try {
    const history = new CountedHistory(join(dir, "h"), 100);
    const audited: AuditEntry[] = [];
    const sink = auditWithHistory({ record: (e) => audited.push(e) }, history);
    for (let i = 0; i < 1000; i++) sink.record(call(i));
    sink.record(call(1, "c2"));
    sink.record({ ...call(2, "c2"), outcome: "refused" });
    await sink.settled();
    assert.equal(audited.length, 1002, "every call is audited");
    const c1 = await history.list("c1");
    assert.equal(c1.length, 100);
    assert.equal(c1[0]?.request.path, "/orders/_doc/999", "newest first");
    assert.equal(c1[99]?.request.path, "/orders/_doc/900");
    assert.equal(c1[0]?.surface, "mcp:agent");
    assert.deepEqual(
      (await history.list("c2")).map((e) => e.request.path),
      ["/orders/_doc/1"],
      "a refused call is not in the history",
    );
    assert.ok(history.writes <= 4, `${history.writes} writes for 1,001 entries`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("entries recorded while a write is under way are written by the next", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qt-agent-history-"));
  try {
    const history = new CountedHistory(join(dir, "h"), 100);
    const sink = auditWithHistory({ record: () => {} }, history);
    sink.record(call(0));
    const first = sink.settled();
    sink.record(call(1));
    await first;
    sink.record(call(2));
    await sink.settled();
    assert.deepEqual(
      (await history.list("c1")).map((e) => e.request.path),
      ["/orders/_doc/2", "/orders/_doc/1", "/orders/_doc/0"],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("an agent's entry keeps its body, secrets redacted; the audit log never writes it", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qt-agent-history-"));
  try {
    const history = new ConsoleHistory(join(dir, "h"), 100);
    const audit = new AuditLog(dir);
    const sink = auditWithHistory(audit, history);
    const body = {
      query: { term: { status: "paid" } },
      user: { password: "hunter2", api_key: "k-123" },
    };
    sink.record({
      ...call(0),
      request: { method: "POST", path: "/orders/_search?access_token=t0k", class: "read" },
      requestBody: body,
    });
    await sink.settled();
    await audit.close();
    const [entry] = await history.list("c1");
    assert.deepEqual(entry?.request, {
      method: "POST",
      path: "/orders/_search?access_token=[redacted]",
      body: {
        query: { term: { status: "paid" } },
        user: { password: "[redacted]", api_key: "[redacted]" },
      },
    });
    assert.equal(entry?.bodyCut, undefined);
    const logged = await readFile(join(dir, AUDIT_FILE), "utf8");
    assert.match(logged, /"path":"\/orders\/_search\?access_token=…"/);
    assert.doesNotMatch(logged, /paid|hunter2|k-123|requestBody/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a body past the history's limit is kept cut, redacted before the cut, and says so", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qt-agent-history-"));
  try {
    const history = new ConsoleHistory(join(dir, "h"), 100);
    const sink = auditWithHistory({ record: () => {} }, history);
    const lines = [JSON.stringify({ index: {} }), JSON.stringify({ password: "hunter2" })];
    for (let i = 0; i < 3000; i++)
      lines.push(JSON.stringify({ index: {} }), JSON.stringify({ n: i, text: "x".repeat(20) }));
    const bulk = `${lines.join("\n")}\n`;
    sink.record({
      ...call(0),
      request: { method: "POST", path: "/_bulk", class: "write" },
      requestBody: bulk,
    });
    await sink.settled();
    const [entry] = await history.list("c1");
    const kept = entry?.request.body as string;
    assert.equal(typeof kept, "string");
    assert.ok(kept.length <= HISTORY_BODY_LIMIT && kept.length > HISTORY_BODY_LIMIT - 100);
    assert.deepEqual(entry?.bodyCut, { chars: bulk.length });
    assert.ok(kept.startsWith('{"index":{}}\n{"password":"[redacted]"}\n'));
    assert.doesNotMatch(kept, /hunter2/);
    // Whole lines only: each kept line reads as JSON.
    for (const line of kept.split("\n")) JSON.parse(line);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a long JSON body is printed only as far as it is kept, secrets redacted as it goes", () => {
  const body = {
    auth: { password: "hunter2" },
    query: { terms: { id: Array.from({ length: 100_000 }, (_, i) => `id-${i}`) } },
  };
  const entry = keptEntry({
    at: "2026-01-01T00:00:00Z",
    request: { method: "POST", path: "/orders/_search", body },
    status: 200,
  });
  const whole = JSON.stringify({ ...body, auth: { password: "[redacted]" } }, null, 2);
  assert.deepEqual(entry.bodyCut, {});
  assert.equal(entry.request.body, whole.slice(0, HISTORY_BODY_LIMIT));
  const small = { size: 1, nested: [{ api_key: "k", keep: [1, null, true, {}] }, []] };
  assert.deepEqual(
    keptEntry({ at: "x", request: { method: "GET", path: "/", body: small }, status: 200 }).request
      .body,
    { size: 1, nested: [{ api_key: "[redacted]", keep: [1, null, true, {}] }, []] },
  );
});

test("a call's entry is taken from it in the next turn, after its answer has been written", async () => {
  const dir = await mkdtemp(join(tmpdir(), "qt-agent-history-"));
  try {
    const history = new ConsoleHistory(join(dir, "h"), 100);
    const sink = auditWithHistory({ record: () => {} }, history);
    let read = 0;
    const entry: AuditEntry = {
      ...call(0),
      request: { method: "POST", path: "/orders/_search", class: "read" },
      get requestBody() {
        read++;
        return { query: { match_all: {} } };
      },
    };
    sink.record(entry);
    assert.equal(read, 0, "nothing of the history's work in the call's own turn");
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(read > 0, "taken in the next turn");
    await sink.settled();
    assert.deepEqual((await history.list("c1"))[0]?.request.body, { query: { match_all: {} } });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
