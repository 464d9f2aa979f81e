/**
 * The audit log's hash chain on disk: it goes on across a restart of the app and across the
 * rotation to `mcp-audit.log.1`, and `quarry mcp audit --verify` finds a line edited by hand.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import {
  AUDIT_FILE,
  AUDIT_ROTATE_BYTES,
  AuditLog,
  verifyAudit,
} from "../../src/app/storage/audit-log.ts";
import type { AuditEntry } from "../../src/mcp/policy/stores.ts";
import { sandbox } from "../support/quarry.ts";

const entry = (i: number): AuditEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  method: "tools/call",
  target: "list_tables",
  token: "agent",
  outcome: "allowed",
  durationMs: i,
});

async function write(dir: string, from: number, count: number): Promise<void> {
  const log = new AuditLog(dir);
  for (let i = from; i < from + count; i++) log.record(entry(i));
  await log.close();
}

describe("the audit chain on disk", () => {
  const box = sandbox();
  after(() => box.dispose());

  test("goes on across a restart, and --verify says it holds", async () => {
    await write(box.home, 0, 3);
    await write(box.home, 3, 2);
    assert.deepEqual(await verifyAudit(box.home), { holds: true, lines: 5, unlinked: 0 });
    const r = box.run(["mcp", "audit", "--verify"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), "The audit chain holds: 5 lines.");
  });

  test("--verify finds a line edited by hand, names where, and exits 1", () => {
    const path = join(box.home, AUDIT_FILE);
    const lines = readFileSync(path, "utf8").split("\n");
    lines[1] = lines[1]!.replace('"allowed"', '"refused"');
    writeFileSync(path, lines.join("\n"));
    const r = box.run(["mcp", "audit", "--verify"]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(
      r.stdout,
      /^The audit chain breaks at mcp-audit\.log line 3: it does not follow mcp-audit\.log line 2: that line was edited, or lines between them were removed or moved\./,
    );
    const json = JSON.parse(box.run(["mcp", "audit", "--verify", "--json"]).stdout);
    assert.equal(json.holds, false);
    assert.deepEqual(json.breaks.line, 3);
    // The entries still read as they are, without the chain's links.
    const listed = JSON.parse(box.run(["mcp", "audit", "--json"]).stdout).entries;
    assert.equal(listed.length, 5);
    assert.equal("prev" in listed[0], false);
  });

  test("goes on across the rotation to mcp-audit.log.1", async () => {
    const other = sandbox();
    try {
      // Enough lines to pass the rotation size once.
      const perLine = JSON.stringify(entry(0)).length + 60;
      const count = Math.ceil(AUDIT_ROTATE_BYTES / perLine) + 50;
      await write(other.home, 0, count);
      const rotated = readFileSync(join(other.home, `${AUDIT_FILE}.1`), "utf8");
      assert.ok(rotated.length >= AUDIT_ROTATE_BYTES, "the log was rotated");
      await write(other.home, count, 3);
      const report = await verifyAudit(other.home);
      assert.deepEqual(report, { holds: true, lines: count + 3, unlinked: 0 });
    } finally {
      await other.dispose();
    }
  });
});
