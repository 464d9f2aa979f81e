/**
 * The app's one owner of live state (src/app/live/live-state.ts): a session opened once and
 * shared, replaced when its connection changes; forgetting a connection (an edit, a removal)
 * cancels its jobs and closes its grids, waiting for each to end, before its session; stopping
 * does the same for all. Sessions here are stand-ins that record their closing; no database is
 * used.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AppStorage } from "../../src/app/connections/connection-service.ts";
import { LiveState, plainJobs } from "../../src/app/live/live-state.ts";
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
  const grid = (name: string): GridView => ({
    browse: async () => assert.fail("not browsed"),
    close: async () => void events.push(`close grid ${name}`),
  });
  const live = new LiveState(storage, plainJobs(), async (c: SavedConnection) => {
    const n = ++opened;
    events.push(`open ${c.id}#${n}`);
    const session = {
      driverName: "Test",
      close: async () => void events.push(`close session ${c.id}#${n}`),
      grid: {
        openGrid: async (table: string) => ({
          view: grid(`${c.id}/${table}`),
          columns: [],
          filterOps: [],
        }),
      },
    } as unknown as DriverSession;
    return { connection: c, session };
  });
  /** A job that runs until aborted, then takes a turn to close its scan (as an export does). */
  const job = (name: string, connections: string[]) => {
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const view = live.jobs.start(
      name,
      name,
      ({ signal }) =>
        new Promise<unknown>((_resolve, reject) => {
          started();
          signal.addEventListener("abort", () => {
            void Promise.resolve().then(() => {
              events.push(`job ${name} closed its scan`);
              reject(new Error("aborted"));
            });
          });
        }),
      { connections },
    );
    return { view, running };
  };
  return { events, live, connection, grid, job };
}

test("the UI and the MCP server share one session per connection", async () => {
  const { events, live, connection } = world();
  const c = connection("a");
  const [one, two] = await Promise.all([live.session("a"), live.lend(c)]);
  assert.equal(one.session, two);
  assert.deepEqual(events, ["open a#1"]);
  await live.close();
});

test("forgetting a connection cancels its jobs and closes its grids, waiting for each, then its session", async () => {
  const { events, live, connection, job } = world();
  connection("a");
  connection("b");
  await live.openGrid("a", "t");
  await live.openGrid("b", "t");
  const a = job("export-a", ["a"]);
  const b = job("export-b", ["b"]);
  await Promise.all([a.running, b.running]);
  await live.forget("a");
  assert.deepEqual(events.slice(2).sort(), [
    "close grid a/t",
    "close session a#1",
    "job export-a closed its scan",
  ]);
  assert.equal(events.at(-1), "close session a#1");
  assert.equal(a.view.state, "cancelled");
  assert.equal(b.view.state, "running");
  assert.ok(live.grids.holds("b"));
  await live.close();
  assert.equal(events.at(-1), "close session b#2");
  assert.ok(events.includes("job export-b closed its scan"));
  assert.ok(events.includes("close grid b/t"));
  assert.equal(b.view.state, "cancelled");
});

test("a copy between two connections is cancelled when either is forgotten", async () => {
  const { live, connection, job } = world();
  connection("a");
  connection("b");
  const copy = job("copy", ["a", "b"]);
  await copy.running;
  await live.forget("b");
  assert.equal(copy.view.state, "cancelled");
  await live.close();
});

test("work an MCP call runs on a connection is cancelled by forgetting it, and waited for", async () => {
  const { events, live, connection } = world();
  connection("a");
  await live.session("a");
  let started!: () => void;
  const running = new Promise<void>((r) => {
    started = r;
  });
  const work = live.jobs.track({ connections: ["a"] }, undefined, (signal) => {
    started();
    return new Promise<never>((_resolve, reject) =>
      signal.addEventListener("abort", () => {
        events.push("export_data closed its scan");
        reject(new Error("aborted"));
      }),
    );
  });
  await running;
  assert.ok(live.jobs.holds("a"));
  const forgotten = live.forget("a");
  await assert.rejects(work, /aborted/);
  await forgotten;
  assert.deepEqual(events, ["open a#1", "export_data closed its scan", "close session a#1"]);
  assert.equal(live.jobs.holds("a"), false);
  await live.close();
});

test("a connection changed elsewhere gets a new session; the old one closes after its grids", async () => {
  const { events, live, connection } = world();
  await live.lend(connection("a", "1"));
  await live.openGrid("a", "t");
  await live.lend(connection("a", "2"));
  assert.deepEqual(events, ["open a#1", "close grid a/t", "close session a#1", "open a#2"]);
  await live.close();
});

test("a session of its own is closed after its use, and by the stop while in use", async () => {
  const { events, live } = world();
  const own = (n: string) =>
    ({ close: async () => void events.push(`close own ${n}`) }) as unknown as DriverSession;
  assert.equal(
    await live.once(
      () => own("1"),
      async () => "tested",
    ),
    "tested",
  );
  assert.deepEqual(events, ["close own 1"]);
  let inUse!: () => void;
  const using = new Promise<void>((r) => {
    inUse = r;
  });
  const held = live.once(
    () => own("2"),
    () => {
      inUse();
      return new Promise<void>(() => {});
    },
  );
  await using;
  await live.close();
  assert.deepEqual(events, ["close own 1", "close own 2"]);
  void held;
});

test("a stopped owner opens nothing more, and says why", async () => {
  const { live, connection } = world();
  connection("a");
  await live.close();
  await assert.rejects(live.session("a"), /Quarry is stopping: the connection "a" was not opened/);
  await assert.rejects(
    live.once(
      () => assert.fail("not opened"),
      async () => undefined,
    ),
    /Quarry is stopping/,
  );
});
