/**
 * The Cluster page on each single-node major (es9 with security and TLS): reached with Alt+O and
 * its tab, the health with its cause, the node with its version and numbers, an index of this
 * file with unassigned replicas shown in the unassigned list and the shard matrix, its allocation
 * explanation on Explain, the refresh interval (off by default) re-reading the overview when the
 * replicas go away, and a cluster that does not answer said in the page.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { describeOnMajors } from "../support/majors.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const RUN = randomBytes(3).toString("hex");

describe("the Cluster page on every supported major", () => {
  const { app, page } = appWithBrowser();

  describeOnMajors(
    (name) => name,
    (name) => {
      const index = `t-cluster-ui-${RUN}-${name}`;
      let es: EsSession;
      let connectionId: string;

      before(async () => {
        es = sessionTo(node(name));
        // Two primaries and a replica each on a single node: the replicas cannot be allocated.
        await es.transport.json({
          method: "PUT",
          path: `/${index}`,
          body: { settings: { number_of_shards: 2, number_of_replicas: 1 } },
        });
        connectionId = await addNodeConnection(app, name);
      });
      after(async () => {
        await es.transport.request({ method: "DELETE", path: `/${index}` });
        await es.close();
      });

      it("Alt+O opens the page; health, node and its numbers are shown", async () => {
        await page.goto("about:blank");
        await page.goto(`${app.url}#/c/${connectionId}/data`);
        await page.getByTestId("index-list").waitFor();
        await page.keyboard.press("Alt+o");
        await page.waitForURL(/#\/c\/[^/]+\/cluster$/);
        // The address changes before the tab re-renders: wait for it to say it is the page.
        await page
          .getByRole("button", { name: "Cluster", exact: true })
          .and(page.locator('[aria-current="page"]'))
          .waitFor();

        const status = page.getByTestId("cluster-status");
        await status.waitFor();
        assert.match(await status.innerText(), /^(yellow|red)$/, "this file's replicas");
        const causes = await page.getByTestId("cluster-causes").innerText();
        assert.match(causes, /replica shards? unassigned/);
        assert.match(causes, /INDEX_CREATED/);

        const row = page.getByTestId("cluster-nodes").locator(`tr[data-node="${name}"]`);
        const cells = (await row.locator("td").allInnerTexts()).map((c) =>
          c.replace(/\s+/g, " ").trim(),
        );
        assert.match(cells[0] ?? "", new RegExp(`^${name}\\s*master$`));
        assert.match(cells[1] ?? "", /master/);
        assert.equal(cells[2], node(name).version);
        assert.match(cells[3] ?? "", /^\d+% of [\d.]+ [kMG]B$/, "heap");
        assert.match(cells[4] ?? "", /^\d+% of [\d.]+ [kMGT]B$/, "disk");
        assert.match(cells[5] ?? "", /^\d+%$/, "cpu");
        assert.match(cells[6] ?? "", /^[\d.]+ · [\d.]+ · [\d.]+$/, "load");
        assert.equal(
          await page.getByTestId("cluster-refresh-interval").inputValue(),
          "0",
          "no refresh by default",
        );
      });

      it("the unassigned replicas: listed with their reason, in the matrix, and explained", async () => {
        const unassigned = page.getByTestId("cluster-unassigned").locator("tr", { hasText: index });
        await unassigned.nth(1).waitFor();
        assert.deepEqual(
          (await unassigned.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim()),
          [`${index} 0 replica INDEX_CREATED Explain`, `${index} 1 replica INDEX_CREATED Explain`],
        );
        const matrixRow = page.getByTestId("shard-matrix").locator(`tr[data-index="${index}"]`);
        const onNode = matrixRow.locator(`td[data-node="${name}"] .shard`);
        assert.deepEqual(await onNode.evaluateAll((els) => els.map((e) => e.className)), [
          "shard primary started",
          "shard primary started",
        ]);
        const nowhere = matrixRow.locator('td[data-node=""] .shard');
        assert.deepEqual(await nowhere.allInnerTexts(), ["0", "1"]);
        assert.equal(await nowhere.first().getAttribute("data-state"), "UNASSIGNED");

        await page.getByRole("button", { name: `Explain ${index} shard 1 replica` }).click();
        const why = page.getByTestId("allocation-explanation");
        await why.filter({ hasText: `${index} shard 1 replica` }).waitFor();
        const text = await why.innerText();
        assert.match(text, /Unassigned because INDEX_CREATED/);
        assert.match(text, /Can be allocated: no/);
        assert.match(text, /a copy of this shard is already allocated to this node/);
        await screenshot(page, `ui-cluster-${name}`);
        await matrixRow.scrollIntoViewIfNeeded();
        await screenshot(page, `ui-cluster-${name}-shards`);
      });

      it("a refresh interval re-reads the overview: the replicas gone, the index is whole", async () => {
        await page.getByTestId("cluster-refresh-interval").selectOption({ label: "5 s" });
        await es.transport.json({
          method: "PUT",
          path: `/${index}/_settings`,
          body: { index: { number_of_replicas: 0 } },
        });
        // No click: only the interval reads the cluster again.
        const nowhere = page
          .getByTestId("shard-matrix")
          .locator(`tr[data-index="${index}"] td[data-node=""] .shard`);
        await nowhere.first().waitFor({ state: "detached", timeout: 30_000 });
        assert.equal(await nowhere.count(), 0);
        assert.equal(
          await page.getByTestId("cluster-unassigned").locator("tr", { hasText: index }).count(),
          0,
        );
        await page.getByTestId("cluster-refresh-interval").selectOption({ label: "Off" });
      });
    },
  );

  it("a cluster that does not answer: the page says so, with the reason and Retry", async () => {
    const saved = await addConnection(app.storage, {
      name: "nowhere",
      type: "elasticsearch",
      // A port nothing listens on (the es7 node's transport port is not HTTP; 1 is never served).
      settings: { host: "127.0.0.1", port: 1, auth: "none", sslMode: "disabled" },
    });
    await page.goto(`${app.url}#/c/${saved.id}/cluster`);
    const problem = page.getByTestId("cluster-error");
    await problem.waitFor({ timeout: 30_000 });
    assert.match(await problem.innerText(), /Connection failed/);
    assert.ok(await problem.getByRole("button", { name: "Retry" }).isVisible());
    await screenshot(page, "ui-cluster-unreachable");
  });
});
