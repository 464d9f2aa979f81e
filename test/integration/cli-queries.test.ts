/**
 * `quarry query` on the es8 node's sample data: a saved console request, ES|QL query and grid view
 * run with typed parameters (a value never becomes query text), a shared folder edited by hand is
 * picked up while a broken file in it is reported with its path and line, secrets are refused at
 * save, a query saved for a connection that is gone says so, export/import carries a set to
 * another data folder, refusing a clash unless --replace, and `quarry query folder` sets the shared
 * folder only to one that exists.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import { connectionTo, node } from "../support/cluster.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";

const shared = mkdtempSync(join(tmpdir(), "qt-shared-queries-"));

async function withConnection(box: Sandbox, name: string): Promise<void> {
  const { config, secrets } = connectionTo(node("es8"));
  await addConnection(
    await openAppStorage(box.env),
    { name, type: "elasticsearch", settings: { ...config } },
    secrets,
  );
}

describe("quarry query: the library from the command line", () => {
  const box = sandbox({ QUARRY_QUERIES: shared });
  const other = sandbox();
  const json = (args: string[]) => {
    const r = box.run([...args, "--json"]);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    return JSON.parse(r.stdout);
  };

  before(async () => {
    await withConnection(box, "dev");
    await withConnection(other, "dev");
  });
  after(async () => {
    await box.dispose();
    await other.dispose();
  });

  it("a console request runs with typed parameters; a missing one is named", () => {
    const saved = box.run([
      "query",
      "save",
      "by-status",
      "--conn",
      "dev",
      "--description",
      "Orders of one status",
      "--param",
      "size:number=3",
      "--console",
      'GET /sample-orders/_search\n{"size": {{size}}, "query": {"term": {"status": "{{status}}"}}}',
    ]);
    assert.equal(saved.status, 0, saved.stderr);
    const r = json(["query", "run", "by-status", "--param", "status=paid", "--no-history"]);
    assert.equal(r.kind, "grid");
    assert.equal(r.rows.length, 3);
    assert.ok(r.rows.every((row: { cells: { status: string } }) => row.cells.status === "paid"));
    const missing = box.run(["query", "run", "by-status"]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /needs the parameter status \(text\)/);
    const typed = box.run([
      "query",
      "run",
      "by-status",
      "--param",
      "status=paid",
      "--param",
      "size=ten",
    ]);
    assert.equal(typed.status, 2);
    assert.match(typed.stderr, /size of by-status is a number; "ten" is not a number/);
  });

  it("an ES|QL query takes its values as parameters, never as query text", () => {
    const saved = box.run([
      "query",
      "save",
      "esql-status",
      "--esql",
      "FROM sample-orders | WHERE status == {{status}} | STATS n = COUNT(*)",
      "--type",
      "elasticsearch",
    ]);
    assert.equal(saved.status, 0, saved.stderr);
    const paid = box.run([
      "query",
      "run",
      "esql-status",
      "dev",
      "--param",
      "status=paid",
      "--format",
      "csv",
    ]);
    assert.equal(paid.status, 0, paid.stderr);
    assert.ok(Number(paid.stdout.split(/\r?\n/)[1]) > 0);
    const injected = box.run([
      "query",
      "run",
      "esql-status",
      "dev",
      "--param",
      'status=paid" OR status != "x',
      "--format",
      "csv",
    ]);
    assert.equal(injected.status, 0, injected.stderr);
    assert.equal(injected.stdout.split(/\r?\n/)[1], "0");
    const noConn = box.run(["query", "run", "esql-status"]);
    assert.equal(noConn.status, 2);
    assert.match(noConn.stderr, /say which one to run it on/);
  });

  it("one history: the CLI's requests are listed by surface, connection and text", () => {
    const ran = box.run(["query", "run", "by-status", "--param", "status=paid"]);
    assert.equal(ran.status, 0, ran.stderr);
    const h = json(["history", "--surface", "cli", "--conn", "dev", "--search", "paid"]);
    assert.equal(h.history.length, 1);
    assert.equal(h.history[0].connection, "dev");
    assert.equal(h.history[0].surface, "cli");
    assert.equal(h.history[0].request.path, "/sample-orders/_search");
    assert.equal(json(["history", "--surface", "ui"]).history.length, 0);
    const at = Date.parse(h.history[0].at);
    const until = (t: number) =>
      json(["history", "--until", new Date(t).toISOString(), "--search", "paid"]).history.length;
    assert.equal(until(at), 1);
    assert.equal(until(at - 1), 0);
    const bad = box.run(["history", "--until", "soon"]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--until soon is not a time/);
  });

  it("a grid view keeps its filters, sort and columns", () => {
    const saved = box.run([
      "query",
      "save",
      "top-paid",
      "--view",
      "sample-orders",
      "--filter",
      "status = {{status}}",
      "--sort",
      "total:desc",
      "--columns",
      "order_id,status,total",
      "--shared",
    ]);
    assert.equal(saved.status, 0, saved.stderr);
    const r = json(["query", "run", "top-paid", "dev", "--param", "status=paid"]);
    const totals = r.rows.map((row: { cells: { total: number } }) => row.cells.total);
    assert.deepEqual(
      totals,
      [...totals].sort((a: number, b: number) => b - a),
    );
    assert.deepEqual(
      r.columns.map((c: { name: string }) => c.name),
      ["order_id", "status", "total"],
    );
  });

  it("a shared folder edited by hand is picked up; a broken file is named with its line", () => {
    writeFileSync(
      join(shared, "count-new.esql"),
      '// New orders, counted\n// @type elasticsearch\nFROM sample-orders | WHERE status == "new" | STATS n = COUNT(*)\n',
    );
    writeFileSync(
      join(shared, "broken.view.json"),
      '{\n  "table": "sample-orders",\n  "sort": [,]\n}\n',
    );
    const list = box.run(["query", "list"]);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /count-new\s+esql\s+any elasticsearch\s+New orders, counted/);
    assert.match(list.stderr, /broken\.view\.json:3: not valid JSON/);
    const listed = json(["query", "list"]);
    assert.deepEqual(
      listed.queries.map((q: { name: string }) => q.name),
      ["by-status", "count-new", "esql-status", "top-paid"],
    );
    const ran = box.run(["query", "run", "count-new", "dev", "--format", "csv"]);
    assert.equal(ran.status, 0, ran.stderr);
    const broken = box.run(["query", "run", "broken", "dev"]);
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /broken\.view\.json:3/);

    // Changed on disk: the next read has the new text, nothing cached.
    writeFileSync(
      join(shared, "count-new.esql"),
      '// Paid orders, counted\n// @type elasticsearch\nFROM sample-orders | WHERE status == "paid" | STATS paid = COUNT(*)\n',
    );
    assert.match(
      box.run(["query", "list"]).stdout,
      /count-new\s+esql\s+any elasticsearch\s+Paid orders, counted/,
    );
    const changed = box.run(["query", "run", "count-new", "dev", "--format", "csv"]);
    assert.equal(changed.status, 0, changed.stderr);
    assert.equal(changed.stdout.split(/\r?\n/)[0], "paid");
  });

  it("quarry query folder sets the shared folder only to a folder that exists, and clears it", () => {
    const team = mkdtempSync(join(tmpdir(), "qt-team-queries-"));
    writeFileSync(
      join(team, "team-health.http"),
      "# The team's health check\nGET /_cluster/health\n",
    );
    const missing = other.run(["query", "folder", join(team, "nope")]);
    assert.equal(missing.status, 2);
    assert.match(
      missing.stderr,
      new RegExp(
        `The folder ${join(team, "nope")} does not exist; the shared queries folder was not changed`,
      ),
    );
    assert.match(missing.stderr, /Create the folder/);
    const file = other.run(["query", "folder", join(team, "team-health.http")]);
    assert.equal(file.status, 2);
    assert.match(file.stderr, /team-health\.http is a file, not a folder/);
    const both = other.run(["query", "folder", team, "--clear"]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /Give a folder or --clear, not both/);
    assert.match(other.run(["query", "folder"]).stdout, /No shared queries folder is set/);

    const set = other.run(["query", "folder", team]);
    assert.equal(set.status, 0, set.stderr);
    assert.equal(set.stdout.trim(), `Shared queries folder set to ${team}.`);
    assert.deepEqual(JSON.parse(readFileSync(join(other.home, "queries-settings.json"), "utf8")), {
      projectFolder: team,
    });
    const listed = JSON.parse(other.run(["query", "list", "--json"]).stdout);
    assert.deepEqual(
      listed.queries.map((q: { name: string; source: string }) => [q.name, q.source]),
      [["team-health", "project"]],
    );
    const saved = other.run([
      "query",
      "save",
      "team-count",
      "--shared",
      "--console",
      "GET /_count",
    ]);
    assert.equal(saved.status, 0, saved.stderr);
    assert.equal(readFileSync(join(team, "team-count.http"), "utf8"), "GET /_count\n");

    // QUARRY_QUERIES wins over the setting, and says so.
    const env = json(["query", "folder"]);
    assert.equal(env.from, "env");
    assert.equal(env.folder, shared);

    assert.equal(other.run(["query", "folder", "--clear"]).status, 0);
    assert.deepEqual(JSON.parse(other.run(["query", "list", "--json"]).stdout).queries, []);
  });

  it("a header or a password is refused at save, and nothing is written", () => {
    const r = box.run([
      "query",
      "save",
      "make-user",
      "--console",
      'POST /_security/user/bob\n{"password": "hunter2hunter2", "roles": []}',
    ]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /make-user was not saved: the body gives "password" a value/);
    assert.equal(box.run(["query", "show", "make-user"]).status, 2);
  });

  it("a query of a connection that is gone, or run on another, says so", () => {
    const other = box.run(["query", "run", "by-status", "elsewhere", "--param", "status=x"]);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /No saved connection is named elsewhere/);
    assert.equal(box.run(["connections", "remove", "dev"]).status, 0);
    const gone = box.run(["query", "run", "by-status", "--param", "status=paid"]);
    assert.equal(gone.status, 2);
    assert.match(gone.stderr, /belongs to the connection dev, which is gone/);
  });

  it("export and import carry a set to another data folder; a clash needs --replace", () => {
    const file = join(mkdtempSync(join(tmpdir(), "qt-export-")), "queries.json");
    assert.equal(box.run(["query", "export", file, "by-status", "esql-status"]).status, 0);
    const first = other.run(["query", "import", file]);
    assert.equal(first.status, 0, first.stderr);
    const clash = other.run(["query", "import", file]);
    assert.equal(clash.status, 2);
    assert.match(clash.stderr, /by-status, esql-status are already saved; nothing was imported/);
    assert.equal(other.run(["query", "import", file, "--replace"]).status, 0);
    const r = other.run([
      "query",
      "run",
      "by-status",
      "--param",
      "status=paid",
      "--json",
      "--no-history",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).rows.length, 3);
  });
});
