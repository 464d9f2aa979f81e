/**
 * Forks are refused on a real fork: the OpenSearch node that `es:up` starts, reached through a
 * recording proxy. The connection test, `quarry tables`, MCP `list_tables` and opening the
 * connection in the UI each refuse with one message naming OpenSearch and its version, and send it
 * nothing but the `GET /` that identified it.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { node, session } from "../support/cluster.ts";
import { withMcpClientOn } from "../support/mcp.ts";
import { sandbox } from "../support/quarry.ts";
import { type RecordingProxy, recordingProxy } from "../support/recording-proxy.ts";
import { openBrowser, screenshot, startUiApp } from "../support/ui.ts";

const fork = () => node("opensearch");
const REFUSAL = () =>
  `Unsupported cluster: OpenSearch ${fork().version} is a fork of Elasticsearch, which Quarry does not support`;
const settingsFor = (proxy: RecordingProxy) => ({
  host: "127.0.0.1",
  port: proxy.port,
  auth: "none",
  sslMode: "disabled",
  skipTlsVerify: false,
});

describe("a real OpenSearch node is refused by name and version", () => {
  let proxy: RecordingProxy;

  before(async () => {
    proxy = await recordingProxy(fork().url);
  });
  after(() => proxy.close());

  it("the node is a real OpenSearch", async () => {
    const res = await fetch(`${fork().url}/`);
    const body = (await res.json()) as { version: { distribution: string; number: string } };
    assert.equal(body.version.distribution, "opensearch");
    assert.equal(body.version.number, fork().version);
  });

  it("the connection test refuses it after GET /", async () => {
    proxy.clear();
    const s = session({ ...settingsFor(proxy), auth: "none", sslMode: "disabled" });
    try {
      await assert.rejects(s.testConnection(), (e: unknown) => {
        assert.ok(e instanceof QuarryError);
        assert.equal(e.code, "unsupported_cluster");
        assert.equal(e.message, REFUSAL());
        return true;
      });
    } finally {
      await s.close();
    }
    assert.deepEqual(proxy.sent(), ["GET /"]);
  });

  it("any operation of a session identifies first, and sends nothing more once refused", async () => {
    proxy.clear();
    const s = session({ ...settingsFor(proxy), auth: "none", sslMode: "disabled" });
    try {
      for (const op of [
        () => s.grid.listTables(),
        () => s.grid.browse("anything", {}),
        () => s.console.run({ method: "GET", path: "/_cat/indices" }),
      ]) {
        await assert.rejects(
          op(),
          (e: unknown) => e instanceof QuarryError && e.message === REFUSAL(),
        );
      }
    } finally {
      await s.close();
    }
    assert.deepEqual(proxy.sent(), ["GET /"]);
  });

  it("`quarry tables` exits with the refusal", async () => {
    proxy.clear();
    const box = sandbox();
    try {
      const r = await box.runAsync(["tables", proxy.url]);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, new RegExp(REFUSAL().replaceAll(".", "\\.")));
      assert.equal(r.stderr.split(REFUSAL()).length - 1, 1, "said once");
      assert.equal(r.stdout, "");
    } finally {
      await box.dispose();
    }
    assert.deepEqual(proxy.sent(), ["GET /"]);
  });

  it("MCP list_tables answers with the refusal", async () => {
    await withMcpClientOn("fork", settingsFor(proxy), async (client) => {
      proxy.clear();
      const result = (await client.callTool({
        name: "list_tables",
        arguments: { connection: "fork" },
      })) as { isError?: boolean; content: { type: string; text: string }[] };
      assert.equal(result.isError, true);
      const text = result.content.map((c) => c.text).join("\n");
      assert.ok(text.includes(REFUSAL()), text);
    });
    assert.deepEqual(proxy.sent(), ["GET /"]);
  });

  it("opening the connection in the UI shows the refusal", async () => {
    const app = await startUiApp();
    const browser = await openBrowser();
    try {
      await addConnection(app.storage, {
        name: "fork",
        type: "elasticsearch",
        settings: settingsFor(proxy),
      });
      proxy.clear();
      const { page } = browser;
      await page.goto(app.url);
      await page.getByTestId("connection-list").getByText("fork", { exact: true }).click();
      const shown = page.getByText(REFUSAL());
      await shown.first().waitFor();
      assert.equal(await shown.count(), 1, "one message");
      await screenshot(page, "opensearch-refused");
    } finally {
      await browser.close();
      await app.close();
    }
    assert.ok(proxy.sent().length > 0, "the UI reached the fork");
    assert.deepEqual([...new Set(proxy.sent())], ["GET /"]);
  });
});
