/**
 * Paging past 10,000 rows (docs/decisions.md, "Browsing") on real 7.17, 8.x and 9.x nodes: every
 * `_id` exactly once across the boundary under many sorts (ties, missing values, nested,
 * relevance), far jumps that read only sort values, and the point in time's life: opened when
 * first needed, kept alive while the grid is open, closed on close(), and by the app when a signal
 * stops it (the driver leaves the process's signals to the app).
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import type { BrowseRequest, BrowseResult, Row } from "../../src/core/grid.ts";
import { browse, openGrid } from "../../src/drivers/elasticsearch/grid/browse.ts";
import { TableSizes } from "../../src/drivers/elasticsearch/grid/page-count.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { EsRequest, EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { connectionTo, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { pitAlive } from "../support/point-in-time.ts";
import { collect, sandbox, waitFor } from "../support/quarry.ts";
import { recordingProxy } from "../support/recording-proxy.ts";

const INDEX = "qt-browse-paging-orders";
const GENERATED = 25_000;
const TOTAL = GENERATED + 4;

/** The same transport, recording every request it sends. */
function recording(t: EsTransport): { transport: EsTransport; log: EsRequest[] } {
  const log: EsRequest[] = [];
  const transport = new Proxy(t, {
    get(target, prop) {
      if (prop === "request") {
        return (req: EsRequest) => {
          log.push(req);
          return target.request(req);
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { transport, log };
}

const SORTS: [string, BrowseRequest][] = [
  ["no sort", {}],
  ["a keyword with six values (ties)", { sort: [{ column: "status", direction: "asc" }] }],
  [
    "an integer with ties and gaps, descending",
    { sort: [{ column: "priority", direction: "desc" }] },
  ],
  ["a date", { sort: [{ column: "created_at", direction: "asc" }] }],
  ["a nested leaf", { sort: [{ column: "items.price", direction: "asc" }] }],
  ["text on its .keyword, descending", { sort: [{ column: "title", direction: "desc" }] }],
  ["a dropped column (text without .keyword)", { sort: [{ column: "notes", direction: "asc" }] }],
  [
    "two columns",
    {
      sort: [
        { column: "paid", direction: "desc" },
        { column: "customer.address.city", direction: "asc" },
      ],
    },
  ],
  ["relevance of a Raw SQL filter", { rawQuery: "parcel OR invoice OR status:paid" }],
  [
    "a filter on a nested leaf",
    {
      filters: [{ column: "items.sku", op: "neq", value: "CB-10" }],
      sort: [{ column: "total", direction: "asc" }],
    },
  ],
];

function assertEachOnce(rows: Row[], total: number, what: string): void {
  const seen = new Set<string>();
  for (const r of rows) {
    assert.ok(!seen.has(r._id), `${what}: ${r._id} appears twice`);
    seen.add(r._id);
  }
  assert.equal(seen.size, total, `${what}: every row once`);
}

describeOnMajors(
  (name) => `paging past 10,000 rows on ${name}`,
  (name) => {
    let s: EsSession;
    let t: EsTransport;

    before(async () => {
      s = sessionTo(node(name));
      t = s.transport;
      // Three shards: ties between shards are where a wrong tiebreak would skip or repeat rows.
      await loadOrders(t, INDEX, GENERATED, { shards: 3 });
    });

    after(async () => {
      await deleteIndices(t, INDEX);
      await s.close();
    });

    for (const [label, request] of SORTS) {
      it(`an open grid pages the whole index, every _id exactly once: ${label}`, async () => {
        const grid = openGrid(t, INDEX);
        const rows: Row[] = [];
        let first: BrowseResult | undefined;
        try {
          // 700 does not divide 10,000: page 15 straddles the boundary.
          for (let page = 1; ; page++) {
            const res = await grid.browse({ ...request, page, pageSize: 700 });
            first ??= res;
            assert.equal(res.paging, page * 700 <= 10_000 ? "from-size" : "search-after");
            assert.equal(res.total, first.total, "the exact count on every page");
            rows.push(...res.rows);
            if (res.rows.length < 700) break;
          }
        } finally {
          await grid.close();
        }
        assert.ok(first);
        if (!request.rawQuery && !request.filters) assert.equal(first.total, TOTAL);
        else
          assert.ok(
            first.total > 10_000,
            `the filter keeps more than 10,000 rows (${first.total})`,
          );
        assertEachOnce(rows, first.total, label);
        if (label.startsWith("a dropped")) assert.equal(first.droppedSort[0]?.column, "notes");
        if (label.startsWith("a keyword")) {
          const statuses = rows.map((r) => r.cells.status as string);
          assert.deepEqual(statuses, [...statuses].sort(), "sorted across the boundary");
        }
      });
    }

    it("one-shot pages (each its own request, as the CLI sends them) also meet exactly once", async () => {
      for (const [label, request] of [SORTS[0]!, SORTS[2]!]) {
        const rows: Row[] = [];
        for (let page = 1; page <= Math.ceil(TOTAL / 1000); page++) {
          rows.push(...(await browse(t, INDEX, { ...request, page, pageSize: 1000 })).rows);
        }
        assertEachOnce(rows, TOTAL, `one-shot, ${label}`);
      }
    });

    it("a merge that reorders the shard's segments between two pages neither repeats nor skips a row", async () => {
      const merged = `${INDEX}-merged`;
      /** One shard in three segments, smallest first; returns how many documents it holds. */
      const load = async (): Promise<number> => {
        await deleteIndices(t, merged);
        await t.json({
          method: "PUT",
          path: `/${merged}`,
          body: { settings: { number_of_shards: 1, number_of_replicas: 0 } },
        });
        let n = 0;
        for (const size of [10, 100, 1_000]) {
          const lines = Array.from({ length: size }, () => {
            n++;
            return `{"index":{"_id":"m-${n}"}}\n{"n":${n}}\n`;
          });
          await t.json({
            method: "POST",
            path: `/${merged}/_bulk`,
            query: { refresh: "true" },
            body: lines.join(""),
            contentType: "application/x-ndjson",
          });
        }
        return n;
      };
      try {
        for (const how of ["an open grid", "one-shot pages"] as const) {
          const total = await load();
          const grid = how === "an open grid" ? openGrid(t, merged) : undefined;
          const page = (p: number) =>
            grid
              ? grid.browse({ page: p, pageSize: 50 })
              : browse(t, merged, { page: p, pageSize: 50 });
          const rows: Row[] = [];
          try {
            for (let p = 1; p <= 6; p++) rows.push(...(await page(p)).rows);
            // A forced merge writes the largest segment first: the shard's documents change
            // places, as background merges make them do after any load.
            await t.json({
              method: "POST",
              path: `/${merged}/_forcemerge`,
              query: { max_num_segments: 1 },
            });
            await t.json({ method: "POST", path: `/${merged}/_refresh` });
            for (let p = 7; ; p++) {
              const res = await page(p);
              rows.push(...res.rows);
              if (res.rows.length < 50) break;
            }
          } finally {
            await grid?.close();
          }
          assertEachOnce(rows, total, how);
        }
      } finally {
        await deleteIndices(t, merged);
      }
    });

    it("a big table counted beside its pages: exact totals, every _id once, on both sides of the boundary", async () => {
      const { transport, log } = recording(t);
      // The threshold lowered to this table's size: it is "big" once its first page has counted it.
      const grid = openGrid(transport, INDEX, { sizes: new TableSizes(TOTAL) });
      const rows: Row[] = [];
      try {
        for (let page = 1; ; page++) {
          const res = await grid.browse({ page, pageSize: 1_000 });
          assert.equal(res.total, TOTAL, `the exact count on page ${page}`);
          rows.push(...res.rows);
          if (res.rows.length < 1_000) break;
        }
      } finally {
        await grid.close();
      }
      assertEachOnce(rows, TOTAL, "counted apart");
      const bodies = log
        .filter((r) => r.path.endsWith("/_search"))
        .map((r) => r.body as Record<string, unknown>);
      const counts = bodies.filter((b) => b.size === 0 && b.track_total_hits === true);
      const pages = bodies.filter((b) => b.size === 1_000);
      assert.equal(pages.length, Math.ceil(TOTAL / 1_000));
      assert.equal(pages[0]?.track_total_hits, true, "the first page counts the unknown table");
      assert.ok(
        pages.slice(1).every((b) => b.track_total_hits === false),
        "later pages leave the count to a search of its own",
      );
      assert.equal(counts.length, pages.length - 1, "one count beside each later page");
    });

    it("a far jump lands on the same rows as paging there, reading only sort values on the way", async () => {
      const sort: BrowseRequest = { sort: [{ column: "status", direction: "asc" }] };
      const walked: Row[] = [];
      const grid = openGrid(t, INDEX);
      try {
        for (let page = 1; page <= 31; page++) {
          walked.push(...(await grid.browse({ ...sort, page, pageSize: 700 })).rows);
        }
      } finally {
        await grid.close();
      }
      const { transport, log } = recording(t);
      const jump = openGrid(transport, INDEX);
      try {
        const res = await jump.browse({ ...sort, page: 31, pageSize: 700 });
        assert.deepEqual(
          res.rows.map((r) => r._id),
          walked.slice(30 * 700).map((r) => r._id),
        );
      } finally {
        await jump.close();
      }
      const searches = log.filter((r) => r.path === "/_search");
      const pageSearch = searches.at(-1);
      const walks = searches.slice(0, -1);
      assert.ok(walks.length >= 2 && walks.length <= 3, `few steps: ${walks.length}`);
      for (const w of walks) {
        const body = w.body as Record<string, unknown>;
        assert.equal(body._source, false);
        assert.equal(body.stored_fields, "_none_");
        assert.equal(body.track_total_hits, false);
        assert.equal(w.query?.filter_path, "pit_id,hits.hits.sort");
      }
      assert.equal((pageSearch!.body as Record<string, unknown>).size, 700);
      assert.equal(
        log.filter((r) => r.method === "POST" && r.path.endsWith("/_pit")).length,
        1,
        "one point in time",
      );
      assert.equal(log.filter((r) => r.method === "DELETE" && r.path === "/_pit").length, 1);
    });

    it("a far jump in written order (no sort) counts its way there and lands on the same rows as paging", async () => {
      const cases: [string, BrowseRequest][] = [
        ["no sort", {}],
        ["a filter, no sort", { filters: [{ column: "status", op: "neq", value: "paid" }] }],
      ];
      for (const [label, request] of cases) {
        const walked: Row[] = [];
        const grid = openGrid(t, INDEX);
        try {
          for (let page = 1; ; page++) {
            const res = await grid.browse({ ...request, page, pageSize: 700 });
            walked.push(...res.rows);
            if (res.rows.length < 700) break;
          }
        } finally {
          await grid.close();
        }
        const last = Math.ceil(walked.length / 700);
        const { transport, log } = recording(t);
        // Any jump past the window seeks here; by default only one past 30,000 rows away does.
        const jump = openGrid(transport, INDEX, { seekFrom: 1 });
        try {
          for (const page of [16, 31, last - 1, last, last + 1]) {
            const res = await jump.browse({ ...request, page, pageSize: 700 });
            assert.deepEqual(
              res.rows.map((r) => r._id),
              walked.slice((page - 1) * 700, page * 700).map((r) => r._id),
              `${label}: page ${page}`,
            );
            assert.equal(res.total, walked.length, `${label}: the exact count on page ${page}`);
          }
        } finally {
          await jump.close();
        }
        const bodies = log
          .filter((r) => r.path === "/_search")
          .map((r) => r.body as Record<string, unknown>);
        assert.ok(
          bodies.every((b) => b.size !== 10_000),
          `${label}: no walk through the rows before`,
        );
        assert.ok(
          bodies.some((b) => JSON.stringify(b.query).includes('"_seq_no":{"lte"')),
          `${label}: the place found by counts`,
        );
      }
    });

    it("the point in time is opened when first needed and closed on close()", async () => {
      const grid = openGrid(t, INDEX);
      await grid.browse({ page: 1 });
      await grid.browse({ page: 100 });
      assert.equal(grid.pointInTimeId, null, "within the window: no point in time");
      await grid.browse({ page: 101 });
      const id = grid.pointInTimeId;
      assert.ok(id);
      assert.ok(await pitAlive(t, id));
      // Back within the window, the grid reads the same snapshot.
      const again = await grid.browse({ page: 100 });
      assert.equal(again.rows.length, 100);
      assert.equal(grid.pointInTimeId, id);
      await grid.close();
      assert.equal(grid.pointInTimeId, null);
      assert.equal(await pitAlive(t, id), false);
    });

    it("an open grid keeps its point in time alive, and a new query or refresh starts a new one", async () => {
      const grid = openGrid(t, INDEX, { keepAlive: "2s", heartbeatMs: 500 });
      try {
        await grid.browse({ page: 150 });
        const id = grid.pointInTimeId!;
        await sleep(4_500);
        assert.ok(await pitAlive(t, id), "renewed by the heartbeat past its 2 s keep-alive");
        const byStatus = await grid.browse({
          page: 150,
          sort: [{ column: "status", direction: "asc" }],
        });
        assert.equal(byStatus.rows.length, 100);
        assert.notEqual(grid.pointInTimeId, id, "a new query reads a new snapshot");
        assert.equal(await pitAlive(t, id), false, "and the old one is freed");
        const second = grid.pointInTimeId!;
        await grid.browse({
          page: 150,
          sort: [{ column: "status", direction: "asc" }],
          refresh: true,
        });
        assert.notEqual(grid.pointInTimeId, second);
      } finally {
        await grid.close();
      }
    });

    it("a point in time that vanished is reopened without an error", async () => {
      const grid = openGrid(t, INDEX);
      try {
        const before = await grid.browse({ page: 120 });
        const id = grid.pointInTimeId!;
        await t.json({ method: "DELETE", path: "/_pit", body: { id } });
        const after = await grid.browse({ page: 121 });
        assert.equal(after.rows.length, 100);
        assert.notEqual(grid.pointInTimeId, id);
        assert.notDeepEqual(
          after.rows.map((r) => r._id),
          before.rows.map((r) => r._id),
        );
      } finally {
        await grid.close();
      }
    });

    it("the app frees its grids' points in time when a signal stops it; a CLI browse before it exits", async () => {
      const n = node(name);
      // What the app and the CLI send, counted at a proxy in front of the node.
      const proxy = await recordingProxy(n.url, n.secured && n.caPath ? { ca: n.caPath } : {});
      const box = sandbox({ QUARRY_BROWSER: "none" });
      try {
        const { config, secrets } = connectionTo(n);
        const storage = await openAppStorage(box.env);
        const saved = await addConnection(
          storage,
          {
            name: "paging",
            type: "elasticsearch",
            settings: {
              host: "127.0.0.1",
              port: proxy.port,
              auth: config.auth,
              ...(config.username ? { username: config.username } : {}),
              sslMode: "disabled",
              skipTlsVerify: false,
            },
          },
          secrets,
        );
        const pits = () => ({
          opened: proxy.sent().filter((r) => r === `POST /${INDEX}/_pit`).length,
          closed: proxy.sent().filter((r) => r === "DELETE /_pit").length,
        });

        const cli = await box.runAsync(["browse", "paging", INDEX, "--page", "200", "--json"]);
        assert.equal(cli.status, 0, cli.stderr);
        assert.deepEqual(
          pits(),
          { opened: 1, closed: 1 },
          "the CLI closed its grid before exiting",
        );

        proxy.clear();
        const child = box.spawn(["start"]);
        const out = collect(child);
        await waitFor(() => /Stop it with Ctrl-C/.test(out.text()), "the app to start");
        const info = JSON.parse(readFileSync(join(box.home, "instance.json"), "utf8")) as {
          port: number;
          secret: string;
        };
        const api = async <T>(path: string, body: unknown): Promise<T> => {
          const res = await fetch(`http://127.0.0.1:${info.port}/api${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-quarry-secret": info.secret },
            body: JSON.stringify(body),
          });
          assert.equal(res.status, 200, await res.clone().text());
          return (await res.json()) as T;
        };
        const grid = await api<{ gridId: string }>(
          `/connections/${saved.id}/tables/${INDEX}/grid`,
          {},
        );
        await api(`/grids/${grid.gridId}/browse`, { page: 200 });
        assert.deepEqual(pits(), { opened: 1, closed: 0 }, "open while the app runs");
        child.kill("SIGTERM");
        const [code] = await once(child, "exit");
        assert.equal(code, 0, out.text());
        assert.deepEqual(pits(), { opened: 1, closed: 1 }, "freed when the app stopped");
      } finally {
        await box.dispose();
        await proxy.close();
      }
    });
  },
);
