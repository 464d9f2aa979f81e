/**
 * Browsing against real 7.17 and 8.x nodes: tables, columns from mappings, rows and
 * cells, filters typed by mapping (nested same-element semantics included), sorting and its
 * dropped-column report, the Raw SQL filter, and the max_result_window refusal. Expected results
 * are computed from the same generator that loaded the data.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { type BrowseRequest, CELL_DISPLAY_LIMIT, type FilterRow } from "../../src/core/grid.ts";
import { browse, openGrid } from "../../src/drivers/elasticsearch/grid/browse.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { describeTable } from "../../src/drivers/elasticsearch/table/mapping.ts";
import type { EsRow as Row } from "../../src/drivers/elasticsearch/table/row-version.ts";
import { listTables } from "../../src/drivers/elasticsearch/table/tables.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { node, securedConfig, session, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadConflictingPair, loadOrders, orders } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { refusalOf } from "../support/refusal.ts";

const P = "qt-browse-rules";
const ORDERS = `${P}-orders`;
const PAIR = { a: `${P}-pair-a`, b: `${P}-pair-b`, alias: `${P}-pair` };
const MRW = `${P}-mrw`;
const HIDDEN = `${P}-hidden`;
const CLOSED = `${P}-closed`;
const DOT = `.${P}-dot`;
const GENERATED = 600;

// The generated orders and the hand-made specials, exactly as loaded into ORDERS.
type Doc = Record<string, unknown> & {
  items?: Record<string, unknown>[];
  pairs?: Record<string, unknown>[];
};
const DOCS = new Map([...orders(GENERATED)] as [string, Doc][]);

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const city = (d: Doc): string | undefined =>
  (d.customer as { address?: { city?: string } } | undefined)?.address?.city;

/** The ids of the generated documents that satisfy `pred`, sorted. */
function expected(pred: (d: Doc) => boolean): string[] {
  return [...DOCS]
    .filter(([, d]) => pred(d))
    .map(([id]) => id)
    .sort();
}

