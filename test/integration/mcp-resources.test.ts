/**
 * Resources, prompts and argument completion, in each protocol revision, on real 7.17 and 8.x
 * nodes: the connections list, a connection's tables, a table's columns and mapping, the two
 * prompts with the index's columns embedded, and completion of connection and table names.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { TOOLS_BY_NAME } from "../../src/mcp/tools/catalog.ts";

import { MAJORS } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { addNodeConnection, ERAS, FORMER_TOOLS, mcpClient, mcpTestServer } from "../support/mcp.ts";

const INDEX = `qt-mcp-res-${randomBytes(3).toString("hex")}`;

const srv = mcpTestServer({
  connections: async (home) => {
    for (const n of MAJORS) await addNodeConnection(home, n, n);
    await addNodeConnection(home, "quiet-asks", "es8", "read-write", "ask-each-time");
    await addNodeConnection(home, "hidden", "es8", "blocked");
  },
  token: { name: "res", scope: "read-only" },
  server: { approvalTimeoutMs: 1000 },
});

before(async () => {
  for (const n of MAJORS)
    await es(n, "PUT", `/${INDEX}`, {
      mappings: {
        properties: {
          city: { type: "keyword" },
          title: { type: "text", fields: { keyword: { type: "keyword" } } },
        },
      },
    });
});

after(async () => {
  for (const n of MAJORS) await es(n, "DELETE", `/${INDEX}`);
});

const json = (r: { contents: unknown[] }) =>
  JSON.parse(String((r.contents[0] as { text?: unknown } | undefined)?.text));

for (const era of ERAS) {
  describe(`resources and prompts, MCP ${era}`, () => {
    const c = mcpClient(srv, era);

    test("resources/list and the templates", async () => {
      const { resources } = await c.listResources();
      assert.deepEqual(
        resources.map((r) => r.uri),
        [
          "quarry://connections",
          ...MAJORS.map((m) => `quarry://connections/${m}/tables`),
          "quarry://connections/quiet-asks/tables",
          ...MAJORS.map((m) => `quarry://connections/${m}/overview`),
          "quarry://connections/quiet-asks/overview",
        ],
      );
      const { resourceTemplates } = await c.listResourceTemplates();
      assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), [
        "quarry://connections/{connection}/overview",
        "quarry://connections/{connection}/tables",
        "quarry://connections/{connection}/tables/{table}",
      ]);
    });

    test("the connections resource", async () => {
      const body = json(await c.readResource({ uri: "quarry://connections" }));
      assert.deepEqual(
        body.connections.map((x: { name: string }) => x.name),
        [...MAJORS, "quiet-asks"],
      );
    });

    for (const n of MAJORS) {
      test(`${n}: the cluster overview: health and the largest indices`, async () => {
        const body = json(await c.readResource({ uri: `quarry://connections/${n}/overview` }));
        assert.equal(body.connection, n);
        assert.match(body.health.status, /^(green|yellow|red)$/);
        assert.deepEqual(body.health.nodes.columns.slice(0, 4), [
          "name",
          "roles",
          "master",
          "version",
        ]);
        assert.equal(body.health.nodes.rows[0][0], n);
        assert.deepEqual(body.indices.columns.slice(0, 3), ["index", "docs", "size_bytes"]);
        assert.ok(body.indices.rows.length <= 20 && body.indices.total >= body.indices.rows.length);
        const sizes = body.indices.rows.map((r: unknown[]) => r[2] as number);
        assert.deepEqual(
          sizes,
          [...sizes].sort((a, b) => b - a),
        );
      });

      /** A prompt sends a model to the tools it is shown, never to one it no longer answers. */
      async function namesListedToolsOnly(text: string): Promise<void> {
        const listed = new Set((await c.listTools()).tools.map((t) => t.name));
        for (const name of FORMER_TOOLS) assert.ok(!text.includes(name), `names ${name}`);
        for (const word of text.match(/\b[a-z]+_[a-z_]+\b/g) ?? [])
          if (TOOLS_BY_NAME.has(word)) assert.ok(listed.has(word), word);
      }

      test(`${n}: the catalog prompts name the tools to use`, async () => {
        const slow = await c.getPrompt({
          name: "investigate_slow_query",
          arguments: { connection: n, table: INDEX, query: '{"query":{"match_all":{}}}' },
        });
        const text = JSON.stringify(slow.messages[0]?.content);
        for (const step of [
          "views stats and shards",
          "view health",
          "_validate/query",
          "view fields",
        ])
          assert.ok(text.includes(step), step);
        assert.ok(text.includes("match_all"));
        await namesListedToolsOnly(text);
        const health = await c.getPrompt({
          name: "check_cluster_health",
          arguments: { connection: n },
        });
        const healthText = JSON.stringify(health.messages[0]?.content);
        assert.match(healthText, /catalog view health/);
        await namesListedToolsOnly(healthText);
      });

      test(`${n}: a connection's tables, and a table's columns and mapping`, async () => {
        const tables = json(await c.readResource({ uri: `quarry://connections/${n}/tables` }));
        assert.ok(tables.tables.some((t: { name: string }) => t.name === INDEX));
        const table = json(
          await c.readResource({ uri: `quarry://connections/${n}/tables/${INDEX}` }),
        );
        assert.equal(table.table, INDEX);
        const title = table.columns.find((x: { name: string }) => x.name === "title");
        assert.equal(title.sort_field, "title.keyword");
        assert.ok(table.mapping[INDEX].mappings.properties.city);
      });

      test(`${n}: explore_index and question_to_query embed the columns`, async () => {
        const { prompts } = await c.listPrompts();
        assert.deepEqual(
          prompts.map((p) => p.name),
          ["explore_index", "question_to_query", "investigate_slow_query", "check_cluster_health"],
        );
        for (const p of prompts) assert.ok((p.description ?? "").length > 30);
        const explore = await c.getPrompt({
          name: "explore_index",
          arguments: { connection: n, table: INDEX },
        });
        const text = (explore.messages[0]!.content as { text: string }).text;
        assert.match(text, new RegExp(`index "${INDEX}" on the Quarry connection "${n}"`));
        assert.match(text, /- title: text, sorts by title\.keyword/);
        assert.match(text, /browse_table with page_size 0/);
        await namesListedToolsOnly(text);
        const q = await c.getPrompt({
          name: "question_to_query",
          arguments: { connection: n, table: INDEX, question: "Which city has most orders?" },
        });
        const qt = (q.messages[0]!.content as { text: string }).text;
        assert.match(qt, /Which city has most orders\?/);
        assert.match(qt, /- city: keyword/);
        assert.match(qt, /execute_query/);
        await namesListedToolsOnly(qt);
      });
    }

    test("completion: connection names (visible only) and a connection's tables", async () => {
      const conns = await c.complete({
        ref: { type: "ref/prompt", name: "explore_index" },
        argument: { name: "connection", value: "es" },
      });
      assert.deepEqual(conns.completion.values, [...MAJORS]);
      const all = await c.complete({
        ref: { type: "ref/prompt", name: "explore_index" },
        argument: { name: "connection", value: "" },
      });
      assert.ok(!all.completion.values.includes("hidden"));
      const tables = await c.complete({
        ref: { type: "ref/prompt", name: "explore_index" },
        argument: { name: "table", value: INDEX.slice(0, 12) },
        context: { arguments: { connection: "es8" } },
      });
      assert.ok(tables.completion.values.includes(INDEX));
      const viaTemplate = await c.complete({
        ref: { type: "ref/resource", uri: "quarry://connections/{connection}/tables/{table}" },
        argument: { name: "table", value: INDEX },
        context: { arguments: { connection: "es7" } },
      });
      assert.deepEqual(viaTemplate.completion.values, [INDEX]);
      const asks = await c.complete({
        ref: { type: "ref/prompt", name: "explore_index" },
        argument: { name: "table", value: "" },
        context: { arguments: { connection: "quiet-asks" } },
      });
      assert.deepEqual(asks.completion.values, [], "completion never raises an approval");
      assert.equal(srv.approvals.pending().length, 0);
    });

    test("a hidden connection's resource is -33007", async () => {
      await assert.rejects(
        c.readResource({ uri: "quarry://connections/hidden/tables" }),
        (e: { code: number; data: { layer: string } }) =>
          e.code === -33007 && e.data.layer === "external-clients",
      );
    });

    test("an unknown connection is -32602 naming it", async () => {
      await assert.rejects(
        c.readResource({ uri: "quarry://connections/ghost/tables" }),
        (e: { code: number; message: string }) =>
          e.code === -32602 && /No connection is named "ghost"/.test(e.message),
      );
    });
  });
}
