/**
 * Saved queries through the official MCP client on the es8 node: `catalog` view `queries` lists
 * what runs on a connection, compactly; `execute_query` runs one by name with parameters, under
 * every policy layer (a saved write refused on a Read Only connection, a destructive one only
 * through confirm_destructive_operation with the user's approval); a bad parameter is named; and
 * tools/list is the same with 200 saved queries as with none.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { QueryLibrary } from "../../src/app/queries/library.ts";
import { parseQueryFile } from "../../src/app/queries/query-file.ts";
import { ConsoleHistory } from "../../src/app/storage/console-history.ts";
import { es } from "../support/es.ts";
import {
  addNodeConnection,
  createToken,
  mcpClientFor,
  mcpTestServer,
  refused,
} from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";
import { waitFor } from "../support/quarry.ts";

const INDEX = `qt-mcp-saved-${randomBytes(3).toString("hex")}`;
const tokens: Record<string, string> = {};
const srv = mcpTestServer({
  connections: async (home) => {
    await addNodeConnection(home, "rw", "es8", "read-write", "always-allow");
    await addNodeConnection(home, "ro", "es8", "read-only", "always-allow");
    tokens.rw = await createToken(home, "rw", "read-write");
    tokens.full = await createToken(home, "full", "full-access");
  },
});
const client = mcpClientFor(srv);

const save = async (name: string, text: string) => {
  const lib = await QueryLibrary.open(srv.home.env, srv.home.dir);
  await lib.save(parseQueryFile(name, name, "console", text));
};

// After the server's own hook: it makes the folder the library is saved in.
orderedBefore(async () => {
  await es("es8", "PUT", `/${INDEX}`, { mappings: { properties: { n: { type: "integer" } } } });
  await save(
    "by-status",
    '# Orders of one status\n# @param status text\n# @param size number = 2\n# @type elasticsearch\nGET /sample-orders/_search\n{"size": {{size}}, "query": {"term": {"status": "{{status}}"}}}',
  );
  await save(
    "add-doc",
    `# Adds a document\n# @param id text\n# @param n number\nPUT /${INDEX}/_doc/{{id}}?refresh=true\n{"n": {{n}}}`,
  );
  await save("drop-index", "# Deletes an index\n# @param index text\nDELETE /{{index}}");
  await save("only-ro", "# For ro only\n# @connection ro\nGET /_cluster/health");
});
after(async () => {
  await es("es8", "DELETE", `/${INDEX}`);
});

const call = (c: Client, name: string, args: Record<string, unknown>) =>
  c.callTool({ name, arguments: args });

describe("saved queries for agents", () => {
  test("catalog view queries: names, one-line descriptions, parameters, for this connection", async () => {
    const c = await client(tokens.rw as string);
    const r = await call(c, "catalog", { connection: "rw", view: "queries" });
    const out = r.structuredContent as { queries: Record<string, string>[]; run: string };
    assert.deepEqual(out.queries, [
      { name: "add-doc", kind: "console", about: "Adds a document", params: "id:text n:number" },
      {
        name: "by-status",
        kind: "console",
        about: "Orders of one status",
        params: "status:text size:number=2",
      },
      {
        name: "drop-index",
        kind: "console",
        about: "Deletes an index",
        params: "index:text",
      },
    ]);
    assert.match(out.run, /execute_query/);
    const narrowed = await call(c, "catalog", {
      connection: "ro",
      view: "queries",
      name: "for ro",
    });
    assert.deepEqual(
      (narrowed.structuredContent as { queries: { name: string }[] }).queries.map((q) => q.name),
      ["only-ro"],
    );
  });

  test("execute_query runs a saved read with its parameters; a bad one is named", async () => {
    const c = await client(tokens.rw as string);
    const r = await call(c, "execute_query", {
      connection: "rw",
      saved: "by-status",
      params: { status: "paid" },
    });
    assert.equal(r.isError, undefined, JSON.stringify(r.content));
    const text = JSON.stringify(r.structuredContent);
    assert.equal((text.match(/"status":"paid"/g) ?? []).length, 2);
    const missing = await call(c, "execute_query", { connection: "rw", saved: "by-status" });
    assert.equal(missing.isError, true);
    assert.match(JSON.stringify(missing.content), /needs the parameter status \(text\)/);
    const typed = await call(c, "execute_query", {
      connection: "rw",
      saved: "by-status",
      params: { status: "paid", size: "two" },
    });
    assert.match(JSON.stringify(typed.content), /size of by-status is a number/);
    const elsewhere = await call(c, "execute_query", { connection: "rw", saved: "only-ro" });
    assert.match(JSON.stringify(elsewhere.content), /belongs to the connection ro, not rw/);
  });

  test("an agent's request joins the connection's history, its token named, its body kept", async () => {
    const rw = (await srv.home.storage.connections.require("rw")).id;
    const history = new ConsoleHistory(join(srv.home.dir, "console-history"));
    await waitFor(
      async () => (await history.list(rw)).some((e) => e.surface === "mcp:rw"),
      "the agent's request in the history",
    );
    const entry = (await history.list(rw)).find((e) => e.surface === "mcp:rw");
    // The request the saved query planned, its parameters in place: it can be saved as a query.
    assert.deepEqual(entry?.request, {
      method: "GET",
      path: "/sample-orders/_search",
      body: { size: 2, query: { term: { status: "paid" } } },
    });
    assert.doesNotMatch(await readFile(srv.audit.path, "utf8"), /"paid"/);
  });

  test("a saved write needs what any write needs: refused on Read Only, run on Read & Write", async () => {
    const c = await client(tokens.rw as string);
    const e = await refused(
      call(c, "execute_query", { connection: "ro", saved: "add-doc", params: { id: "a", n: 1 } }),
    );
    assert.equal(e.code, -33007);
    const ok = await call(c, "execute_query", {
      connection: "rw",
      saved: "add-doc",
      params: { id: "a", n: 7 },
    });
    assert.equal(ok.isError, undefined, JSON.stringify(ok.content));
    assert.equal(
      ((await es("es8", "GET", `/${INDEX}/_doc/a`)).body as { _source: { n: number } })._source.n,
      7,
    );
  });

  test("a saved destructive request runs only with confirmation and the user's approval", async () => {
    await es("es8", "PUT", `/${INDEX}-x`);
    const c = await client(tokens.full as string);
    const direct = await call(c, "execute_query", {
      connection: "rw",
      saved: "drop-index",
      params: { index: `${INDEX}-x` },
    }).catch((err: { code: number }) => err);
    assert.match(JSON.stringify(direct), /confirm_destructive_operation/);
    const off = srv.approvals.onChange(() => {
      for (const p of srv.approvals.pending()) srv.approvals.answer(p.id, { approve: true });
    });
    try {
      const r = await call(c, "confirm_destructive_operation", {
        connection: "rw",
        saved: "drop-index",
        params: { index: `${INDEX}-x` },
      });
      assert.equal(r.isError, undefined, JSON.stringify(r.content));
    } finally {
      off();
    }
    assert.equal((await es("es8", "HEAD", `/${INDEX}-x`)).status, 404);
  });

  test("tools/list and the instructions are the same with 200 saved queries", async () => {
    const c = await client(tokens.rw as string);
    const before = JSON.stringify(await c.listTools());
    for (let i = 0; i < 200; i++)
      await save(`bulk-${i}`, `# Query ${i}\nGET /sample-orders/_count`);
    const c2 = await client(tokens.rw as string);
    assert.equal(JSON.stringify(await c2.listTools()), before);
    assert.equal(c2.getInstructions(), c.getInstructions());
    const page = await call(c2, "catalog", { connection: "rw", view: "queries", limit: 20 });
    const out = page.structuredContent as { queries: unknown[]; next_cursor?: string };
    assert.equal(out.queries.length, 20);
    assert.equal(out.next_cursor, "20");
  });
});
