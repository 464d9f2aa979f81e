/**
 * What a model reads before its first call (docs/mcp.md, "The catalog"): the server instructions
 * plus each tool's name, description and input schema, as an MCP client passes them on to a model
 * API, measured through the official client's own tools/list in every revision. Over the budget,
 * this fails: the catalog is sent with every model request of an agent loop.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { connectClient, ERAS, mcpTestServer } from "../support/mcp.ts";

const BUDGET = 3_600;
/** The tools the specification names (docs/mcp.md, "The catalog"). */
const NAMED = [
  "list_connections",
  "list_tables",
  "describe_table",
  "execute_query",
  "confirm_destructive_operation",
];

const srv = mcpTestServer({
  connections: async () => {},
  token: { name: "budget", scope: "read-only" },
});

for (const era of ERAS) {
  test(`${era}: instructions + tools (name, description, input schema) fit ${BUDGET} characters`, async () => {
    const client = await connectClient(srv.url, srv.token, era);
    try {
      const instructions = client.getInstructions() ?? "";
      const { tools } = await client.listTools();
      // What a model API takes per tool: its name, description and input schema, as JSON.
      const perTool = tools.map(
        (t) =>
          JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })
            .length,
      );
      const total = instructions.length + perTool.reduce((a, b) => a + b, 0);
      assert.ok(instructions.length > 200, "the instructions carry the detail");
      assert.ok(tools.length >= 8, "every capability is still offered");
      for (const name of NAMED)
        assert.ok(
          tools.some((t) => t.name === name),
          `${name} is listed`,
        );
      assert.match(instructions, /Start with list_connections/);
      assert.match(instructions, /describe_table before writing a query/);
      assert.ok(
        total <= BUDGET,
        `${total} characters (instructions ${instructions.length}, tools ${tools.map((t, i) => `${t.name} ${perTool[i]}`).join(", ")})`,
      );
      // Output schemas stay for the clients that read them.
      for (const t of tools) assert.equal(t.outputSchema?.type, "object", t.name);
    } finally {
      await client.close();
    }
  });
}
