/**
 * `quarry console` asks before an admin request, as before a destructive one: without a terminal
 * and without `--yes` nothing is sent (exit 2); with `--yes` it runs. On the es8 node, with an
 * ingest pipeline of this file's own.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { node, plainConfig, session } from "../support/cluster.ts";
import { sandbox } from "../support/quarry.ts";

const PIPELINE = `t-admin-cli-${randomBytes(3).toString("hex")}`;

describe("quarry console: admin requests are confirmed", () => {
  const s = session(plainConfig(node("es8")));
  const box = sandbox();
  const exists = async () =>
    (await s.transport.request({ method: "GET", path: `/_ingest/pipeline/${PIPELINE}` })).status;

  before(async () => {
    const made = await s.transport.request({
      method: "PUT",
      path: `/_ingest/pipeline/${PIPELINE}`,
      body: { processors: [] },
    });
    assert.equal(made.status, 200);
  });
  after(async () => {
    await s.transport
      .request({ method: "DELETE", path: `/_ingest/pipeline/${PIPELINE}` })
      .catch(() => {});
    await s.close();
    await box.dispose();
  });

  it("without a terminal and without --yes, an admin request is refused before it is sent", () => {
    const r = box.run(["console", node("es8").url, "DELETE", `/_ingest/pipeline/${PIPELINE}`]);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /An admin request: it deletes an ingest pipeline/);
    assert.match(r.stderr, /Not confirmed: .*there is no terminal to ask/);
  });

  it("the pipeline is still there; with --yes the request runs", async () => {
    assert.equal(await exists(), 200, "nothing was sent");
    const r = box.run([
      "console",
      node("es8").url,
      "DELETE",
      `/_ingest/pipeline/${PIPELINE}`,
      "--yes",
      "--json",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).status, 200);
    assert.equal(await exists(), 404);
  });
});
