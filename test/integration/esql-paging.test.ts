/**
 * ES|QL on the real engine of the 8.19 node (docs/testing.md, "ES|QL"), past its row cap and as
 * async queries: `quarry esql --all` writes all 30,000 sample orders in keyed pages (three times
 * the 10,000-row cap) with the count checked, refuses a STATS query for `--all` with the reason
 * while it still answers without it; a query runs as an async query whose id is deleted once
 * answered, and when cancelled from the driver, the CLI (Ctrl-C) or an MCP cancellation; the MCP
 * `export_data` writes a query's every row.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { TaskProgress } from "../../src/core/console.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { addNodeConnection, mcpClient, mcpTestServer } from "../support/mcp.ts";
import { recordingProxy } from "../support/recording-proxy.ts";

const es8 = node("es8");
const ORDERS = 30_000;
/** A query the engine takes many seconds over (30 million rows made and counted): it is cancelled. */
// 600,000,000 rows to count: about 15 s on a quiet two-core machine, so a query stopped after its
// first 1 s wait is still running, however fast the machine (30,000,000 took 0.5 s: too close).
const SLOW =
  'FROM sample-orders | EVAL r = SPLIT(REPEAT("a,", 999), ","), s = SPLIT(REPEAT("b,", 19), ",") | MV_EXPAND r | MV_EXPAND s | STATS n = COUNT(*)';

async function ordersCount(where = ""): Promise<number> {
  const res = await es(
    "es8",
    "POST",
    "/sample-orders/_count",
    where ? { query: { term: { status: where } } } : undefined,
  );
  return (res.body as { count: number }).count;
}

/** Whether the cluster still holds the async query `id` (deleted: 404). */
async function held(id: string): Promise<boolean> {
  return (await es("es8", "GET", `/_query/async/${encodeURIComponent(id)}`)).status !== 404;
}

