/**
 * The client-certificate test node's trial licence lasts 30 days from its data folder's first
 * start; `renewTrial` starts the folder afresh before that (docs/decisions.md).
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { renewTrial } from "../../scripts/es/cluster.ts";

const DAY = 24 * 60 * 60 * 1000;

test("a data folder is kept for 25 days from its trial's start, then started afresh", () => {
  const home = mkdtempSync(join(tmpdir(), "qt-trial-"));
  try {
    const data = join(home, "data");
    mkdirSync(data);
    writeFileSync(join(data, "node.lock"), "");
    renewTrial(home);
    assert.ok(!existsSync(join(data, "node.lock")), "a folder with no start recorded is renewed");
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, "node.lock"), "");
    renewTrial(home, Date.now() + 24 * DAY);
    assert.ok(existsSync(join(data, "node.lock")), "kept on day 24");
    const stamp = join(home, "trial-started");
    const started = new Date(Date.now() - 26 * DAY);
    utimesSync(stamp, started, started);
    renewTrial(home);
    assert.ok(!existsSync(join(data, "node.lock")), "renewed on day 26");
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
