/**
 * Deleting an index (plan, then the same request confirmed) on 7.17 and 8.x; bulk delete
 * (`_delete_by_query` as a polled task with progress and a per-document report) on 7.17, whose
 * test node carries the real reindex module (scripts/es/reindex-plugin.ts); and, on 8.x, where
 * no reindex module can be had, the same task polling and report against a task the node does
 * run (`_forcemerge?wait_for_completion=false`).
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { TaskProgress } from "../../src/core/console.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { runConsole } from "../../src/drivers/elasticsearch/console.ts";
import { pollTask, runAsTask } from "../../src/drivers/elasticsearch/delete-by-query.ts";
import { deleteIndex, planDeleteIndex } from "../../src/drivers/elasticsearch/delete-index.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/transport.ts";
import { MAJORS, node, plainConfig, session, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";

const N_MAPPING = { properties: { n: { type: "integer" } } };

function numbered(count: number): [string, Record<string, unknown>][] {
  return Array.from({ length: count }, (_, i) => [`d${i}`, { n: i }]);
}

async function exists(t: EsTransport, index: string): Promise<boolean> {
  return (await t.request({ method: "HEAD", path: `/${index}` })).status === 200;
}

async function count(t: EsTransport, index: string): Promise<number> {
  return (await t.json<{ count: number }>({ method: "GET", path: `/${index}/_count` })).count;
}

for (const name of MAJORS) {
  describe(`deleting an index on ${name}`, () => {
    const s = sessionTo(node(name));
    const t = s.transport;
    const index = `qt-edit-del-${name}`;
    after(async () => {
      await deleteIndices(t, index, `${index}-kept`);
      await s.close();
    });

    it("plans the exact request, and sends it only when that request is confirmed", async () => {
      await loadIndex(t, index, numbered(3), { mappings: N_MAPPING });
      const plan = planDeleteIndex(index);
      assert.deepEqual(plan, { method: "DELETE", path: `/${index}` });
      for (const wrong of [
        { method: "DELETE", path: `/${index}*` },
        { method: "POST", path: `/${index}` },
        { method: "DELETE", path: `/${index}`, body: { x: 1 } },
        { method: "DELETE", path: "/_all" },
      ]) {
        await assert.rejects(
          deleteIndex(t, index, wrong),
          (e: unknown) => e instanceof QuarryError && e.code === "confirmation_mismatch",
        );
      }
      assert.ok(await exists(t, index), "nothing was deleted by a wrong confirmation");
      await deleteIndex(t, index, plan);
      assert.equal(await exists(t, index), false);
      await assert.rejects(
        deleteIndex(t, index, plan),
        (e: unknown) => e instanceof QuarryError && e.code === "table_not_found",
      );
    });

    it("refuses anything but one concrete index; an alias is refused by the cluster", async () => {
      for (const bad of ["_all", "*", `${index},other`, "qt-edit-*", "", "-x", "a b"]) {
        assert.throws(
          () => planDeleteIndex(bad),
          (e: unknown) => e instanceof QuarryError && e.code === "invalid_input",
          bad,
        );
      }
      const kept = `${index}-kept`;
      await loadIndex(t, kept, numbered(1), { mappings: N_MAPPING });
      await t.json({
        method: "POST",
        path: "/_aliases",
        body: { actions: [{ add: { index: kept, alias: `${kept}-alias` } }] },
      });
      await assert.rejects(
        deleteIndex(t, `${kept}-alias`, planDeleteIndex(`${kept}-alias`)),
        (e: unknown) => e instanceof QuarryError && /matches an alias/.test(e.message),
      );
      assert.ok(await exists(t, kept));
    });
  });
}

describe("bulk delete on es7 (real reindex module)", () => {
  const s = session(plainConfig(node("es7")));
  const t = s.transport;
  const index = "qt-edit-dbq-es7";
  after(async () => {
    await deleteIndices(t, index);
    await s.close();
  });

  it("the test node carries the reindex module", async () => {
    const body = await t.json<{ nodes: Record<string, { modules: { name: string }[] }> }>({
      method: "GET",
      path: "/_nodes/_local/plugins",
    });
    const modules = Object.values(body.nodes).flatMap((n) => n.modules.map((m) => m.name));
    assert.ok(
      modules.includes("reindex"),
      "es7 has no reindex module: it was started before scripts/es/reindex-plugin.ts existed; restart it (npm run es:down && npm run es:up)",
    );
  });

  it("runs as a task, with progress, and reports what it deleted", async () => {
    await loadIndex(t, index, numbered(300), { mappings: N_MAPPING });
    const progress: TaskProgress[] = [];
    const r = await runConsole(
      t,
      {
        method: "POST",
        path: `/${index}/_delete_by_query?scroll_size=25&requests_per_second=400`,
        body: { query: { range: { n: { lt: 200 } } } },
      },
      { onProgress: (p) => progress.push(p) },
    );
    assert.equal(r.kind, "json");
    assert.ok(r.kind === "json" && r.task, "the answer carries the task report");
    const report = r.task;
    assert.match(report.task, /^[\w-]+:\d+$/);
    assert.equal(report.action, "indices:data/write/delete/byquery");
    assert.equal(report.completed, true);
    assert.deepEqual([report.total, report.deleted, report.versionConflicts], [200, 200, 0]);
    assert.ok(report.batches >= 8);
    assert.deepEqual(report.failures, []);
    assert.equal(report.error, undefined);
    assert.ok(progress.length >= 2, "progress was reported while it ran");
    assert.ok(progress.every((p) => p.task === report.task));
    assert.equal(progress.at(-1)?.done, 200);
    await t.json({ method: "POST", path: `/${index}/_refresh` });
    assert.equal(await count(t, index), 100);
  });

  it("lists every document that conflicted; the changed documents survive", async () => {
    await loadIndex(t, index, numbered(400), { mappings: N_MAPPING });
    let touched: Promise<unknown> | undefined;
    const r = await runConsole(
      t,
      // Throttled so the documents change under it while it runs.
      {
        method: "POST",
        path: `/${index}/_delete_by_query?scroll_size=20&requests_per_second=40`,
        body: { query: { match_all: {} } },
      },
      {
        onProgress: () => {
          touched ??= t.json({
            method: "POST",
            path: `/${index}/_bulk?refresh=true`,
            body: `${numbered(400)
              .map(([id]) => `{"update":{"_id":"${id}"}}\n{"doc":{"n":-1}}`)
              .join("\n")}\n`,
            contentType: "application/x-ndjson",
          });
        },
      },
    );
    await touched;
    assert.ok(r.kind === "json" && r.task);
    const report = r.task;
    assert.equal(report.completed, true);
    assert.ok(report.failures.length > 0, JSON.stringify(report.response).slice(0, 500));
    for (const f of report.failures) {
      assert.equal(f.conflict, true);
      assert.equal(f.status, 409);
      assert.equal(f.index, index);
      assert.match(f.id ?? "", /^d\d+$/);
      assert.equal(f.type, "version_conflict_engine_exception");
    }
    assert.ok(report.deleted < 400);
    await t.json({ method: "POST", path: `/${index}/_refresh` });
    const left = await count(t, index);
    assert.equal(left, 400 - report.deleted, "no document was deleted beyond the report");
    const changed = await t.json<{ count: number }>({
      method: "POST",
      path: `/${index}/_count`,
      body: { query: { term: { n: -1 } } },
    });
    assert.equal(changed.count, left, "every surviving document keeps the other writer's change");
  });

  it("cancelling the run cancels the task on the cluster", async () => {
    await loadIndex(t, index, numbered(200), { mappings: N_MAPPING });
    const controller = new AbortController();
    const r = await runConsole(
      t,
      {
        method: "POST",
        path: `/${index}/_delete_by_query?scroll_size=10&requests_per_second=10`,
        body: { query: { match_all: {} } },
      },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    assert.ok(r.kind === "json" && r.task);
    assert.equal(r.task.error?.type, "task_cancelled");
    await t.json({ method: "POST", path: `/${index}/_refresh` });
    assert.ok((await count(t, index)) > 100, "the task stopped early");
  });
});

describe("task polling and report on es8 (no reindex module there)", () => {
  const s = session(plainConfig(node("es8")));
  const t = s.transport;
  const index = "qt-edit-task-es8";
  after(async () => {
    await deleteIndices(t, index);
    await s.close();
  });

  it("the console shows the node's refusal of _delete_by_query as an error", async () => {
    await loadIndex(t, index, numbered(50), { mappings: N_MAPPING });
    const r = await runConsole(t, {
      method: "POST",
      path: `/${index}/_delete_by_query`,
      body: { query: { match_all: {} } },
    });
    assert.equal(r.kind, "error");
    assert.ok(r.kind === "error" && r.status >= 400 && /no handler found/.test(r.reason));
    assert.equal(await count(t, index), 50);
  });

  it("polls a real task to its end and reports it", async () => {
    const progress: TaskProgress[] = [];
    const report = await runAsTask(
      t,
      { method: "POST", path: `/${index}/_forcemerge?max_num_segments=1` },
      { onProgress: (p) => progress.push(p), pollMs: 50 },
    );
    assert.equal(report.completed, true);
    assert.equal(report.action, "indices:admin/forcemerge");
    assert.equal(report.error, undefined);
    assert.deepEqual(report.failures, []);
    assert.ok(progress.length >= 1 && progress.every((p) => p.task === report.task));
    // The same task read again through the tasks API gives the same report.
    const again = await pollTask(t, report.task);
    assert.deepEqual(again.response, report.response);
  });

  it("an unknown task is the cluster's 404", async () => {
    await assert.rejects(
      pollTask(t, "nonode:424242"),
      (e: unknown) => e instanceof QuarryError && (e.details as { status?: number }).status === 404,
    );
  });
});
