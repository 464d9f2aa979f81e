/**
 * The driver contract suite (docs/testing.md, "The driver contract suite"): one set of tests that
 * every driver passes, run against each driver with a table of the same five rows. A harness
 * gives a session and the table's name; the suite reads, pages, edits, asks the console and the
 * facets the driver offers, and closes.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { DriverSession } from "../../src/core/driver.ts";
import { offered } from "../../src/core/facet-access.ts";
import { FACET_WORDS, type FacetName } from "../../src/core/facets.ts";
import type { BrowseResult, Row } from "../../src/core/grid.ts";

/** The rows every harness loads, keyed by their name: the suite finds a row by it. */
export const CONTRACT_ROWS: readonly { name: string; age: number; team: string }[] = [
  { name: "Ann", age: 31, team: "red" },
  { name: "Bob", age: 25, team: "blue" },
  { name: "Cy", age: 40, team: "red" },
  { name: "Dee", age: 19, team: "blue" },
  { name: "Eve", age: 52, team: "red" },
];

export interface ContractHarness {
  /** Loads CONTRACT_ROWS into a new table and opens a session on it. */
  open(): Promise<{ session: DriverSession; table: string }>;
  /** Drops what `open` made (the session is closed by the suite). */
  dispose(): Promise<void>;
}

const names = (page: BrowseResult) => page.rows.map((r) => r.cells.name);

/** Runs the shared contract on one driver. */
export function driverContract(title: string, harness: ContractHarness): void {
  describe(`the driver contract: ${title}`, () => {
    let session: DriverSession;
    let table: string;
    const rowNamed = async (name: string): Promise<Row> => {
      const page = await session.grid.browse(table, {
        filters: [{ column: "name", op: "eq", value: name }],
      });
      const [row] = page.rows;
      assert.ok(row, `row ${name} in ${JSON.stringify(names(page))}`);
      return row;
    };

    before(async () => {
      ({ session, table } = await harness.open());
    });
    after(async () => {
      await harness.dispose();
    });

    it("identifies its server and names its driver", async () => {
      const info = await session.testConnection();
      assert.ok(info.product.length > 0 && Number.isInteger(info.major), JSON.stringify(info));
      assert.ok(session.driverName.length > 0);
    });

    it("lists its tables, narrowed by a part of the name, and describes one", async () => {
      const all = await session.grid.listTables();
      assert.ok(
        all.some((t) => t.name === table),
        all.map((t) => t.name).join(", "),
      );
      const part = table.slice(1, -1).toLowerCase();
      const some = await session.grid.listTables({ nameContains: part });
      assert.ok(some.some((t) => t.name === table));
      const columns = (await session.grid.describeTable(table)).map((c) => c.name);
      for (const name of ["name", "age", "team"]) assert.ok(columns.includes(name), `${columns}`);
    });

    it("browses with a filter, a sort and pages", async () => {
      const request = {
        filters: [{ column: "team", op: "eq" as const, value: "red" }],
        sort: [{ column: "age", direction: "desc" as const }],
        pageSize: 2,
      };
      const first = await session.grid.browse(table, request);
      assert.equal(first.total, 3);
      assert.deepEqual(names(first), ["Eve", "Cy"]);
      const second = await session.grid.browse(table, { ...request, page: 2 });
      assert.deepEqual(names(second), ["Ann"]);
      const everyone = await session.grid.browse(table, {
        sort: [{ column: "age", direction: "asc" }],
      });
      assert.deepEqual(names(everyone), ["Dee", "Bob", "Ann", "Cy", "Eve"]);
    });

    it("keeps a grid open: its columns, filter operators, first page and the next", async () => {
      const opened = await session.grid.openGrid(table, {
        sort: [{ column: "age", direction: "asc" }],
        pageSize: 2,
      });
      try {
        assert.deepEqual(names(opened.first!), ["Dee", "Bob"]);
        assert.ok(opened.columns.some((c) => c.name === "team"));
        const team = opened.filterOps.find((f) => f.column === "team");
        assert.ok(team?.ops.includes("eq"), JSON.stringify(opened.filterOps));
        const column = opened.columns.find((c) => c.name === "team")!;
        assert.deepEqual(session.grid.filterOps(column), team?.ops);
        const next = await opened.view.browse({
          sort: [{ column: "age", direction: "asc" }],
          pageSize: 2,
          page: 2,
        });
        assert.deepEqual(names(next), ["Ann", "Cy"]);
      } finally {
        await opened.view.close();
      }
    });

    it("edits a row by its key: checked, saved, read back", async () => {
      const bob = await rowNamed("Bob");
      const update = {
        _id: bob._id,
        _index: bob._index,
        ...(bob.version ? { version: bob.version } : {}),
        set: { age: 26 },
      };
      const changes = { updates: [update], inserts: [], deletes: [] };
      assert.deepEqual(await session.changes.validate(table, changes), []);
      const saved = await session.changes.save(table, changes);
      assert.equal(saved.results[0]?.ok, true, JSON.stringify(saved));
      assert.deepEqual(saved.remaining.updates, []);
      assert.equal(await session.grid.readValue(table, bob._id, "age"), 26);
      assert.equal((await rowNamed("Bob")).cells.age, 26);
      // A second write with the version read before the first is a conflict: nothing is lost.
      if (bob.version) {
        const stale = await session.changes.save(table, {
          updates: [{ ...update, set: { age: 99 } }],
          inserts: [],
          deletes: [],
        });
        assert.equal(stale.results[0]?.ok, false);
        assert.equal(await session.grid.readValue(table, bob._id, "age"), 26);
      }
    });

    it("reads and writes its console language, and classifies one request the same way", async () => {
      const [block] = session.console.parse(`GET /${table}`);
      const request = block?.request;
      assert.ok(request, JSON.stringify(block));
      assert.equal(request.method, "GET");
      assert.equal(session.console.classify(request), "read");
      assert.equal(session.console.check(request).class, "read");
      const again = session.console.parse(session.console.format(request))[0]?.request;
      assert.deepEqual([again?.method, again?.path], [request.method, request.path]);
      const result = await session.console.run(request);
      assert.equal(result.status, 200);
      const view = await session.grid.viewAsRequest(table, {
        sort: [{ column: "age", direction: "asc" }],
      });
      assert.equal(session.console.classify(view), "read");
      const pasted = session.console.fromCurl(session.console.toCurl(request)).text;
      const back = session.console.parse(pasted)[0]?.request;
      assert.deepEqual([back?.method, back?.path], [request.method, request.path], pasted);
    });

    it("offers each facet as an object that works, and refuses none it offers", async () => {
      const offers = (Object.keys(FACET_WORDS) as FacetName[]).filter((f) => offered(session, f));
      for (const name of offers) assert.equal(typeof offered(session, name), "object", name);
      const views = offered(session, "tableViews");
      if (views) {
        const stats = await views.tableStats(table);
        assert.equal(stats.find((s) => s.name === table)?.docs, CONTRACT_ROWS.length);
        const fields = await views.findFields({ name: "team", tables: table });
        assert.ok(
          fields.some((f) => f.name.startsWith("team")),
          JSON.stringify(fields),
        );
      }
      const impact = offered(session, "impact");
      if (impact) {
        const measured = await impact.measureImpact({ method: "DELETE", path: `/${table}` });
        assert.deepEqual(measured?.resolved, [table]);
      }
    });

    it("closes", async () => {
      await session.close();
    });
  });
}
