/**
 * The `admin` view of `catalog` through the official MCP client:
 * on 8.x a repository with a snapshot and a component template, and the security view saying the
 * cluster has none; on the secured 8.x node the users, roles and an API key, never its secret.
 * Each answer is checked against the output schema tools/list declares, with a read-only token.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type Client, fromJsonSchema } from "@modelcontextprotocol/client";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import {
  addNodeConnection,
  connectClient,
  createToken,
  ERAS,
  outputSchemas,
  startTestServer,
  type TestHome,
  type TestServer,
  testHome,
} from "../support/mcp.ts";
import { makeApiKey, removeSecurityObjects } from "../support/security-objects.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `t-admviews-${RUN}`;
const REPO = `t-admviews-${RUN}`;
const SNAP = `snap-${RUN}`;
const COMPONENT = `t-admviews-c-${RUN}`;
const KEY = `t-admviews-key-${RUN}`;
const LOCATION = join(node("es8").snapshotPath as string, REPO);

let home: TestHome;
let srv: TestServer;
let client: Client;
let schema: Record<string, unknown> | undefined;
let es8: EsSession;
let secure: EsSession;
let secret = "";

before(async () => {
  es8 = sessionTo(node("es8"));
  secure = sessionTo(node("es8-secure"));
  await es8.transport.json({ method: "PUT", path: `/${INDEX}`, body: {} });
  await es8.transport.json({
    method: "PUT",
    path: `/_snapshot/${REPO}`,
    body: { type: "fs", settings: { location: LOCATION } },
  });
  await es8.transport.json({
    method: "PUT",
    path: `/_snapshot/${REPO}/${SNAP}`,
    query: { wait_for_completion: true },
    body: { indices: INDEX, include_global_state: false },
  });
  await es8.transport.json({
    method: "PUT",
    path: `/_component_template/${COMPONENT}`,
    body: { template: { settings: { number_of_shards: 1 } } },
  });
  secret = (await makeApiKey(secure.transport, KEY)).encoded;
  home = await testHome();
  await addNodeConnection(home, "es8", "es8");
  await addNodeConnection(home, "es8-secure", "es8-secure");
  const token = await createToken(home, "admin-views", "read-only");
  srv = await startTestServer(home);
  client = await connectClient(srv.url, token, ERAS[0]!);
  schema = (await outputSchemas(client)).get("catalog");
});

after(async () => {
  await client?.close();
  await srv?.stop();
  await home?.cleanup();
  await es8.transport.request({ method: "DELETE", path: `/_snapshot/${REPO}/${SNAP}` });
  await es8.transport.request({ method: "DELETE", path: `/_snapshot/${REPO}` });
  await es8.transport.request({ method: "DELETE", path: `/_component_template/${COMPONENT}` });
  await es8.transport.request({ method: "DELETE", path: `/${INDEX}` });
  await removeSecurityObjects(secure.transport, { keys: [KEY] });
  await es8.close();
  await secure.close();
  rmSync(LOCATION, { recursive: true, force: true });
});

type Table = { columns: string[]; rows: unknown[][] };

async function view<T>(connection: string, name: string): Promise<T & { view: string }> {
  const res = await client.callTool({ name: "catalog", arguments: { connection, view: name } });
  assert.notEqual(res.isError, true, JSON.stringify(res.content));
  const sc = res.structuredContent as T & { view: string };
  const verdict = fromJsonSchema(schema!)["~standard"].validate(sc) as { issues?: unknown };
  assert.equal(verdict.issues, undefined, JSON.stringify(verdict.issues));
  assert.equal(sc.view, name);
  return sc;
}

const rowOf = (t: Table, first: string) => {
  const row = t.rows.find((r) => r[0] === first || r[1] === first);
  return row ? Object.fromEntries(t.columns.map((c, i) => [c, row[i]])) : undefined;
};

describe("catalog's admin view", () => {
  test("the repository and its snapshot, with state and shards", async () => {
    const sc = await view<{ repositories: Table; snapshots: Table }>("es8", "admin");
    assert.equal(rowOf(sc.repositories, REPO)?.type, "fs");
    const snap = rowOf(sc.snapshots, SNAP);
    assert.deepEqual(
      { state: snap?.state, indices: snap?.indices, failed: snap?.failed },
      { state: "SUCCESS", indices: [INDEX], failed: 0 },
    );
  });

  test("the component template", async () => {
    const sc = await view<{ templates: Table }>("es8", "admin");
    assert.equal(rowOf(sc.templates, COMPONENT)?.kind, "component");
  });

  test("no users: says so where the cluster has none", async () => {
    const sc = await view<{ users: Table; notes: string[] }>("es8", "admin");
    assert.deepEqual(sc.users.rows, []);
    assert.match(sc.notes.join(" "), /no security on/);
  });

  test("users, roles and the API key, never its secret", async () => {
    const res = await client.callTool({
      name: "catalog",
      arguments: { connection: "es8-secure", view: "admin" },
    });
    assert.ok(!JSON.stringify(res).includes(secret), "no key secret in the answer");
    const sc = await view<{
      users: Table;
      built_in_roles: string[];
      api_keys: Table;
      truncated?: boolean;
    }>("es8-secure", "admin");
    assert.equal(sc.truncated, undefined, "the whole answer fits");
    assert.deepEqual(rowOf(sc.users, "elastic")?.roles, ["superuser"]);
    assert.ok(sc.built_in_roles.includes("superuser"));
    assert.ok(rowOf(sc.api_keys, KEY), "the live key is listed");
    assert.deepEqual(sc.api_keys.columns, ["name", "id", "owner", "created", "expires"]);
  });
});
