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
import { pollTask, runAsTask } from "../../src/drivers/elasticsearch/console/delete-by-query.ts";
import { runConsole } from "../../src/drivers/elasticsearch/console/run.ts";
import {
  deleteIndex,
  planDeleteIndex,
} from "../../src/drivers/elasticsearch/table-admin/delete-index.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { node, plainConfig, session, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { sandbox, waitFor } from "../support/quarry.ts";

const N_MAPPING = { properties: { n: { type: "integer" } } };

function numbered(count: number): [string, Record<string, unknown>][] {
  return Array.from({ length: count }, (_, i) => [`d${i}`, { n: i }]);
}

async function exists(t: EsTransport, index: string): Promise<boolean> {
  return (await t.request({ method: "HEAD", path: `/${index}` })).status === 200;
}

/** Another writer changes documents d<from>..d<to - 1> (their version moves on). */
function changeDocuments(t: EsTransport, index: string, from: number, to: number) {
  const lines = [];
  for (let i = from; i < to; i++) lines.push(`{"update":{"_id":"d${i}"}}`, '{"doc":{"n":-1}}');
  return t.json({
    method: "POST",
    path: `/${index}/_bulk?refresh=true`,
    body: `${lines.join("\n")}\n`,
    contentType: "application/x-ndjson",
  });
}

/**
 * The status of the _delete_by_query task running on this index, if one runs. Other test files
 * run their own on the same node at the same time (the progress tests), so the index decides.
 */
async function runningDeleteByQuery(
  t: EsTransport,
  index: string,
): Promise<{ deleted: number } | undefined> {
  const body = await t.json<{
    nodes?: Record<
      string,
      { tasks: Record<string, { description?: string; status?: { deleted: number } }> }
    >;
  }>({
    method: "GET",
    path: "/_tasks",
    query: { actions: "*delete/byquery", detailed: true },
  });
  const tasks = Object.values(body.nodes ?? {}).flatMap((n) => Object.values(n.tasks));
  return tasks.find((task) => task.description?.includes(`[${index}]`))?.status;
}

async function count(t: EsTransport, index: string): Promise<number> {
  return (await t.json<{ count: number }>({ method: "GET", path: `/${index}/_count` })).count;
}

describeOnMajors(
  (name) => `deleting an index on ${name}`,
  (name) => {
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
  },
);

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
        // Only once it has deleted some: its snapshot of the documents is taken by then, so the
        // other writer's changes conflict instead of landing before it looked.
        onProgress: (p) => {
          if (p.deleted === 0) return;
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
    assert.ok(touched, "the other writer changed the documents while it ran");
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

  it("a run stopped at its first version conflict is reported as stopped, with what was not attempted", async () => {
    await loadIndex(t, index, numbered(300), { mappings: N_MAPPING });
    const path = `/${index}/_delete_by_query?scroll_size=50&requests_per_second=40`;
    let doneWhenChanged: number | undefined;
    let changed: Promise<unknown> | undefined;
    const r = await runConsole(
      t,
      // One shard, read in index order, 50 a batch with a pause after each: d200..d209 are in the
      // fifth batch, changed by another writer before the task reaches them.
      { method: "POST", path, body: { query: { match_all: {} } } },
      {
        onProgress: (p) => {
          if (changed) return;
          doneWhenChanged = p.done;
          changed = changeDocuments(t, index, 200, 210);
        },
      },
    );
    await changed;
    assert.ok((doneWhenChanged ?? 300) < 200, "the documents changed before the task reached them");
    assert.ok(r.kind === "json" && r.task);
    const report = r.task;
    assert.equal(report.completed, true, "the cluster calls it completed");
    assert.equal(report.outcome, "stopped");
    assert.deepEqual(
      [report.total, report.deleted, report.versionConflicts, report.notAttempted],
      [300, 240, 10, 50],
    );
    assert.deepEqual(
      report.failures.map((f) => f.id),
      Array.from({ length: 10 }, (_, i) => `d${200 + i}`),
    );
    assert.match(report.stop?.reason ?? "", /stopped it at its first version conflict/);
    assert.match(
      report.stop?.remedy ?? "",
      new RegExp(
        `run it again with conflicts=proceed in the path \\(POST /${index}/_delete_by_query\\?scroll_size=50&requests_per_second=40&conflicts=proceed\\)`,
      ),
    );
    await t.json({ method: "POST", path: `/${index}/_refresh` });
    assert.equal(await count(t, index), 60, "the 10 changed and the 50 not attempted are left");
  });

  it("the CLI says a stopped run stopped: counts, not attempted, conflicts=proceed, exit 3", async () => {
    await loadIndex(t, index, numbered(300), { mappings: N_MAPPING });
    const path = `/${index}/_delete_by_query?scroll_size=50&requests_per_second=40`;
    const box = sandbox();
    try {
      const run = box.runAsync([
        "console",
        node("es7").url,
        "POST",
        path,
        "--body",
        '{"query":{"match_all":{}}}',
        "--yes",
      ]);
      // Changed once the task runs, and before it reaches them.
      let started: { deleted: number } | undefined;
      await waitFor(async () => {
        started = await runningDeleteByQuery(t, index);
        return started !== undefined;
      }, "the task to start");
      await changeDocuments(t, index, 200, 210);
      assert.ok((started?.deleted ?? 300) < 200);
      const r = await run;
      assert.equal(r.status, 3, r.stderr);
      assert.match(
        r.stdout,
        /^task \S+ stopped early: 240 deleted, 10 version conflicts, 50 not attempted \(of 300\)$/m,
      );
      assert.match(r.stdout, /^ {2}conflict: .*\/d200 409 version_conflict_engine_exception/m);
      assert.match(r.stdout, /^ {2}why: the cluster stopped it at its first version conflict/m);
      assert.match(r.stderr, /run it again with conflicts=proceed in the path/);
      assert.doesNotMatch(r.stdout, /completed/);
    } finally {
      await box.dispose();
    }
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

  it("the console says the cluster lacks the reindex module, naming the request as typed", async () => {
    await loadIndex(t, index, numbered(50), { mappings: N_MAPPING });
    const r = await runConsole(t, {
      method: "POST",
      path: `/${index}/_delete_by_query`,
      body: { query: { match_all: {} } },
    });
    assert.ok(r.kind === "error" && r.status >= 400, JSON.stringify(r));
    assert.equal(r.type, "module_missing");
    assert.equal(
      r.reason.split(". ")[0],
      `this cluster lacks the reindex module, which serves _delete_by_query: the node has no handler for POST /${index}/_delete_by_query, so nothing was done`,
    );
    assert.doesNotMatch(r.reason, /wait_for_completion|no handler found for uri/);
    assert.match(JSON.stringify(r.raw), /no handler found/, "the node's own answer is kept");
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
