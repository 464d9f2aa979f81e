/**
 * The catalog's `index` view through the official MCP client on 7.17, 8.x and 9.x: one index's state,
 * statistics, aliases, shards, settings and mapping, checked against the output schema tools/list
 * declares, and a missing index refused with its name.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { fromJsonSchema } from "@modelcontextprotocol/client";
import { MAJORS } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { describeOnMajors } from "../support/majors.ts";
import { ERAS, mcpClient, mcpTestServer, outputSchemas } from "../support/mcp.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-idxmcp-${RUN}`;
const ALIAS = `${INDEX}-alias`;

const srv = mcpTestServer({ token: { name: "index-details", scope: "read-only" } });

before(async () => {
  for (const n of MAJORS) {
    await es(n, "PUT", `/${INDEX}`, {
      mappings: { properties: { title: { type: "text" }, n: { type: "long" } } },
      settings: { number_of_shards: 2, number_of_replicas: 0 },
      aliases: { [ALIAS]: {} },
    });
    await es(n, "POST", `/${INDEX}/_doc?refresh=true`, { title: "a", n: 1 });
    await es(n, "POST", `/${INDEX}/_doc?refresh=true`, { title: "b", n: 2 });
  }
});

after(async () => {
  for (const n of MAJORS) await es(n, "DELETE", `/${INDEX}`);
});

describeOnMajors(
  (n) => `catalog view index on ${n}, MCP ${ERAS[0]}`,
  (n) => {
    const client = mcpClient(srv, ERAS[0]!);
    let schema: Record<string, unknown> | undefined;
    before(async () => {
      const tool = (await client.listTools()).tools.find((t) => t.name === "catalog");
      assert.equal(tool?.annotations?.readOnlyHint, true);
      schema = (await outputSchemas(client)).get("catalog");
    });

    test("state, statistics, aliases, shards, settings and mapping of one index", async () => {
      const res = await client.callTool({
        name: "catalog",
        arguments: { connection: n, view: "index", table: INDEX },
      });
      assert.notEqual(res.isError, true, JSON.stringify(res.content));
      const sc = res.structuredContent as {
        index: string;
        state: string;
        stats: { docs: number; primaries: number };
        aliases: { name: string }[];
        shards: { rows: unknown[][] };
        settings: { index: { number_of_shards: string } };
        mapping: { properties: Record<string, unknown> };
      };
      const verdict = fromJsonSchema(schema!)["~standard"].validate(sc) as { issues?: unknown };
      assert.equal(verdict.issues, undefined, JSON.stringify(verdict.issues));
      assert.equal(sc.index, INDEX);
      assert.equal(sc.state, "open");
      assert.equal(sc.stats.docs, 2);
      assert.equal(sc.stats.primaries, 2);
      assert.deepEqual(
        sc.aliases.map((a) => a.name),
        [ALIAS],
      );
      assert.equal(sc.shards.rows.length, 2);
      assert.equal(sc.settings.index.number_of_shards, "2");
      assert.deepEqual(sc.mapping.properties.n, { type: "long" });
    });

    test("a missing index is refused with its name", async () => {
      const res = await client.callTool({
        name: "catalog",
        arguments: { connection: n, view: "index", table: `${INDEX}-missing` },
      });
      assert.equal(res.isError, true);
      assert.match((res.content as { text: string }[])[0]?.text ?? "", /-missing/);
    });
  },
);
