/**
 * Browsing while part of an index is gone, on a real three-node cluster: an index of 3 shards
 * without replicas has one shard on each node; the node holding one of them is killed with SIGKILL
 * between two pages. The cluster then answers searches from the other two shards
 * (`_shards.failed: 1`), and every surface shows that page as partial, naming the failed shard
 * (index, number, reason): the driver's result, the UI grid's warning banner, `quarry browse`
 * (stderr, and `--json`), and the MCP tools `browse_table` (its page, its count alone and a lookup
 * by `_id`) and `execute_query`.
 * Never a silently short page.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FaultNodeName } from "../../scripts/es/three-node.ts";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { BrowseResult } from "../../src/core/grid.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { mcpClient, mcpTestServer } from "../support/mcp.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";
import {
  faultConfig,
  faultSession,
  faultUrl,
  killFaultNode,
  loadNumberedDocs,
  NUMBERED_DOC_MAPPINGS,
  recreateSpreadIndex,
  restoreAndDrop,
  shardCopies,
} from "../support/three-node.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const INDEX = "faults-browse";
const DOCS = 300;

describe("browse with a failed shard on a three-node cluster", { timeout: 10 * 60_000 }, () => {
  let s: EsSession;
  const { app, page } = appWithBrowser();
  const srv = mcpTestServer({
    connections: (home) =>
      addConnection(home.storage, {
        name: "faults",
        type: "elasticsearch",
        settings: { ...faultConfig("faults-1") },
        externalClients: "read-only",
        aiPolicy: "always-allow",
      }),
    token: { name: "r", scope: "read-only" },
  });
  const client = mcpClient(srv, "2026-07-28");
  let box: Sandbox;
  /** The shard that fails, the node it was on, and the documents the other shards hold. */
  let lost: { shard: number; node: FaultNodeName };
  let remaining: number;

  before(async () => {
    s = faultSession("faults-1");
    const t = s.transport;
    await recreateSpreadIndex(t, INDEX, 0, {
      // One shard on each node, so killing a node loses exactly one shard.
      settings: { "index.routing.allocation.total_shards_per_node": 1 },
      mappings: NUMBERED_DOC_MAPPINGS,
    });
    await loadNumberedDocs(t, INDEX, DOCS, { refresh: true });
    const copies = await shardCopies(t, INDEX);
    // faults-1 coordinates every request here and stays up; the lowest shard elsewhere is lost.
    const victim = copies
      .filter((c) => c.node !== "faults-1")
      .sort((a, b) => a.shard - b.shard)[0] as { shard: number; node: string };
    lost = { shard: victim.shard, node: victim.node as FaultNodeName };
    const counts = await t.json<{ shard: string; docs: string }[]>({
      method: "GET",
      path: `/_cat/shards/${INDEX}`,
      query: { format: "json", h: "shard,docs" },
    });
    remaining = counts
      .filter((c) => Number(c.shard) !== lost.shard)
      .reduce((sum, c) => sum + Number(c.docs), 0);
    assert.ok(remaining > 0 && remaining < DOCS, "the lost shard holds some documents");
    const saved = await addConnection(app.storage, {
      name: "faults",
      type: "elasticsearch",
      settings: { ...faultConfig("faults-1") },
    });

    // The grid shows the whole index first…
    await page.goto(`${app.url}#/c/${saved.id}/data/${INDEX}`);
    await waitForTotal(DOCS);
    assert.equal(await page.getByTestId("partial-results-warning").count(), 0);

    box = sandbox();

    // …then the node holding one shard dies.
    await killFaultNode(lost.node, t);
  });

  after(async () => {
    await box?.dispose();
    await restoreAndDrop(s, INDEX);
  });

  async function waitForTotal(expected: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const text = await page
        .getByTestId("total-count")
        .textContent()
        .then((t) => t ?? "")
        .catch(() => "");
      if (Number(text.replace(/[^0-9]/g, "")) === expected && text.trim() !== "") return;
      if (Date.now() > deadline) {
        await screenshot(page, "faults-browse-failure");
        throw new Error(`the total stayed at "${text}", not ${expected}`);
      }
      await page.waitForTimeout(100);
    }
  }

  /** The failed shard as each surface must name it. */
  const namesShard = () => new RegExp(`shard ${lost.shard} of ${INDEX}`);

  function assertPartial(result: BrowseResult): void {
    assert.ok(result.partial, "the result says it is partial");
    assert.equal(result.partial.shardsFailed, 1);
    assert.equal(result.partial.shardsTotal, 3);
    assert.deepEqual(
      result.partial.failures.map((f) => [f.index, f.shard]),
      [[INDEX, lost.shard]],
    );
    assert.match(result.partial.failures[0]?.reason ?? "", /no_shard_available_action_exception/);
    assert.match(result.partial.message, /1 of 3 shards did not answer/);
    assert.match(result.partial.message, namesShard());
    assert.equal(result.total, remaining);
  }

  it("the driver's page carries the warning, naming the shard", async () => {
    assertPartial(await s.grid.browse(INDEX, { pageSize: 500 }));
  });

  it("the UI grid shows a warning banner naming the shard, not a silently short page", async () => {
    const arrived = page.waitForResponse((r) => r.url().endsWith("/browse"));
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await arrived;
    const banner = page.getByTestId("partial-results-warning");
    await banner.waitFor({ state: "visible", timeout: 30_000 });
    const text = (await banner.textContent()) ?? "";
    assert.match(text, /Partial results/);
    assert.match(text, /1 of 3 shards did not answer/);
    assert.match(text, namesShard());
    assert.match(text, /no copy of the shard could answer/);
    await waitForTotal(remaining);
    await screenshot(page, "faults-browse-partial-warning");
  });

  it("quarry browse prints the warning on stderr, and --json carries it", async () => {
    const plain = await box.runAsync(["browse", faultUrl("faults-1"), INDEX]);
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stderr, /^warning: partial results\. 1 of 3 shards did not answer/m);
    assert.match(plain.stderr, namesShard());
    assert.doesNotMatch(plain.stdout, /warning/);

    const json = await box.runAsync(["browse", faultUrl("faults-1"), INDEX, "--json"]);
    assert.equal(json.status, 0, json.stderr);
    assert.match(json.stderr, namesShard());
    assertPartial(JSON.parse(json.stdout) as BrowseResult);
  });

  it("MCP browse_table (a page, a count, a lookup) and execute_query carry the warning text", async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await client.callTool({ name, arguments: args });
      assert.equal(res.isError ?? false, false, JSON.stringify(res.structuredContent));
      return res.structuredContent as {
        warning?: string;
        failed_shards?: { index: string; shard: number }[];
      };
    };
    const expectWarning = (sc: { warning?: string; failed_shards?: unknown }) => {
      assert.match(sc.warning ?? "", /^Partial results: 1 of 3 shards did not answer/);
      assert.match(sc.warning ?? "", namesShard());
      assert.deepEqual(
        (sc.failed_shards as { index: string; shard: number }[]).map((f) => [f.index, f.shard]),
        [[INDEX, lost.shard]],
      );
    };
    const browsed = await call("browse_table", { connection: "faults", table: INDEX });
    expectWarning(browsed);
    // A count alone is the total, with the warning that it may be short.
    const counted = await call("browse_table", {
      connection: "faults",
      table: INDEX,
      page_size: 0,
    });
    expectWarning(counted);
    assert.deepEqual(Object.keys(counted).sort(), ["failed_shards", "total", "warning"]);
    assert.equal((counted as { total?: number }).total, remaining, "the shards that answered");
    const searched = await call("execute_query", {
      connection: "faults",
      method: "POST",
      path: `/${INDEX}/_search`,
      body: { size: 5 },
    });
    expectWarning(searched);
    // A document on the lost shard, looked up by _id: not found, and the answer says why it may
    // be missing.
    const missing = await call("browse_table", {
      connection: "faults",
      table: INDEX,
      where: [`_id = ${await idOnLostShard()}`],
    });
    expectWarning(missing);
    assert.equal((missing as { total?: number }).total, 0);
    assert.equal((missing as { doc?: unknown }).doc, undefined);
    assert.deepEqual((missing as { rows?: unknown[] }).rows, []);
  });

  /** An id whose document lives on the lost shard (asked of the cluster before the loss). */
  async function idOnLostShard(): Promise<string> {
    for (let i = 0; i < DOCS; i++) {
      const res = await s.transport.request<{
        _shards?: { failed?: number };
        hits?: { total?: { value: number } };
      }>({
        method: "POST",
        path: `/${INDEX}/_search`,
        body: { size: 0, query: { ids: { values: [`d${i}`] } }, track_total_hits: true },
      });
      if (res.body.hits?.total?.value === 0) return `d${i}`;
    }
    throw new Error("no document of the lost shard found");
  }
});
