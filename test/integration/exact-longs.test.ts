/**
 * Longs beyond 2^53 on real 7.17 and 8.x nodes: the grid shows their exact digits, a sort orders
 * them as the cluster does, exports write them digit for digit, the console's JSON keeps them, and
 * saving another field of the document leaves them untouched.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { exportTable } from "../../src/app/export/export-table.ts";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";

// 2^60 + 1, + 2, + 3: one double (2^60) for all three, so any rounding shows.
const LONGS = ["1152921504606846977", "1152921504606846978", "1152921504606846979"];

describeOnMajors(
  (name) => `longs beyond 2^53 on ${name}`,
  (name) => {
    const s = sessionTo(node(name));
    const t = s.transport;
    const index = `qt-exact-longs-${name}`;
    let dir = "";

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "qt-exact-"));
      await deleteIndices(t, index);
      await t.json({
        method: "PUT",
        path: `/${index}`,
        body: { mappings: { properties: { n: { type: "long" }, label: { type: "keyword" } } } },
      });
      // Bodies as text: a JavaScript object could not even hold these numbers.
      const bulk = LONGS.map(
        (n, i) => `{"index":{"_id":"d${i}"}}\n{"n":${n},"label":"row ${i}","list":[${n}]}\n`,
      ).join("");
      await t.json({
        method: "POST",
        path: `/${index}/_bulk?refresh=true`,
        body: bulk,
        contentType: "application/x-ndjson",
      });
    });
    after(async () => {
      await deleteIndices(t, index);
      await s.close();
      await rm(dir, { recursive: true, force: true });
    });

    it("the grid shows the exact digits, sorted as the cluster sorts them", async () => {
      const page = await s.grid.browse(index, { sort: [{ column: "n", direction: "desc" }] });
      assert.deepEqual(
        page.rows.map((r) => r.cells.n),
        [...LONGS].reverse(),
      );
      assert.equal(page.rows.find((r) => r._id === "d0")?.cells.list, `[${LONGS[0]}]`);
    });

    it("exports write the digits as they are stored, in NDJSON and CSV", async () => {
      const ndjson = join(dir, "out.ndjson");
      await exportTable(s.facets.exportScan, index, { format: "ndjson", out: ndjson });
      const text = await readFile(ndjson, "utf8");
      for (const n of LONGS) assert.ok(text.includes(`"n":${n}`), `${n} in\n${text}`);
      const csv = join(dir, "out.csv");
      await exportTable(s.facets.exportScan, index, { format: "csv", out: csv });
      const lines = await readFile(csv, "utf8");
      for (const n of LONGS) {
        assert.ok(lines.includes(`,[${n}],${n}\r\n`), `${n} in\n${lines}`);
      }
    });

    it("the console's JSON keeps them when written out again", async () => {
      const r = await s.console.run({ method: "GET", path: `/${index}/_doc/d1` });
      assert.equal(r.kind, "json");
      assert.match(JSON.stringify(r.raw), new RegExp(`"n":${LONGS[1]}\\b`));
    });

    it("a console body with such a long finds exactly that document", async () => {
      const [block] = parseConsoleText(
        `GET /${index}/_search\n{"query": {"term": {"n": ${LONGS[1]}}}}`,
      );
      assert.ok(block?.request, JSON.stringify(block));
      const r = await s.console.run(block.request);
      assert.equal(r.kind, "grid");
      assert.deepEqual(
        r.kind === "grid" ? r.rows.map((row) => row._id) : [],
        ["d1"],
        "a rounded 2^60 would match no document, or all three",
      );
    });

    it("saving another field of the document leaves the long untouched", async () => {
      const page = await s.grid.browse(index, { sort: [{ column: "n", direction: "asc" }] });
      const row = page.rows[0]!;
      const saved = await s.changes.save(index, {
        updates: [{ ...row, set: { label: "edited" } }],
        inserts: [],
        deletes: [],
      });
      assert.deepEqual(saved.remaining, { updates: [], inserts: [], deletes: [] });
      const res = await t.request({ method: "GET", path: `/${index}/_doc/${row._id}` });
      const stored = JSON.stringify(res.body);
      assert.match(stored, new RegExp(`"n":${LONGS[0]}\\b`));
      assert.match(stored, /"label":"edited"/);
    });
  },
);