describeOnMajors(
  (name) => `browsing on ${name}`,
  (name) => {
    let s: EsSession;
    let t: EsTransport;
    const ids = async (req: BrowseRequest, table = ORDERS) =>
      (await browse(t, table, { pageSize: 1000, ...req })).rows.map((r) => r._id).sort();
    const filtered = (...filters: FilterRow[]) => ids({ filters });

    before(async () => {
      s = sessionTo(node(name));
      t = s.transport;
      await loadOrders(t, ORDERS, GENERATED, { shards: 2 });
      await loadConflictingPair(t, PAIR);
      await loadOrders(t, MRW, 50, { settings: { "index.max_result_window": 5000 } });
      await loadOrders(t, HIDDEN, 5, { settings: { "index.hidden": true } });
      await loadOrders(t, CLOSED, 5);
      await t.json({ method: "POST", path: `/${CLOSED}/_close` });
      await loadOrders(t, DOT, 5);
    });

    after(async () => {
      await deleteIndices(t, ORDERS, PAIR.a, PAIR.b, MRW, HIDDEN, CLOSED, DOT);
      await s.close();
    });

    describe("tables", () => {
      it("lists concrete indices with top-level counts; hides dot names and aliases; keeps hidden and closed ones", async () => {
        const tables = await listTables(t);
        const mine = new Map(tables.filter((x) => x.name.startsWith(P)).map((x) => [x.name, x]));
        assert.deepEqual([...mine.keys()].sort(), [CLOSED, HIDDEN, MRW, ORDERS, PAIR.a, PAIR.b]);
        // Nested line items are Lucene documents too; the grid counts orders.
        assert.equal(mine.get(ORDERS)?.docCount, GENERATED + 4);
        assert.ok((mine.get(ORDERS)?.sizeBytes ?? 0) > 0);
        assert.equal(mine.get(HIDDEN)?.docCount, 9);
        assert.equal(mine.get(CLOSED)?.status, "close");
        assert.equal(mine.get(CLOSED)?.docCount, null);
        assert.ok(!tables.some((x) => x.name.startsWith(".")));
        assert.ok(!tables.some((x) => x.name === PAIR.alias));
      });
    });

    describe("columns", () => {
      it("flattens objects, splits nested arrays into a JSON column and leaves, puts meta first", async () => {
        const cols = await describeTable(t, ORDERS);
        const by = new Map(cols.map((c) => [c.name, c]));
        assert.deepEqual(
          cols.slice(0, 3).map((c) => c.name),
          ["_id", "_index", "_score"],
        );
        assert.equal(by.get("customer.address.city")?.type, "keyword");
        assert.equal(by.get("items")?.kind, "nested-parent");
        assert.equal(by.get("items.price")?.kind, "nested-leaf");
        assert.equal(by.get("title")?.sortField, "title.keyword");
        assert.equal(by.get("notes")?.sortField, null);
        assert.deepEqual(by.get("customer.name")?.multiFields, [
          { name: "customer.name.keyword", type: "keyword" },
        ]);
      });

      it("an alias, a pattern and a comma list show the union, marking the conflicting field", async () => {
        for (const target of [PAIR.alias, `${P}-pair-*`, `${PAIR.a},${PAIR.b}`]) {
          const by = new Map((await describeTable(t, target)).map((c) => [c.name, c]));
          assert.equal(by.get("code")?.type, "conflict", target);
          assert.deepEqual(by.get("code")?.conflict, { keyword: [PAIR.a], long: [PAIR.b] });
          assert.equal(by.get("level")?.type, "keyword");
          assert.ok(by.has("only_a") && by.has("only_b"), target);
          assert.equal(by.get("n")?.sortField, "n", "integer and long sort together");
        }
      });

      it("an unknown name or an empty pattern is table_not_found", async () => {
        for (const target of [`${P}-nope`, `${P}-nope-*`]) {
          const e = await refusalOf(describeTable(t, target));
          assert.equal(e.code, "table_not_found");
          assert.equal(e.message, `No index, alias or pattern matches "${target}"`);
          const b = await refusalOf(browse(t, target));
          assert.equal(b.code, "table_not_found");
        }
      });
    });

    describe("closed indices", () => {
      it("browsing a closed index names it and says how to open it", async () => {
        const e = await refusalOf(browse(t, CLOSED));
        assert.equal(e.code, "table_closed");
        assert.equal(e.message, `Index "${CLOSED}" is closed, so "${CLOSED}" cannot be browsed`);
        assert.match(e.remedy, new RegExp(`POST /${CLOSED}/_open`));
      });
    });

    describe("rows", () => {
      let rows: Map<string, Row>;
      before(async () => {
        const res = await browse(t, ORDERS, { pageSize: 1000 });
        rows = new Map(res.rows.map((r) => [r._id, r]));
        assert.equal(res.total, GENERATED + 4, "an exact count");
        assert.equal(res.paging, "from-size");
      });

      it("fill every column from _source, with the concurrency tokens", () => {
        const r = rows.get("ORD-0000007")!;
        const d = DOCS.get("ORD-0000007")!;
        const c = d.customer as { address: { city: string }; name: string };
        assert.equal(r.cells["customer.address.city"], c.address.city);
        assert.equal(r.cells["customer.name"], c.name);
        assert.equal(r.cells.total, d.total);
        assert.equal(r.cells._index, ORDERS);
        assert.ok(r._seq_no >= 0);
        assert.ok(r._primary_term >= 1);
      });

      it("a nested leaf is a JSON array with one entry per object, null where one omits it", () => {
        const r = rows.get("omitting-items")!;
        assert.equal(r.cells["items.sku"], '["KB-01",null,"MS-02"]');
        assert.equal(r.cells["items.price"], "[null,9.9,null]");
        assert.equal(r.cells["items.name"], '[null,null,"Wireless mouse"]');
        assert.deepEqual(JSON.parse(r.cells.items as string), DOCS.get("omitting-items")?.items);
        assert.ok(r.json.includes("items") && r.json.includes("items.sku"));
      });

      it("arrays of scalars render as JSON", () => {
        const withTags = [...rows.values()].find(
          (r) => ((DOCS.get(r._id)?.tags as string[] | undefined)?.length ?? 0) > 1,
        )!;
        assert.deepEqual(JSON.parse(withTags.cells.tags as string), DOCS.get(withTags._id)?.tags);
        assert.ok(withTags.json.includes("tags"));
      });

      it("cells over 10,000 characters are cut, end in ..., and are listed as cut", () => {
        const r = rows.get("long-cells")!;
        assert.equal((r.cells.notes as string).length, CELL_DISPLAY_LIMIT);
        assert.ok((r.cells.notes as string).endsWith("..."));
        assert.ok((r.cells.tags as string).startsWith('["tag-0-'));
        assert.ok((r.cells.tags as string).endsWith("..."));
        assert.deepEqual(r.cut.sort(), ["notes", "tags"]);
      });
    });

    describe("filters", () => {
      it("keyword =, !=, in, like on real data", async () => {
        assert.deepEqual(
          await filtered({ column: "status", op: "eq", value: "paid" }),
          expected((d) => d.status === "paid"),
        );
        assert.deepEqual(
          await filtered({ column: "status", op: "neq", value: "paid" }),
          expected((d) => d.status !== "paid"),
        );
        assert.deepEqual(
          await filtered({ column: "tags", op: "in", value: ["gift", "promo"] }),
          expected((d) => ((d.tags ?? []) as string[]).some((x) => x === "gift" || x === "promo")),
        );
        assert.deepEqual(
          await filtered({ column: "customer.address.city", op: "like", value: "O*O" }),
          expected((d) => city(d) === "Oslo"),
          "like is case-insensitive",
        );
      });

      it("numbers, dates, booleans and IPs are typed by the mapping", async () => {
        assert.deepEqual(
          await filtered({ column: "priority", op: "gte", value: "2" }),
          expected((d) => ((d.priority as number | undefined) ?? 0) >= 2),
        );
        assert.deepEqual(
          await filtered({ column: "total", op: "lt", value: 100.5 }),
          expected((d) => d.total !== undefined && (d.total as number) < 100.5),
        );
        assert.deepEqual(
          await filtered({ column: "created_at", op: "eq", value: "2025-03-01" }),
          expected((d) => str(d.created_at).startsWith("2025-03-01")),
          "a date compares at the precision given: the whole day",
        );
        assert.deepEqual(
          await filtered({ column: "created_at", op: "gt", value: "2025-11-30" }),
          expected((d) => str(d.created_at) >= "2025-12-01"),
          "after the whole day",
        );
        assert.deepEqual(
          await filtered({ column: "created_at", op: "lt", value: "2025-02-01T00:00:00Z" }),
          expected((d) => d.created_at !== undefined && str(d.created_at) < "2025-02-01"),
        );
        assert.deepEqual(
          await filtered({ column: "paid", op: "eq", value: "true" }),
          expected((d) => d.paid === true),
        );
        assert.deepEqual(
          await filtered({ column: "client_ip", op: "eq", value: "10.1.0.0/16" }),
          expected((d) => str(d.client_ip).startsWith("10.1.")),
        );
      });

      it("exists and missing", async () => {
        assert.deepEqual(
          await filtered({ column: "priority", op: "missing" }),
          expected((d) => d.priority === undefined),
        );
        assert.deepEqual(
          await filtered({ column: "notes", op: "exists" }),
          expected((d) => d.notes !== undefined),
        );
      });

      it("text compares on its .keyword sub-field, or as a phrase without one", async () => {
        assert.deepEqual(
          await filtered({ column: "customer.name", op: "eq", value: "Ada Lovelace" }),
          expected((d) => (d.customer as { name?: string } | undefined)?.name === "Ada Lovelace"),
        );
        assert.deepEqual(
          await filtered({ column: "title", op: "like", value: "*CHAIR*" }),
          expected((d) => /chair/i.test(str(d.title))),
        );
        assert.deepEqual(
          await filtered({ column: "notes", op: "eq", value: "after 5 pm" }),
          expected((d) => /after 5 pm/.test(str(d.notes))),
        );
      });

      it("nested leaves: any object per row, no object for a negation", async () => {
        const hasSku = (d: Doc, sku: string) => (d.items ?? []).some((i) => i.sku === sku);
        assert.deepEqual(
          await filtered({ column: "items.sku", op: "eq", value: "KB-01" }),
          expected((d) => hasSku(d, "KB-01")),
        );
        assert.deepEqual(
          await filtered({ column: "items.sku", op: "neq", value: "KB-01" }),
          expected((d) => !hasSku(d, "KB-01")),
        );
      });

      it("nested element groups: {a:1,b:2},{a:3,b:4} matches a=1 and b=4 as two groups, not as one", async () => {
        const a1 = { column: "pairs.a", op: "eq", value: 1 } as const;
        const b4 = { column: "pairs.b", op: "eq", value: 4 } as const;
        assert.deepEqual(await filtered(a1, b4), ["pairs-apart", "pairs-together"]);
        assert.deepEqual(await filtered({ ...a1, group: 1 }, { ...b4, group: 2 }), [
          "pairs-apart",
          "pairs-together",
        ]);
        assert.deepEqual(await filtered({ ...a1, group: 1 }, { ...b4, group: 1 }), [
          "pairs-together",
        ]);
      });

      it("element groups on generated line items match the same item", async () => {
        const item = (d: Doc, f: (i: Record<string, unknown>) => boolean) =>
          (d.items ?? []).some(f);
        const sku = { column: "items.sku", op: "eq", value: "MN-27" } as const;
        const qty = { column: "items.qty", op: "eq", value: 3 } as const;
        const same = await filtered({ ...sku, group: 1 }, { ...qty, group: 1 });
        const apart = await filtered(sku, qty);
        assert.deepEqual(
          same,
          expected((d) => item(d, (i) => i.sku === "MN-27" && i.qty === 3)),
        );
        assert.deepEqual(
          apart,
          expected((d) => item(d, (i) => i.sku === "MN-27") && item(d, (i) => i.qty === 3)),
        );
        assert.ok(apart.length > same.length, "the data has orders where they are different items");
        assert.deepEqual(
          await filtered({ ...sku, group: 1 }, { column: "items.price", op: "missing", group: 1 }),
          expected((d) => item(d, (i) => i.sku === "MN-27" && i.price === undefined)),
          "a negation inside a group describes the one item",
        );
      });

      it("meta columns: _id in a list, _index", async () => {
        assert.deepEqual(
          await filtered({ column: "_id", op: "in", value: ["ORD-0000002", "ORD-0000001", "x"] }),
          ["ORD-0000001", "ORD-0000002"],
        );
        assert.equal(
          (await filtered({ column: "_index", op: "like", value: `${P}-ORD*` })).length,
          GENERATED + 4,
        );
      });

      it("the Raw SQL filter is a query_string across fields, combined with the column filters", async () => {
        assert.deepEqual(
          await ids({ rawQuery: "status:paid AND total:>500" }),
          expected((d) => d.status === "paid" && ((d.total as number | undefined) ?? 0) > 500),
        );
        assert.deepEqual(
          await ids({
            rawQuery: "parcel",
            filters: [{ column: "paid", op: "eq", value: false }],
          }),
          expected((d) => d.paid === false && /parcel/.test(str(d.notes))),
        );
        // Lenient: a word against numeric and date fields is no error.
        assert.ok((await ids({ rawQuery: "Oslo" })).length > 0);
      });

      it("a Raw SQL syntax error is refused as such", async () => {
        const e = await refusalOf(browse(t, ORDERS, { rawQuery: "status:(paid" }));
        assert.equal(e.code, "invalid_input");
        assert.match(e.message, /^Raw SQL filter: the cluster cannot parse it as a Lucene query/);
      });

      it("bad filters are refused before anything is sent", async () => {
        const unknown = await refusalOf(
          browse(t, ORDERS, { filters: [{ column: "nope", op: "eq", value: 1 }] }),
        );
        assert.match(unknown.message, new RegExp(`"${ORDERS}" has no column "nope"`));
        const value = await refusalOf(
          browse(t, ORDERS, { filters: [{ column: "priority", op: "eq", value: "high" }] }),
        );
        assert.match(value.message, /^Filter on "priority": "high" is not a whole number/);
        const parent = await refusalOf(
          browse(t, ORDERS, { filters: [{ column: "items", op: "exists" }] }),
        );
        assert.match(parent.message, /JSON column of a nested array/);
      });

      it("through an alias over two indices, filters see both", async () => {
        assert.equal(
          (await ids({ filters: [{ column: "level", op: "eq", value: "info" }] }, PAIR.alias))
            .length,
          25,
        );
        assert.deepEqual(
          await ids({ filters: [{ column: "code", op: "eq", value: 1005 }] }, PAIR.alias),
          ["b-5"],
        );
      });
    });

    describe("sorting", () => {
      const sorted = (req: BrowseRequest) => browse(t, ORDERS, { pageSize: 1000, ...req });

      it("keyword ascending, text on its .keyword descending", async () => {
        const byStatus = await sorted({ sort: [{ column: "status", direction: "asc" }] });
        const statuses = byStatus.rows.map((r) => r.cells.status as string);
        assert.deepEqual(statuses, [...statuses].sort());
        const byTitle = await sorted({ sort: [{ column: "title", direction: "desc" }] });
        const titles = byTitle.rows
          .map((r) => r.cells.title as string | null)
          .filter((x) => x !== null);
        assert.deepEqual(titles, [...titles].sort().reverse());
        assert.deepEqual(byTitle.droppedSort, []);
      });

      it("a nested leaf sorts by its smallest value ascending and its largest descending", async () => {
        const prices = (r: Row) =>
          (
            JSON.parse((r.cells["items.price"] as string | null) ?? "[]") as (number | null)[]
          ).filter((p): p is number => p !== null);
        const asc = await sorted({ sort: [{ column: "items.price", direction: "asc" }] });
        const mins = asc.rows
          .map(prices)
          .filter((p) => p.length > 0)
          .map((p) => Math.min(...p));
        assert.deepEqual(
          mins,
          [...mins].sort((a, b) => a - b),
        );
        assert.equal(prices(asc.rows.at(-1)!).length, 0, "rows without a price come last");
        const desc = await sorted({ sort: [{ column: "items.price", direction: "desc" }] });
        const maxs = desc.rows
          .map(prices)
          .filter((p) => p.length > 0)
          .map((p) => Math.max(...p));
        assert.deepEqual(
          maxs,
          [...maxs].sort((a, b) => b - a),
        );
      });

      it("_id and text without .keyword are dropped and reported; the rows keep their order", async () => {
        const plain = await sorted({});
        const res = await sorted({
          sort: [
            { column: "_id", direction: "desc" },
            { column: "notes", direction: "asc" },
          ],
        });
        assert.deepEqual(
          res.droppedSort.map((d) => d.column),
          ["_id", "notes"],
        );
        assert.match(res.droppedSort[0]!.reason, /_id/);
        assert.match(res.droppedSort[1]!.reason, /\.keyword/);
        assert.deepEqual(
          res.rows.map((r) => r._id),
          plain.rows.map((r) => r._id),
        );
      });

      it("a conflicting field behind an alias is dropped, naming the indices", async () => {
        const res = await browse(t, PAIR.alias, { sort: [{ column: "code", direction: "asc" }] });
        assert.equal(res.droppedSort[0]?.column, "code");
        assert.match(res.droppedSort[0]!.reason, /keyword in .*-pair-a; long in .*-pair-b/);
        const byN = await browse(t, PAIR.alias, {
          sort: [{ column: "n", direction: "desc" }],
          pageSize: 100,
        });
        assert.deepEqual(
          byN.rows.slice(0, 2).map((r) => r._id),
          ["b-19", "b-18"],
        );
      });

      it("the nested JSON column and unknown columns are refused", async () => {
        const e = await refusalOf(sorted({ sort: [{ column: "items", direction: "asc" }] }));
        assert.match(e.message, /^Sort on "items": it is the JSON column of a nested array/);
        await refusalOf(sorted({ sort: [{ column: "nope", direction: "asc" }] }));
      });
    });

    describe("the result window", () => {
      it("an index whose max_result_window is 5000 errors before the switch, naming the setting and value", async () => {
        const grid = openGrid(t, MRW);
        try {
          const first = await grid.browse({ page: 1, pageSize: 100 });
          assert.equal(first.total, 54);
          assert.equal((await grid.browse({ page: 50, pageSize: 100 })).rows.length, 0);
          for (const page of [51, 150]) {
            const e = await refusalOf(grid.browse({ page, pageSize: 100 }));
            assert.equal(e.code, "result_window_too_small");
            assert.match(
              e.message,
              new RegExp(`Index "${MRW}" has index.max_result_window = 5000`),
            );
            assert.match(e.remedy, /at least 10000/);
          }
        } finally {
          await grid.close();
        }
      });

      it("bad paging is refused", async () => {
        assert.match((await refusalOf(browse(t, ORDERS, { page: 0 }))).message, /^Paging: page 0/);
        assert.match(
          (await refusalOf(browse(t, ORDERS, { pageSize: 10_001 }))).message,
          /^Paging: page size 10001/,
        );
      });
    });
  },
);

