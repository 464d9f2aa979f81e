/**
 * What one search sends to the node, counted by a recording proxy in front of the real es8 node:
 * an MCP `execute_query` search sends the search and nothing else (no mapping: its answer is
 * JSON); a console search shown as a grid reads the mapping once, then holds the columns until a
 * write through the session, a hit with a field they lack, or a refused search.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, session } from "../support/cluster.ts";
import { esOk } from "../support/es.ts";
import { withMcpClientOn } from "../support/mcp.ts";
import { type RecordingProxy, recordingProxy } from "../support/recording-proxy.ts";

const INDEX = "t-searchreq-orders";
const es = () => node("es8").url;
const settingsFor = (proxy: RecordingProxy) => ({
  host: "127.0.0.1",
  port: proxy.port,
  auth: "none" as const,
  sslMode: "disabled" as const,
  skipTlsVerify: false,
});

describe("requests sent per search", () => {
  let proxy: RecordingProxy;

  before(async () => {
    await esOk("es8", "DELETE", `/${INDEX}`);
    await esOk("es8", "PUT", `/${INDEX}`, {
      mappings: { properties: { status: { type: "keyword" }, n: { type: "integer" } } },
    });
    for (let i = 0; i < 3; i++)
      await esOk("es8", "POST", `/${INDEX}/_doc/${i}?refresh=true`, { status: "paid", n: i });
    proxy = await recordingProxy(es());
  });
  after(async () => {
    await proxy.close();
    await esOk("es8", "DELETE", `/${INDEX}`);
  });

  it("an MCP execute_query search sends the search alone, every time", async () => {
    await withMcpClientOn("counted", settingsFor(proxy), async (client) => {
      const search = () =>
        client.callTool({
          name: "execute_query",
          arguments: {
            connection: "counted",
            method: "POST",
            path: `/${INDEX}/_search`,
            body: { query: { term: { status: "paid" } } },
          },
        });
      await search();
      proxy.clear();
      for (let i = 0; i < 3; i++) {
        const r = (await search()) as {
          isError?: boolean;
          structuredContent?: { total?: number };
        };
        assert.notEqual(r.isError, true);
        assert.equal(r.structuredContent?.total, 3);
      }
      assert.deepEqual(proxy.sent(), Array(3).fill(`POST /${INDEX}/_search`));
    });
  });

  describe("a console search shown as a grid", () => {
    let s: EsSession;
    const gridSearch = async () => {
      const r = await s.console.run({ method: "POST", path: `/${INDEX}/_search`, body: {} });
      assert.equal(r.kind, "grid");
      return r.kind === "grid" ? r.columns.map((c) => c.name) : [];
    };
    before(async () => {
      s = session(settingsFor(proxy));
      await gridSearch();
    });
    after(() => s.close());

    it("reads the mapping once, then holds the columns", async () => {
      proxy.clear();
      await gridSearch();
      await gridSearch();
      assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`, `POST /${INDEX}/_search`]);
    });

    it("reads it again after a write through the session", async () => {
      await s.console.run({
        method: "PUT",
        path: `/${INDEX}/_mapping`,
        body: { properties: { note: { type: "text" } } },
      });
      proxy.clear();
      const columns = await gridSearch();
      assert.ok(columns.includes("note"), columns.join(", "));
      assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`, `GET /${INDEX}/_mapping`]);
    });

    it("reads it again when a hit holds a field the columns lack (a write from elsewhere)", async () => {
      await esOk("es8", "POST", `/${INDEX}/_doc/9?refresh=true`, { status: "new", city: "Oslo" });
      proxy.clear();
      const columns = await gridSearch();
      assert.ok(columns.includes("city"), columns.join(", "));
      assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`, `GET /${INDEX}/_mapping`]);
      proxy.clear();
      await gridSearch();
      assert.deepEqual(proxy.sent(), [`POST /${INDEX}/_search`], "held again");
    });

    it("a page of browse uses the held columns too, and a refused search forgets them", async () => {
      proxy.clear();
      const page = await s.grid.browse(INDEX, { pageSize: 5 });
      assert.equal(page.total, 4);
      assert.ok(!proxy.sent().some((r) => r.endsWith("/_mapping")), proxy.sent().join(", "));
      await assert.rejects(s.grid.browse(INDEX, { rawQuery: "n:(" }));
      proxy.clear();
      await s.grid.browse(INDEX, { pageSize: 5 });
      assert.ok(
        proxy.sent().some((r) => r.endsWith("/_mapping")),
        proxy.sent().join(", "),
      );
    });
  });
});