describe("quarry esql --all on the real engine", () => {
  const cli = cliRunner("esql-all");

  test("every row of the index in keyed pages by _id, past the cap, each once, the count checked", async () => {
    const r = await cli.ok([
      "esql",
      es8.url,
      "FROM sample-orders | KEEP order_id, total",
      "--all",
      "--format",
      "csv",
    ]);
    const lines = r.out.trimEnd().split("\r\n");
    assert.equal(lines[0], "order_id,total");
    const ids = new Set(lines.slice(1).map((l) => l.split(",")[0]));
    assert.equal(lines.length - 1, ORDERS);
    assert.equal(ids.size, ORDERS);
    assert.equal(await ordersCount(), ORDERS);
    assert.match(r.err, /30,000 of 30,000 rows written to standard output \(csv/);
  });

  test("by a column key, with the query's own filter and final LIMIT, as NDJSON to a file", async () => {
    const out = join(cli.home, "paid.ndjson");
    const paid = await ordersCount("paid");
    assert.ok(paid > 1_000);
    const limit = paid - 7;
    await cli.ok([
      "esql",
      es8.url,
      `FROM sample-orders | WHERE status == "paid" | EVAL twice = total * 2 | LIMIT ${limit}`,
      "--all",
      "--key",
      "order_id",
      "--format",
      "ndjson",
      "--out",
      out,
    ]);
    const rows = (await readFile(out, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(rows.length, limit);
    assert.ok(rows.every((row) => row.status === "paid" && row.twice === row.total * 2));
    const keys = rows.map((row) => row.order_id as string);
    assert.deepEqual(keys, [...keys].sort(), "pages come in key order");
  });

  test("a STATS query is refused for --all with the reason, and still answers without it", async () => {
    const query = "FROM sample-orders | STATS n = COUNT(*) BY status";
    const refused = await cli.quarry(["esql", es8.url, query, "--all", "--format", "csv"]);
    assert.equal(refused.code, 2);
    assert.match(
      refused.err,
      /cannot be read in keyed pages past the 10,000-row cap: its rows are groups made by STATS/,
    );
    assert.equal(refused.out, "");
    const answered = await cli.ok(["esql", es8.url, query, "--format", "csv"]);
    assert.equal(answered.out.trimEnd().split("\r\n").length, 7);
  });

  test("Ctrl-C stops a running query on the cluster: its async id is deleted", async () => {
    const main = join(import.meta.dirname, "..", "..", "src/cli/main.ts");
    const child = spawn(process.execPath, [main, "esql", es8.url, SLOW], {
      env: { ...process.env, QUARRY_HOME: cli.home },
    });
    let err = "";
    const id = await new Promise<string>((resolve) => {
      child.stderr.on("data", (d) => {
        err += d;
        const m = /query (\S+) is running; Ctrl-C stops it/.exec(err);
        if (m?.[1]) resolve(m[1]);
      });
    });
    const code = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGINT");
    assert.equal(await code, 1);
    assert.match(err, /cancelled: the query was stopped on the cluster/);
    assert.equal(await held(id), false);
  });
});

describe("async queries from the driver", () => {
  test("a query still running after the first wait is polled, answered, and its id deleted", async () => {
    const proxy = await recordingProxy(es8.url);
    const s = session({ ...plainConfig(es8), port: proxy.port });
    try {
      const progress: TaskProgress[] = [];
      const r = await s.console.run(
        {
          method: "POST",
          path: "/_query",
          // No wait at first: the cluster answers with an id, whatever the machine's speed.
          body: {
            query: "FROM sample-orders | STATS n = COUNT(*)",
            wait_for_completion_timeout: "0s",
          },
        },
        { onProgress: (p) => progress.push(p) },
      );
      assert.equal(r.kind, "json");
      assert.deepEqual(r.kind === "json" ? r.queryTable?.rows : undefined, [[ORDERS]]);
      const id = progress[0]?.task;
      assert.ok(id);
      const sent = proxy.sent();
      assert.equal(sent[sent.length - 1], `DELETE /_query/async/${encodeURIComponent(id)}`);
      assert.ok(sent.includes("POST /_query/async"));
      assert.equal(await held(id), false);
    } finally {
      await s.close();
      await proxy.close();
    }
  });

  test("cancelled while it runs: stopped and deleted, the caller's abort thrown", async () => {
    const s = session(plainConfig(es8));
    const controller = new AbortController();
    let id: string | undefined;
    try {
      await assert.rejects(
        s.console.run(
          { method: "POST", path: "/_query", body: { query: SLOW } },
          {
            signal: controller.signal,
            onProgress: (p) => {
              id = p.task;
              controller.abort();
            },
          },
        ),
        { name: "AbortError" },
      );
      assert.ok(id);
      assert.equal(await held(id), false);
    } finally {
      await s.close();
    }
  });
});

describe("MCP: esql cancelled, export_data of a query", () => {
  const srv = mcpTestServer({
    token: { name: "esql-pages", scope: "read-only" },
    connections: (home) => addNodeConnection(home, "es8", "es8", "read-only"),
  });
  const client = mcpClient(srv);

  test("an MCP cancellation stops the running query and deletes its async id", async () => {
    const controller = new AbortController();
    let id: string | undefined;
    await assert.rejects(
      client.callTool(
        { name: "esql", arguments: { connection: "es8", query: SLOW } },
        {
          signal: controller.signal,
          onprogress: (p) => {
            id ??= /query (\S+) running/.exec(p.message ?? "")?.[1];
            controller.abort();
          },
        },
      ),
    );
    assert.ok(id);
    // The server acts on the cancellation on its own time: the id goes once it has.
    for (;;) if (!(await held(id))) break;
  });

  test("export_data with esql writes every row past the cap, the count checked", async () => {
    const res = await client.callTool({
      name: "export_data",
      arguments: { connection: "es8", esql: "FROM sample-orders | KEEP order_id", format: "csv" },
    });
    const sc = res.structuredContent as { path: string; written: number; expected: number };
    assert.equal(res.isError ?? false, false, JSON.stringify(sc));
    assert.equal(sc.written, ORDERS);
    assert.equal(sc.expected, ORDERS);
    const lines = (await readFile(sc.path, "utf8")).trimEnd().split("\r\n");
    assert.equal(new Set(lines.slice(1)).size, ORDERS);
  });

  test("export_data refuses a STATS query with the reason, before any file", async () => {
    const res = await client.callTool({
      name: "export_data",
      arguments: { connection: "es8", esql: "FROM sample-orders | STATS n = COUNT(*) BY status" },
    });
    assert.equal(res.isError, true);
    const error = (res.structuredContent as { error: { message: string } }).error;
    assert.match(error.message, /groups made by STATS/);
  });
});