describe("a user who may search an index but not read its mapping (es8-secure)", () => {
  const INDEX = "qt-browse-secure-orders";
  const READER = "qt_browse_reader";
  const password = randomBytes(18).toString("base64url");
  let admin: EsSession;
  let reader: EsSession;

  before(async () => {
    const a = securedConfig();
    admin = session(a.config, a.secrets);
    await loadOrders(admin.transport, INDEX, 50);
    await admin.transport.json({
      method: "PUT",
      path: `/_security/role/${READER}`,
      body: { indices: [{ names: ["qt-browse-secure-*"], privileges: ["read"] }] },
    });
    await admin.transport.json({
      method: "PUT",
      path: `/_security/user/${READER}`,
      body: { password, roles: [READER] },
    });
    const r = securedConfig({ username: READER });
    reader = session(r.config, { password });
  });

  after(async () => {
    await reader.close();
    await admin.transport.request({ method: "DELETE", path: `/_security/user/${READER}` });
    await admin.transport.request({ method: "DELETE", path: `/_security/role/${READER}` });
    await deleteIndices(admin.transport, INDEX);
    await admin.close();
  });

  it("gets its columns from _field_caps and browses, sorts and filters as usual", async () => {
    const denied = await reader.transport.request({ method: "GET", path: `/${INDEX}/_mapping` });
    assert.equal(denied.status, 403, "the premise: _mapping is not allowed");
    const fromMapping = await describeTable(admin.transport, INDEX);
    const fromCaps = await describeTable(reader.transport, INDEX);
    const shape = (cols: typeof fromMapping) =>
      cols.map((c) => [c.name, c.type, c.kind, c.sortField, (c.multiFields ?? []).length]);
    assert.deepEqual(shape(fromCaps), shape(fromMapping));
    const res = await browse(reader.transport, INDEX, {
      sort: [{ column: "title", direction: "desc" }],
      filters: [
        { column: "pairs.a", op: "eq", value: 1, group: 1 },
        { column: "pairs.b", op: "eq", value: 4, group: 1 },
      ],
    });
    assert.deepEqual(
      res.rows.map((r) => r._id),
      ["pairs-together"],
    );
    assert.equal(res.rows[0]?.cells["pairs.b"], "[4]");
  });
});
