/** The audit log's hash chain (src/app/storage/audit-chain.ts): what it finds and what it lets be. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CHAIN_START,
  chainedLine,
  lineHash,
  verifyChain,
} from "../../src/app/storage/audit-chain.ts";

/** `n` linked lines, the first linked to `start` (a line rotated away, or nothing). */
function chain(n: number, start?: string): string[] {
  const lines: string[] = [];
  let prev = start === undefined ? CHAIN_START : lineHash(start);
  for (let i = 0; i < n; i++) {
    const line = chainedLine({ at: `t${i}`, method: "tools/call", outcome: "allowed" }, prev);
    lines.push(line);
    prev = lineHash(line);
  }
  return lines;
}

const file = (name: string, lines: string[]) => ({
  name,
  text: `${lines.map((l) => `${l}\n`).join("")}`,
});

describe("the audit chain", () => {
  it("holds over an untouched log, across the rotated file and the current one", () => {
    const all = chain(7);
    const report = verifyChain([
      file("mcp-audit.log.1", all.slice(0, 4)),
      file("mcp-audit.log", all.slice(4)),
    ]);
    assert.deepEqual(report, { holds: true, lines: 7, unlinked: 0 });
  });

  it("starts at the oldest line kept, whatever it links to (older lines were rotated away)", () => {
    assert.equal(verifyChain([file("mcp-audit.log", chain(3, "a line rotated away"))]).holds, true);
  });

  it("breaks after an edited line, naming the file and the line", () => {
    const lines = chain(5);
    lines[2] = lines[2]!.replace('"allowed"', '"refused"');
    const report = verifyChain([file("mcp-audit.log", lines)]);
    assert.equal(report.holds, false);
    assert.deepEqual(report.breaks?.line, 4);
    assert.match(
      report.breaks?.problem ?? "",
      /does not follow mcp-audit\.log line 3: that line was edited/,
    );
  });

  it("breaks where a line was removed, and where two were swapped", () => {
    const removed = chain(5);
    removed.splice(1, 1);
    assert.deepEqual(verifyChain([file("mcp-audit.log", removed)]).breaks?.line, 2);
    const swapped = chain(5);
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    assert.deepEqual(verifyChain([file("mcp-audit.log", swapped)]).breaks?.line, 3);
  });

  it("breaks across the rotation when the rotated file's last line was removed", () => {
    const all = chain(6);
    const report = verifyChain([
      file("mcp-audit.log.1", all.slice(0, 2)),
      file("mcp-audit.log", all.slice(3)),
    ]);
    assert.deepEqual(report.breaks, {
      file: "mcp-audit.log",
      line: 1,
      problem:
        "it does not follow mcp-audit.log.1 line 2: that line was edited, or lines between them were removed or moved",
    });
  });

  it("a line without a link after linked ones was added by hand; a broken line is named", () => {
    const added = [...chain(2), JSON.stringify({ at: "t9", method: "tools/call" })];
    assert.match(
      verifyChain([file("mcp-audit.log", added)]).breaks?.problem ?? "",
      /no link to the line before it/,
    );
    const cut = [...chain(2), '{"at":"t9","meth'];
    assert.match(
      verifyChain([file("mcp-audit.log", cut)]).breaks?.problem ?? "",
      /not a complete JSON line/,
    );
  });

  it("lines from before the chain began are counted apart, and the chain goes on from them", () => {
    const old = [JSON.stringify({ at: "t0" }), JSON.stringify({ at: "t1" })];
    const report = verifyChain([file("mcp-audit.log", [...old, ...chain(3, old[1])])]);
    assert.deepEqual(report, { holds: true, lines: 5, unlinked: 2 });
  });
});
