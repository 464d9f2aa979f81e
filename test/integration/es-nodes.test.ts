/**
 * Stopping test nodes: `down(names)`, which the test runner calls with the nodes its own `up`
 * started, stops exactly those process groups and leaves every other node running and in the
 * state, such as the `npm start` dev node that ran before the tests. The "nodes" here are plain
 * processes in their own groups, recorded in a state file of a temporary run folder, so the real
 * nodes are never touched.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { down, isAlive, readState } from "../../scripts/es/cluster.ts";
import type { RunningNode } from "../../scripts/es/nodes.ts";

describe("stopping the nodes a run started", () => {
  let dir: string;
  const nodes: RunningNode[] = [];

  /** A process leading its own group, as `up` starts a node. */
  function fakeNode(name: string): RunningNode {
    const child = spawn("sleep", ["600"], { detached: true, stdio: "ignore" });
    child.unref();
    const pid = child.pid!;
    const n: RunningNode = {
      name,
      product: "elasticsearch",
      url: "http://127.0.0.1:1",
      version: "0.0.0",
      secured: false,
      pid,
      pgid: pid,
      logPath: join(dir, `${name}.log`),
    };
    nodes.push(n);
    return n;
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "qt-es-run-"));
    process.env.QUARRY_ES_RUN_DIR = dir;
  });
  after(async () => {
    for (const n of nodes) if (isAlive(n.pid)) process.kill(-n.pgid, "SIGKILL");
    await rm(dir, { recursive: true, force: true });
  });

  it("stops only the named nodes; the others keep running and stay in the state", async () => {
    const dev = fakeNode("es8"); // running before the tests, e.g. for `npm start`
    const started = fakeNode("es7"); // started by this run
    await writeFile(join(dir, "state.json"), JSON.stringify({ nodes: [dev, started] }));

    assert.deepEqual(await down(["es7"]), ["es7"]);
    assert.equal(isAlive(started.pid), false, "the node the run started is stopped");
    assert.equal(isAlive(dev.pid), true, "the node that ran before is still running");
    assert.deepEqual(
      readState()?.nodes.map((n) => n.name),
      ["es8"],
    );

    // Without names (`npm run es:down`), every node goes, and so does the state.
    assert.deepEqual(await down(), ["es8"]);
    assert.equal(isAlive(dev.pid), false);
    assert.equal(readState(), undefined);
  });
});
