/**
 * Impact before a dangerous write, over MCP with the official client on real nodes: execute_query's
 * refusal of a `_delete_by_query` carries the matched count; confirm_destructive_operation's
 * pending approval (in the app's queue and in `quarry mcp approvals`) shows it with each index's
 * size; a wildcard DELETE is refused naming the indices it resolves to unless `indices` lists them
 * exactly, and then goes on to the approval. The resolution is checked on 7.17, 8.x and 9.x.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import type { PendingApproval } from "../../src/app/mcp-host/approvals.ts";
import type { Impact } from "../../src/core/impact.ts";
import type { HttpMethod } from "../../src/drivers/elasticsearch/wire/transport.ts";
import type { NodeName } from "../support/cluster.ts";
import { FRESH_STORE_SIZE } from "../support/datasets.ts";
import { es as esRequest } from "../support/es.ts";
import {
  addNodeConnection,
  createToken,
  type RpcFailure as McpRpcFailure,
  mcpClientFor,
  mcpTestServer,
  refused as refusedWith,
} from "../support/mcp.ts";
import { QUARRY } from "../support/quarry.ts";

const exec = promisify(execFile);
const PREFIX = `t-impact-${randomBytes(3).toString("hex")}`;
const A = `${PREFIX}-a`;
const B = `${PREFIX}-b`;
const C = `${PREFIX}-c`;

/** A request that must succeed (a DELETE may find nothing to delete). */
async function es(on: NodeName, method: HttpMethod, path: string, body?: unknown) {
  const res = await esRequest(on, method, path, body);
  if (res.status >= 300 && method !== "DELETE")
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

async function fill(on: NodeName, index: string, statuses: string[]) {
  await es(on, "PUT", `/${index}`, {
    // The approval shows the index's size: read fresh, not a size cached before the load.
    settings: { number_of_replicas: 0, ...FRESH_STORE_SIZE },
    mappings: { properties: { status: { type: "keyword" } } },
  });
  const lines = statuses.flatMap((status) => [{ index: { _index: index } }, { status }]);
  await es(
    on,
    "POST",
    "/_bulk?refresh=true",
    `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
  );
}

type RpcFailure = McpRpcFailure<{
  layer: string;
  rule: string;
  remedy: string;
  impact?: Impact;
  indices?: string[];
}>;

const refused = (p: Promise<unknown>) => refusedWith<RpcFailure["data"]>(p);

const srv = mcpTestServer({
  connections: async (home) => {
    await addNodeConnection(home, "rw", "es8", "read-write", "always-allow");
    await addNodeConnection(home, "seven", "es7", "read-write", "always-allow");
    await addNodeConnection(home, "nine", "es9", "read-write", "always-allow");
    tokens.rw = await createToken(home, "rw", "read-write");
    // One Full Access token per denial: a denied destructive request cools that token off.
    for (const t of ["full1", "full2", "full3", "full4"])
      tokens[t] = await createToken(home, t, "full-access");
  },
  server: { approvalTimeoutMs: 60_000 },
});
const tokens: Record<string, string> = {};
const client = mcpClientFor(srv);

/** The next approval the app asks for, answered with `approve` once `look` has seen it. */
function nextApproval(
  approve: boolean,
  look: (p: PendingApproval) => Promise<void> = async () => {},
): Promise<PendingApproval> {
  return new Promise((resolve, reject) => {
    let seen = false;
    const off = srv.approvals.onChange(() => {
      const p = srv.approvals.pending()[0];
      if (!p || seen) return;
      seen = true;
      off();
      look(p).then(
        () => {
          srv.approvals.answer(p.id, { approve });
          resolve(p);
        },
        (e: unknown) => {
          srv.approvals.answer(p.id, { approve: false });
          reject(e);
        },
      );
    });
  });
}

/**
 * The approval, once the call that asked has returned: asked and answered before the answer went
 * out, so already settled; a call that asked nobody fails here instead of hanging.
 */
async function answered(asked: Promise<PendingApproval>): Promise<PendingApproval> {
  const p = await Promise.race([asked, Promise.resolve(undefined)]);
  assert.ok(p, "the user was asked");
  return p;
}

before(async () => {
  await fill("es8", A, ["x", "x", "y"]);
  await fill("es8", B, ["x", "y"]);
  await fill("es8", C, ["z"]);
  for (const n of ["es7", "es9"] as const) {
    await fill(n, A, ["x"]);
    await fill(n, B, ["y", "y"]);
  }
});

after(async () => {
  for (const n of ["es7", "es8", "es9"] as const)
    for (const i of [A, B, C]) await es(n, "DELETE", `/${i}`);
});

const dbq = {
  connection: "rw",
  method: "POST" as const,
  path: `/${A}/_delete_by_query`,
  body: { query: { term: { status: "x" } } },
};

describe("execute_query's refusal says what the request would affect", () => {
  test("a _delete_by_query: the documents its query matches", async () => {
    const e = await refused(
      (await client(tokens.rw!)).callTool({ name: "execute_query", arguments: dbq }),
    );
    assert.equal(e.code, -33007);
    assert.equal(e.data.layer, "destructive-guard");
    assert.equal(e.data.impact?.matched, 2);
    assert.deepEqual(e.data.impact?.resolved, [A]);
    assert.match(
      e.message,
      new RegExp(
        `Impact, measured now: _delete_by_query deletes 2 matched documents in index ${A} \\(holding 3 documents, `,
      ),
    );
    assert.match(e.data.remedy, /confirm_destructive_operation/);
  });

  test("a wildcard DELETE: the indices it resolves to, and the names to pass", async () => {
    const e = await refused(
      (await client(tokens.rw!)).callTool({
        name: "execute_query",
        arguments: { connection: "rw", method: "DELETE", path: `/${PREFIX}-*` },
      }),
    );
    assert.deepEqual(e.data.impact?.resolved, [A, B, C]);
    assert.equal(e.data.impact?.widens, true);
    assert.match(e.data.remedy, new RegExp(`pass indices: \\["${A}","${B}","${C}"\\]`));
  });
});

describe("confirm_destructive_operation: the approval carries the impact", () => {
  test("a _delete_by_query: matched count and index size, in the queue and in quarry mcp approvals", async () => {
    let listed = "";
    const asked = nextApproval(false, async (p) => {
      // The CLI reads the pending file the app mirrors; it runs beside this process.
      const env = { ...srv.home.env };
      listed = (await exec(QUARRY, ["mcp", "approvals"], { env, timeout: 60_000 })).stdout;
      assert.ok(p.impact);
    });
    const e = await refused(
      (await client(tokens.full1!)).callTool({
        name: "confirm_destructive_operation",
        arguments: dbq,
      }),
    );
    assert.equal(e.data.layer, "user-approval", "denied by the user");
    const p = await answered(asked);
    assert.equal(p.impact?.matched, 2);
    assert.equal(p.impact?.targets[0]?.name, A);
    assert.equal(p.impact?.targets[0]?.records, 3);
    assert.ok((p.impact?.targets[0]?.bytes ?? 0) > 0);
    assert.match(listed, new RegExp(`POST /${A}/_delete_by_query`));
    assert.match(listed, /Impact: _delete_by_query deletes 2 matched documents in index /);
    assert.match(listed, new RegExp(`^ {6}${A} {2}3 records, [\\d.]+ (B|kB)$`, "m"));
    const count = await es("es8", "GET", `/${A}/_count`);
    assert.equal((count.body as { count: number }).count, 3, "nothing was deleted");
  });

  test("a wildcard DELETE without indices is refused naming them; nobody is asked", async () => {
    let asked = 0;
    const off = srv.approvals.onChange(() => {
      asked += srv.approvals.pending().length;
    });
    try {
      const e = await refused(
        (await client(tokens.full2!)).callTool({
          name: "confirm_destructive_operation",
          arguments: { connection: "rw", method: "DELETE", path: `/${PREFIX}-*` },
        }),
      );
      assert.equal(e.code, -33007);
      assert.equal(e.data.rule, "confirmation-must-name-indices");
      assert.deepEqual(e.data.indices, [A, B, C]);
      assert.match(
        e.message,
        new RegExp(`resolves to 3 indices \\(${A}, ${B}, ${C}\\), more than it names`),
      );
      assert.match(e.data.remedy, new RegExp(`again with indices: \\["${A}","${B}","${C}"\\]`));
      const wrong = await refused(
        (await client(tokens.full2!)).callTool({
          name: "confirm_destructive_operation",
          arguments: { connection: "rw", method: "DELETE", path: `/${PREFIX}-*`, indices: [A, B] },
        }),
      );
      assert.match(wrong.message, /not the 2 given in indices/);
      assert.equal(asked, 0);
    } finally {
      off();
    }
  });

  test("with exactly those indices it goes on to the approval, which lists them with their sizes", async () => {
    const asked = nextApproval(false);
    const e = await refused(
      (await client(tokens.full3!)).callTool({
        name: "confirm_destructive_operation",
        arguments: {
          connection: "rw",
          method: "DELETE",
          path: `/${PREFIX}-*`,
          indices: [C, A, B],
        },
      }),
    );
    assert.equal(e.data.rule, "approval-denied");
    const p = await answered(asked);
    assert.deepEqual(
      p.impact?.targets.map((t) => [t.name, t.records]),
      [
        [A, 3],
        [B, 2],
        [C, 1],
      ],
    );
    assert.match(p.impact?.summary ?? "", /^deletes 3 indices \(.+\): 6 documents, /);
    for (const i of [A, B, C]) assert.equal((await es("es8", "HEAD", `/${i}`)).status, 200);
  });

  test("approved, a _close on one index runs after showing its size", async () => {
    const asked = nextApproval(true);
    const res = await (await client(tokens.full4!)).callTool({
      name: "confirm_destructive_operation",
      arguments: { connection: "rw", method: "POST", path: `/${C}/_close` },
    });
    assert.equal(res.isError ?? false, false);
    const p = await answered(asked);
    assert.match(p.impact?.summary ?? "", new RegExp(`^closes index ${C}: 1 document, `));
    await es("es8", "POST", `/${C}/_open`);
  });
});

describe("the resolution on every major", () => {
  for (const [connection, name] of [
    ["seven", "7.17"],
    ["nine", "9.x"],
  ] as const)
    test(`${name}: a wildcard resolves to its indices with their documents`, async () => {
      const e = await refused(
        (await client(tokens.rw!)).callTool({
          name: "execute_query",
          arguments: { connection, method: "DELETE", path: `/${PREFIX}-*` },
        }),
      );
      assert.equal(e.data.impact?.unmeasured, undefined, e.data.impact?.summary);
      assert.deepEqual(
        e.data.impact?.targets.map((t) => [t.name, t.records]),
        [
          [A, 1],
          [B, 2],
        ],
      );
    });
});
