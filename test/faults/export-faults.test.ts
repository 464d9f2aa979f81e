/**
 * `quarry export` of 200,000 documents on a real three-node cluster (3 shards, 1 replica) while it
 * fails: a node holding the export's point in time is killed with SIGKILL in the middle of the
 * export, and the point in time expires in the middle of another. Each time the export stops with
 * a message that says what happened in plain words (the node, the shards, the expiry), and
 * `--resume` finishes the file with every `_id` of the index exactly once, checked against the
 * cluster's own list of ids.
 *
 * "In the middle" is made certain, not timed: the export process is paused (SIGSTOP) as soon as
 * its file holds documents, the fault is made and seen by the cluster, then it continues (SIGCONT).
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { FaultNodeName } from "../../scripts/es/three-node.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { collect, type Sandbox, sandbox, waitFor } from "../support/quarry.ts";
import {
  faultSession,
  faultUrl,
  killFaultNode,
  loadOffFirstNode,
  openContexts,
  restoreAndDrop,
  restoreCluster,
  waitForCluster,
} from "../support/three-node.ts";

const INDEX = "faults-export";
const DOCS = 200_000;

/** Every `_id` of an NDJSON export, in file order. */
function idsOfNdjson(path: string): string[] {
  const lines = readFileSync(path, "utf8").split("\n");
  const ids: string[] = [];
  for (let i = 0; i < lines.length; i += 2) {
    const line = lines[i];
    if (!line) continue;
    ids.push((JSON.parse(line) as { index: { _id: string } }).index._id);
  }
  return ids;
}

const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);

describe("export on a three-node cluster under faults", { timeout: 15 * 60_000 }, () => {
  let s: EsSession;
  let box: Sandbox;
  let dir: string;
  let allIds: string[];

  before(async () => {
    s = faultSession("faults-1");
    box = sandbox();
    dir = mkdtempSync(join(tmpdir(), "qt-faults-export-"));
    // faults-1 holds no copy: it only coordinates, so the export's connection survives the kills
    // below and every search context of the point in time lives on faults-2 or faults-3.
    allIds = await loadOffFirstNode(s.transport, INDEX, DOCS);
  });

  after(async () => {
    await restoreAndDrop(s, INDEX);
    await box.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The export of the index as NDJSON to `out`, through faults-1 (which holds no copy). */
  const exportTo = (out: string) => [
    "export",
    faultUrl("faults-1"),
    INDEX,
    "--format",
    "ndjson",
    "--out",
    out,
  ];

  /** Starts the export and pauses it once its file holds documents (or returns if it ended). */
  async function startAndPause(
    out: string,
    extra: string[],
  ): Promise<{ child: ChildProcess; output: () => string; ended: Promise<unknown> }> {
    const child = box.spawn([...exportTo(out), "--batch-size", "500", ...extra]);
    const output = collect(child);
    const ended = once(child, "exit");
    await waitFor(
      () => child.exitCode !== null || size(`${out}.partial`) > 0,
      "the export to write its first documents",
      120_000,
    );
    if (child.exitCode === null) child.kill("SIGSTOP");
    return { child, output: output.text, ended };
  }

  function assertEveryIdOnce(out: string): void {
    const ids = idsOfNdjson(out);
    assert.equal(new Set(ids).size, ids.length, "no _id twice in the file");
    assert.deepEqual(ids.sort(), allIds, "exactly the ids the cluster holds");
  }

  it("a node holding the point in time is killed: the export names it and its shards, and --resume completes", async () => {
    const out = join(dir, "killed.ndjson");
    const { child, output, ended } = await startAndPause(out, []);
    assert.equal(child.exitCode, null, "the export was still running when paused");

    // The node holding most of the point in time's search contexts is the one to kill.
    const contexts = await openContexts(s.transport);
    const victim = (["faults-2", "faults-3"] as FaultNodeName[]).sort(
      (a, b) => (contexts[b] ?? 0) - (contexts[a] ?? 0),
    )[0] as FaultNodeName;
    assert.ok(
      (contexts[victim] ?? 0) > 0,
      `a node holds the export's contexts: ${JSON.stringify(contexts)}`,
    );
    await killFaultNode(victim, s.transport);
    // The surviving copies are promoted to primaries: the index is whole again (yellow).
    await waitForCluster(s.transport, 2, "yellow");
    child.kill("SIGCONT");
    await ended;

    const text = output();
    assert.equal(child.exitCode, 1, text);
    assert.match(text, /The export stopped after [\d,]+ of 200000 documents/);
    assert.match(text, new RegExp(`node ${victim} left the cluster during the export`), text);
    assert.match(text, /shards? of faults-export that the export was reading did not answer/, text);
    assert.match(text, /shard \d of faults-export/, text);
    assert.match(text, /--resume/, text);
    assert.ok(existsSync(`${out}.partial`) && existsSync(`${out}.checkpoint.json`));

    // The replicas on the surviving node were promoted: the resume reads them on a new snapshot.
    const resumed = await box.runAsync([...exportTo(out), "--resume"]);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stdout, /Exported [\d,]+ of 200,000 documents .*resumed/);
    assertEveryIdOnce(out);
    assert.equal(existsSync(`${out}.partial`), false);
    assert.equal(existsSync(`${out}.checkpoint.json`), false);
    await restoreCluster(s.transport);
  });

  it("the point in time expires during the export: it says so in plain words and --resume completes", async () => {
    const out = join(dir, "expired.ndjson");
    const { child, output, ended } = await startAndPause(out, ["--keep-alive", "3s"]);
    if (child.exitCode === null) {
      // Paused past its keep-alive: the cluster frees the search contexts (within a second).
      await waitFor(
        async () => Object.values(await openContexts(s.transport)).every((n) => n === 0),
        "the point in time to expire",
        60_000,
      );
      child.kill("SIGCONT");
    }
    await ended;

    const text = output();
    assert.equal(child.exitCode, 1, text);
    assert.match(
      text,
      /the snapshot of faults-export that the export was reading \(its point in time\) expired, because no request reached the cluster within its keep-alive of 3s/,
      text,
    );
    assert.match(text, /--resume/, text);
    assert.match(text, /documents changed, added or deleted since the export started/, text);
    assert.match(text, /--keep-alive, now 3s/, text);

    const resumed = await box.runAsync([...exportTo(out), "--resume"]);
    assert.equal(resumed.status, 0, resumed.stderr);
    assertEveryIdOnce(out);
  });
});
