/**
 * The app's one session pool (src/app/connections/session-pool.ts): a session opened once and
 * shared, replaced when its connection changes, and closed after its grids on an edit, a removal
 * or the app's stop. Sessions here are stand-ins that record their closing; no database is used.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AppStorage } from "../../src/app/connections/connection-service.ts";
import { SessionPool } from "../../src/app/connections/session-pool.ts";
import type { SavedConnection } from "../../src/core/connections.ts";
import type { DriverSession, GridView } from "../../src/core/driver.ts";

function world() {
  const events: string[] = [];
  let opened = 0;
  const saved = new Map<string, SavedConnection>();
  const connection = (id: string, updatedAt = "1") => {
    const c = { id, name: id, updatedAt, settings: {} } as unknown as SavedConnection;
    saved.set(id, c);
    return c;
  };
  const storage = {
    connections: { require: async (id: string) => saved.get(id)! },
  } as unknown as AppStorage;
  const pool = new SessionPool(storage, async (c) => {
    const n = ++opened;
    events.push(`open ${c.id}#${n}`);
    const session = {
      driverName: "Test",
      close: async () => void events.push(`close session ${c.id}#${n}`),
    } as unknown as DriverSession;
    return { connection: c, session };
  });
  const grid = (name: string): GridView => ({
    browse: async () => assert.fail("not browsed"),
    close: async () => void events.push(`close grid ${name}`),
  });
  return { events, pool, connection, grid };
}

test("the UI and the MCP server share one session per connection", async () => {
  const { events, pool, connection } = world();
  const c = connection("a");
  const [one, two] = await Promise.all([pool.session("a"), pool.lend(c)]);
  assert.equal(one.session, two);
  assert.deepEqual(events, ["open a#1"]);
  await pool.close();
});

test("an edit or a removal closes the connection's grids, then its session", async () => {
  const { events, pool, connection, grid } = world();
  connection("a");
  connection("b");
  await pool.session("a");
  await pool.session("b");
  pool.grids.add("a", "t", grid("a/t"));
  pool.grids.add("b", "t", grid("b/t"));
  await pool.forget("a");
  assert.deepEqual(events.slice(2), ["close grid a/t", "close session a#1"]);
  assert.ok(pool.grids.holds("b"));
  await pool.close();
  assert.deepEqual(events.slice(4), ["close grid b/t", "close session b#2"]);
});

test("a connection changed elsewhere gets a new session; the old one closes after its grids", async () => {
  const { events, pool, connection, grid } = world();
  await pool.lend(connection("a", "1"));
  pool.grids.add("a", "t", grid("a/t"));
  await pool.lend(connection("a", "2"));
  assert.deepEqual(events, ["open a#1", "close grid a/t", "close session a#1", "open a#2"]);
  await pool.close();
});

test("a stopped pool opens nothing more, and says why", async () => {
  const { pool, connection } = world();
  connection("a");
  await pool.close();
  await assert.rejects(pool.session("a"), /Quarry is stopping: the connection "a" was not opened/);
});
