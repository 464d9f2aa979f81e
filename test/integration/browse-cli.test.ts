/**
 * `quarry tables|describe|browse` run as a person or a script would, against
 * real 7.17 and 8.x nodes: the `--json` shapes of docs/cli.md, the readable output, filters with
 * element groups, sorting, paging past 10,000 rows, and refusals with their exit codes.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import type { BrowseResult, Column, TableInfo } from "../../src/core/grid.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders, order, orderId } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { cliTargetFor } from "../support/quarry.ts";

const INDEX = "qt-browse-cli-orders";
const GENERATED = 10_050;

const cli = cliRunner("browse-cli");
const quarry = (...args: string[]) => cli.quarry(args);
const json = <T>(...args: string[]) => cli.json<T>(args);

const targetFor = (name: MajorNode) => cliTargetFor(cli.home, name);

describeOnMajors(
  (name) => `the browsing commands on ${name}`,
  (name) => {
    let s: EsSession;
    let url: string;

    before(async () => {
      url = await targetFor(name);
      s = sessionTo(node(name));
      await loadOrders(s.transport, INDEX, GENERATED, { shards: 2 });
    });

    after(async () => {
      await deleteIndices(s.transport, INDEX);
      await s.close();
    });

    it("tables --json lists the index with its count; the readable form aligns it", async () => {
      const { tables } = await json<{ tables: TableInfo[] }>("tables", url);
      const mine = tables.find((t) => t.name === INDEX);
      assert.equal(mine?.docCount, GENERATED + 4);
      assert.equal(mine?.status, "open");
      const human = await quarry("tables", url);
      assert.equal(human.code, 0, human.err);
      assert.match(human.out, /^table\s+docs\s+size\s+health\s+status$/m);
      assert.match(
        human.out,
        // The size is what the cluster's store statistics say at that moment: a freshly loaded
        // index may still count its segments as a few hundred bytes.
        new RegExp(`^${INDEX}\\s+10,054\\s+[\\d.]+ (B|KB|MB)\\s+green\\s+open$`, "m"),
      );
    });

    it("describe --json gives the columns; the readable form shows sorting and filters", async () => {
      const res = await json<{ table: string; columns: Column[] }>("describe", url, INDEX);
      assert.equal(res.table, INDEX);
      const items = res.columns.find((c) => c.name === "items");
      assert.equal(items?.kind, "nested-parent");
      const human = await quarry("describe", url, INDEX);
      assert.match(human.out, /^title\s+text\s+field\s+title\.keyword\s/m);
      assert.match(
        human.out,
        /^items\.sku\s+keyword\s+nested-leaf\s+items\.sku\s.*leaf of items; read-only$/m,
      );
    });

    it("browse --json applies filters (element groups too), sort and page size", async () => {
      const res = await json<BrowseResult>(
        "browse",
        url,
        INDEX,
        "--filter",
        "pairs.a = 1 @1",
        "--filter",
        "pairs.b = 4@1",
      );
      assert.deepEqual(
        res.rows.map((r) => r._id),
        ["pairs-together"],
      );
      const apart = await json<BrowseResult>(
        "browse",
        url,
        INDEX,
        "--filter",
        "pairs.a = 1",
        "--filter",
        "pairs.b = 4",
        "--sort",
        "order_id:desc",
      );
      assert.deepEqual(
        apart.rows.map((r) => r._id),
        ["pairs-together", "pairs-apart"],
      );
      const paid = await json<BrowseResult>(
        "browse",
        url,
        INDEX,
        "--filter",
        "status in paid,shipped",
        "--sort",
        "total:desc",
        "--page-size",
        "7",
        "--columns",
        "_id,total",
      );
      assert.equal(paid.rows.length, 7);
      assert.deepEqual(
        paid.columns.map((c) => c.name),
        ["_id", "total"],
      );
      assert.deepEqual(Object.keys(paid.rows[0]!.cells), ["_id", "total"]);
      const totals = paid.rows.map((r) => r.cells.total as number);
      assert.deepEqual(
        totals,
        [...totals].sort((a, b) => b - a),
      );
      let expected = 0;
      for (let i = 0; i < GENERATED; i++) {
        if (["paid", "shipped"].includes(order(i).status as string)) expected++;
      }
      assert.equal(paid.total, expected);
    });

    it("browse pages past 10,000 rows, saying so", async () => {
      const res = await json<BrowseResult>(
        "browse",
        url,
        INDEX,
        "--sort",
        "order_id",
        "--page",
        "101",
        "--page-size",
        "100",
      );
      assert.equal(res.paging, "search-after");
      assert.equal(res.rows[0]?._id, orderId(10_000));
      assert.equal(res.rows.length, 54);
      const human = await quarry("browse", url, INDEX, "--sort", "order_id", "--page", "101");
      assert.match(
        human.out,
        /^rows 10,001-10,054 of 10,054 · page 101 of 101 · past 10,000 rows \(search_after\)$/m,
      );
    });

    it("the readable page reports dropped sort columns and cut cells", async () => {
      const human = await quarry(
        "browse",
        url,
        INDEX,
        "--filter",
        "_id in long-cells,ORD-0000001",
        "--sort",
        "_id",
        "--sort",
        "notes:desc",
        "--columns",
        "_id,status,notes",
      );
      assert.equal(human.code, 0, human.err);
      assert.match(human.out, /^_id\s+status\s+notes$/m);
      assert.match(human.out, /^sort dropped: _id: _id cannot be sorted/m);
      // The same reason on 7.17 and 8.x: no version named that is not the cluster's.
      assert.doesNotMatch(human.out, /Elasticsearch \d\.x/);
      assert.match(human.out, /^sort dropped: notes: a text field without a \.keyword sub-field/m);
      assert.match(human.out, /^cut at 10,000 characters: long-cells \(notes\)$/m);
    });

    it("refusals name the problem; bad input exits 2, a missing table 1", async () => {
      const bad = await quarry("browse", url, INDEX, "--filter", "total >= lots");
      assert.equal(bad.code, 2);
      assert.match(bad.err, /^error: Filter on "total": "lots" is not a number/m);
      const syntax = await quarry("browse", url, INDEX, "--filter", "status paid");
      assert.equal(syntax.code, 2);
      assert.match(syntax.err, /no operator found/);
      const parent = await quarry("browse", url, INDEX, "--sort", "items");
      assert.equal(parent.code, 2);
      assert.match(parent.err, /JSON column of a nested array/);
      const missing = await quarry("browse", url, "qt-browse-cli-nope", "--json");
      assert.equal(missing.code, 1);
      assert.equal(JSON.parse(missing.out).error.code, "table_not_found");
      const page = await quarry("browse", url, INDEX, "--page", "x");
      assert.equal(page.code, 2);
      assert.match(page.err, /--page x is not a whole number/);
    });
  },
);
