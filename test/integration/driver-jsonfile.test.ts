/**
 * A second driver proves the driver interface: the JSON-file test driver
 * (test/support/drivers/jsonfile) is installed from a catalog through the plugin loader, and the
 * CLI's flags, refusals, `show` and URL reading come from its settings form, with no line of
 * src/ or web/src naming it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { catalogWithJsonFile } from "../support/drivers/jsonfile/package.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";

const root = join(import.meta.dirname, "..", "..");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : [path];
  });
}

describe("a second driver, known only to its own folder", () => {
  let box: Sandbox;
  let dataDir: string;
  let data: string;

  before(async () => {
    box = sandbox({ QUARRY_PLUGIN_CATALOG: await catalogWithJsonFile() });
    dataDir = mkdtempSync(join(tmpdir(), "qt-jsonfile-data-"));
    data = join(dataDir, "shop.json");
    writeFileSync(data, JSON.stringify({ people: [{ a: 1 }, { a: 2 }], pets: [] }));
  });
  after(async () => {
    await box?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function refused(args: string[]) {
    const r = box.run([...args, "--json"]);
    assert.equal(r.status, 2, `quarry ${args.join(" ")}: ${r.stdout}${r.stderr}`);
    return (JSON.parse(r.stdout) as { error: { message: string; remedy: string } }).error;
  }

  it("no line of src or web/src names it", () => {
    // Its type id and its name, as a word (readJsonFile in storage is not it).
    const names = /\bjsonfile\b|JSON File\b/;
    const named = [...sourcesUnder(join(root, "src")), ...sourcesUnder(join(root, "web", "src"))]
      .filter((f) => names.test(readFileSync(f, "utf8")))
      .map((f) => f.slice(root.length + 1));
    assert.deepEqual(named, []);
  });

  it("installs through the plugin loader from the catalog, its SHA-256 checked", () => {
    const installed = box.run(["plugins", "install", "jsonfile"]);
    assert.equal(installed.status, 0, installed.stderr);
    assert.match(installed.stdout, /^Installed jsonfile 1\.0\.0 \(SHA-256 [0-9a-f]{64}\)\.$/m);
    assert.match(box.run(["plugins", "list"]).stdout, /^jsonfile\s+1\.0\.0\s+JSON File\s+ok$/m);
  });

  it("connections add --type jsonfile --help shows the flags of its settings form", () => {
    const help = box.run(["connections", "add", "--type", "jsonfile", "--help"]);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /--data-file <path>\s+the JSON file to read/);
    assert.match(help.stdout, /--layout <layout>\s+tables \| rows: how the file holds its tables/);
    assert.match(help.stdout, /--table-name <name>/);
    assert.doesNotMatch(help.stdout, /--ssl-mode|--host|--password-stdin/);
  });

  it("adds a connection with its flags, tests it, lists, shows and opens it", () => {
    const added = box.run([
      "connections",
      "add",
      "--type",
      "jsonfile",
      "--name",
      "shop",
      "--data-file",
      data,
    ]);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /^Saved connection "shop" \(id [0-9a-f-]{36}\)\.$/m);
    assert.match(added.stdout, /^Connected: JSON File 1\.0, cluster "shop\.json"\.$/m);
    assert.match(
      box.run(["connections", "list"]).stdout,
      new RegExp(`^shop\\s+jsonfile\\s+file://${data}\\s+Read Only\\s+Ask Each Time$`, "m"),
    );
    const shown = box.run(["connections", "show", "shop"]).stdout;
    assert.match(shown, new RegExp(`^Data file:\\s+${data}$`, "m"));
    assert.match(shown, /^Layout:\s+An object of tables$/m);
    assert.doesNotMatch(shown, /Table name/, "a field its condition hides is not shown");
    const json = JSON.parse(box.run(["connections", "show", "shop", "--json"]).stdout);
    assert.deepEqual(json.settings, { file: data, layout: "tables" });
    assert.match(box.run(["tables", "shop"]).stdout, /^people\s+2\s/m);
  });

  it("browses its rows; what it does not offer is refused plainly, naming it", () => {
    const page = box.run(["browse", "shop", "people", "--filter", "a = 2", "--json"]);
    assert.equal(page.status, 0, page.stderr);
    const rows = (JSON.parse(page.stdout) as { rows: Array<{ cells: { a: number } }> }).rows;
    assert.deepEqual(
      rows.map((r) => r.cells.a),
      [2],
    );
    const out = join(dataDir, "people.ndjson");
    const exported = refused(["export", "shop", "people", "--format", "ndjson", "--out", out]);
    assert.equal(exported.message, "JSON File connections do not offer exports.");
    const shown = refused(["index", "show", "shop", "people"]);
    assert.equal(
      shown.message,
      "JSON File connections do not offer table administration (details, actions, deletion).",
    );
  });

  it("edit changes the given fields; a field its condition shows appears", () => {
    const edited = box.run([
      "connections",
      "edit",
      "shop",
      "--layout",
      "rows",
      "--table-name",
      "all",
    ]);
    assert.equal(edited.status, 0, edited.stderr);
    const shown = box.run(["connections", "show", "shop"]).stdout;
    assert.match(shown, /^Layout:\s+One table of rows$/m);
    assert.match(shown, /^Table name:\s+all$/m);
  });

  it("refusals come from its rules and point at its flags", () => {
    /** `quarry connections add` of a jsonfile connection "n", with `more` flags. */
    const addJsonfile = (...more: string[]) =>
      refused(["connections", "add", "--type", "jsonfile", "--name", "n", ...more]);
    let e = addJsonfile("--data-file", data, "--layout", "nope");
    assert.match(e.message, /^Layout: "nope" is not one of the choices/);
    assert.match(e.remedy, /\(Flag: --layout\.\)$/);
    e = addJsonfile();
    assert.match(e.message, /^Data file: is empty/);
    assert.match(e.remedy, /\(Flag: --data-file <path> \/ --no-data-file\.\)$/);
    e = addJsonfile("--data-file", "/nonexistent/x.json");
    assert.match(e.message, /^The Data file \/nonexistent\/x\.json cannot be read/);
  });

  it("a jsonfile: URL is read by the driver that names the scheme", () => {
    const r = box.run(["tables", `jsonfile://${data}`]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^pets\s+0\s/m);
  });

  it("beside the Elasticsearch driver: each type has its own flags, and the other's are refused", () => {
    assert.equal(box.run(["plugins", "install", "elasticsearch"]).status, 0);
    assert.match(box.run(["connections", "add", "--help"]).stdout, /--ssl-mode <mode>/);
    assert.doesNotMatch(
      box.run(["connections", "add", "--type", "jsonfile", "--help"]).stdout,
      /--ssl-mode/,
    );
    const e = refused(["connections", "edit", "shop", "--ssl-mode", "disabled"]);
    assert.match(e.message, /^--ssl-mode does not apply to a jsonfile connection/);
  });
});
