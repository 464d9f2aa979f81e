/**
 * `quarry index …` on 7.17, 8.x and 9.x: each action prints its exact request before it is sent,
 * and its effect is checked on the cluster itself (created with its mapping, alias there and gone,
 * closed and open again, merged to one segment, copied where the reindex module exists, deleted).
 * Close and delete are refused without a terminal and without --yes, and refused when the name
 * typed at the terminal is not the index's.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, it } from "node:test";
import type { ServiceObjects, TableDetails } from "../../src/core/table-details.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { cliRunner } from "../support/cli-runner.ts";
import { type MajorNode, node, sessionTo } from "../support/cluster.ts";
import { deleteIndices } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { cliTargetFor } from "../support/quarry.ts";

const RUN = randomBytes(3).toString("hex");

const { home, quarry, ok, json } = cliRunner("index-cli");

const targetFor = (name: MajorNode) => cliTargetFor(home, name);

describeOnMajors(
  (name) => `quarry index on ${name}`,
  (name) => {
    const index = `t-idxcli-${RUN}-${name}`;
    const copy = `${index}-copy`;
    const alias = `${index}-alias`;
    let s: EsSession;
    let conn: string;
    const state = async () =>
      (
        await s.transport.json<{ status: string }[]>({
          method: "GET",
          path: `/_cat/indices/${index}`,
          query: { format: "json", h: "status", expand_wildcards: "all" },
        })
      )[0]?.status;

    before(async () => {
      conn = await targetFor(name);
      s = sessionTo(node(name));
      await deleteIndices(s.transport, index, copy);
    });
    after(async () => {
      await deleteIndices(s.transport, index, copy);
      await s.close();
    });

    it("create prints the request, then the index exists with its fields", async () => {
      const r = await ok([
        "index",
        "create",
        conn,
        index,
        "--shards",
        "1",
        "--replicas",
        "0",
        "--field",
        "title:text",
        "--field",
        "n:long",
      ]);
      assert.match(r.err, new RegExp(`This will send:\\s+PUT /${index}\\n`));
      assert.match(r.err, /"number_of_replicas": 0/);
      assert.match(r.out, new RegExp(`Created index ${index}\\.`));
      const mapping = await s.transport.json<Record<string, { mappings: unknown }>>({
        method: "GET",
        path: `/${index}/_mapping`,
      });
      assert.deepEqual(mapping[index]?.mappings, {
        properties: { n: { type: "long" }, title: { type: "text" } },
      });
      const lines = [0, 1, 2].flatMap((i) => [
        JSON.stringify({ index: { _index: index, _id: `d${i}` } }),
        JSON.stringify({ title: `doc ${i}`, n: i }),
      ]);
      await s.transport.json({
        method: "POST",
        path: "/_bulk",
        body: `${lines.join("\n")}\n`,
        contentType: "application/x-ndjson",
      });
    });

    it("refresh, flush, clear-cache and forcemerge send their requests; one segment remains", async () => {
      for (const [cmd, path] of [
        ["refresh", `/${index}/_refresh`],
        ["flush", `/${index}/_flush`],
        ["clear-cache", `/${index}/_cache/clear`],
      ] as const) {
        const r = await json<{ request: { method: string; path: string }; status: number }>([
          "index",
          cmd,
          conn,
          index,
        ]);
        assert.deepEqual(r.request, { method: "POST", path });
        assert.equal(r.status, 200);
      }
      const merged = await ok(["index", "forcemerge", conn, index, "--max-segments", "1"]);
      assert.match(merged.err, new RegExp(`POST /${index}/_forcemerge\\?max_num_segments=1`));
      const d = await json<TableDetails>(["index", "show", conn, index]);
      assert.equal(d.stats?.docs, 3);
      assert.equal(d.stats?.segments, 1);
      assert.equal(d.partitions.length, 1);
      assert.equal(d.state, "open");
    });

    it("alias add and remove change the cluster's aliases", async () => {
      const added = await ok(["index", "alias", "add", conn, index, alias]);
      assert.match(added.err, /POST \/_aliases/);
      const has = async () =>
        (await s.transport.request({ method: "HEAD", path: `/_alias/${alias}` })).status;
      assert.equal(await has(), 200);
      const d = await json<TableDetails>(["index", "show", conn, index]);
      assert.deepEqual(
        d.aliases.map((a) => a.name),
        [alias],
      );
      await ok(["index", "alias", "remove", conn, index, alias]);
      assert.equal(await has(), 404);
    });

    it("close is refused without a terminal or --yes, and with a wrong typed name", async () => {
      const r = await quarry(["index", "close", conn, index]);
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, new RegExp(`POST /${index}/_close`));
      assert.match(r.err, /Not confirmed: .*there is no terminal to ask/);
      const typed = await quarry(["index", "close", conn, index], "not-the-name\n", true);
      assert.notEqual(typed.code, 0, typed.out);
      assert.match(typed.out, /Type the index name/);
      assert.match(typed.out, /Not confirmed: "not-the-name" is not/);
      assert.equal(await state(), "open");
    });

    it("close with the typed name closes it; open opens it again", async () => {
      const typed = await quarry(["index", "close", conn, index], `${index}\n`, true);
      assert.equal(typed.code, 0, typed.out);
      assert.equal(await state(), "close");
      const d = await json<TableDetails>(["index", "show", conn, index]);
      assert.equal(d.state, "close");
      await ok(["index", "open", conn, index]);
      assert.equal(await state(), "open");
    });

    it("reindex copies where the module exists, and says so where it does not", async () => {
      const d = await json<TableDetails>(["index", "show", conn, index]);
      const r = await quarry(["index", "reindex", conn, index, copy, "--yes"]);
      if (d.copy.available) {
        assert.equal(r.code, 0, r.err);
        assert.match(r.err, /POST \/_reindex/);
        await s.transport.json({ method: "POST", path: `/${copy}/_refresh` });
        const c = await s.transport.json<{ count: number }>({
          method: "GET",
          path: `/${copy}/_count`,
        });
        assert.equal(c.count, 3);
        // Into a new index only: an existing one is refused before anything is sent.
        const again = await quarry(["index", "reindex", conn, index, copy, "--yes"]);
        assert.equal(again.code, 2, again.err);
        assert.match(again.err, new RegExp(`The index ${copy} already exists`));
      } else {
        assert.match(d.copy.note ?? "", /reindex module/);
        assert.notEqual(r.code, 0);
        assert.match(r.err, /Reindex is not available/);
      }
    });

    it("templates lists what the cluster has, and says what it lacks", async () => {
      const o = await json<ServiceObjects>(["index", "templates", conn]);
      assert.equal(o.templates.available, true);
      assert.equal(o.backupRepositories.available, true);
      if (!o.lifecyclePolicies.available) assert.match(o.lifecyclePolicies.note ?? "", /ILM/);
    });

    it("delete is refused without --yes; with --yes the index is gone", async () => {
      const refused = await quarry(["index", "delete", conn, index]);
      assert.equal(refused.code, 2, refused.err);
      assert.match(refused.err, new RegExp(`DELETE /${index}\\n`));
      const gone = async () =>
        (await s.transport.request({ method: "HEAD", path: `/${index}` })).status;
      assert.equal(await gone(), 200);
      await ok(["index", "delete", conn, index, "--yes"]);
      assert.equal(await gone(), 404);
    });
  },
);
