/**
 * Drivers as plugins: the Elasticsearch driver's real archive, built by
 * scripts/build-plugins.ts and served with its catalog from a local HTTP server, installed with its
 * SHA-256 checked, loaded from the verified bytes, and used against a real node. Tampered and
 * broken plugins are refused without taking the app down.
 */
import assert from "node:assert/strict";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { buildPlugins, packPluginArchive } from "../../scripts/build-plugins.ts";
import { sha256 } from "../../src/app/plugins/archive.ts";
import { type InstallProgress, PluginService } from "../../src/app/plugins/service.ts";
import {
  type CatalogEntry,
  MANIFEST_FILE,
  PLUGIN_API_VERSION,
  type PluginCatalog,
  type PluginManifest,
} from "../../src/core/plugin.ts";
import { node, plainConfig } from "../support/cluster.ts";
import { repackAsVersion, testManifest } from "../support/plugins.ts";
import { type Sandbox, sandbox } from "../support/quarry.ts";
import { refusalOf } from "../support/refusal.ts";

/** Files served by the test's catalog server, by path; requests are counted. */
const served = new Map<string, Buffer>();
const hits = new Map<string, number>();
let server: Server;
let base = "";
let buildDir = "";
let esEntry: CatalogEntry;
let esArchive: Buffer;

function serve(path: string, body: Buffer | string): void {
  served.set(path, Buffer.from(body));
}

function catalogOf(...entries: CatalogEntry[]): string {
  const catalog: PluginCatalog = { catalogVersion: 1, plugins: entries };
  return JSON.stringify(catalog, null, 2);
}

/** A plugin archive holding `files` beside a manifest for `id`; returns its catalog entry. */
async function makePlugin(
  id: string,
  files: Record<string, string | Buffer>,
  manifestOverrides: Partial<PluginManifest> = {},
): Promise<{ entry: CatalogEntry; archive: Buffer; manifest: PluginManifest }> {
  const manifest = testManifest(id, id, manifestOverrides);
  const archive = await packPluginArchive({ [MANIFEST_FILE]: JSON.stringify(manifest), ...files });
  const { main: _main, ...about } = manifest;
  return {
    manifest,
    archive,
    entry: { ...about, url: `${id}.tgz`, sha256: sha256(archive), size: archive.length },
  };
}

const homes: string[] = [];
function freshHome(): string {
  const dir = mkdtempSync(join(tmpdir(), "qt-plugins-home-"));
  homes.push(dir);
  return dir;
}

const boxes: Sandbox[] = [];

before(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "qt-plugins-build-"));
  const built = await buildPlugins({ outDir: buildDir });
  esEntry = built.catalog.plugins.find((p) => p.id === "elasticsearch")!;
  esArchive = readFileSync(join(buildDir, esEntry.url));

  serve("/good/catalog.json", catalogOf(esEntry));
  serve(`/good/${esEntry.url}`, esArchive);

  // The same catalog entry, but the file served is not the one it describes.
  const tampered = Buffer.from(esArchive);
  tampered[tampered.length - 100]! ^= 0xff;
  serve("/tampered/catalog.json", catalogOf(esEntry));
  serve(`/tampered/${esEntry.url}`, tampered);

  server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = served.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const box of boxes) await box.dispose().catch(() => {});
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  for (const dir of [...homes, buildDir]) rmSync(dir, { recursive: true, force: true });
});

describe("installing a plugin from the catalog", () => {
  it("downloads the archive, checks its SHA-256, installs it, and the loaded driver reaches a real node", async () => {
    const home = freshHome();
    const plugins = new PluginService(home, { QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` });
    const types = await plugins.databaseTypes();
    assert.deepEqual(
      types.map((t) => [t.type, t.installed, t.availableVersion]),
      [["elasticsearch", false, esEntry.version]],
    );

    const progress: InstallProgress[] = [];
    const before = hits.get(`/good/${esEntry.url}`) ?? 0;
    const res = await plugins.install("elasticsearch", { onProgress: (p) => progress.push(p) });
    assert.equal(hits.get(`/good/${esEntry.url}`), before + 1, "downloaded once");
    assert.equal(res.changed, true);
    assert.equal(res.record.sha256, esEntry.sha256);
    const phases = [...new Set(progress.map((p) => p.phase))];
    assert.deepEqual(phases, ["download", "verify", "install", "done"]);
    assert.equal(progress.at(-1)!.received, esEntry.size);

    const dir = join(home, "plugins", "elasticsearch");
    assert.equal(statSync(join(home, "plugins")).mode & 0o777, 0o700);
    for (const f of readdirSync(dir)) assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600, f);
    assert.deepEqual(
      readFileSync(join(dir, res.record.archive)),
      esArchive,
      "kept exactly as verified",
    );

    // Another process (a fresh service) loads it from disk, verified again.
    const driver = await new PluginService(home, {}).driverFor("elasticsearch");
    const session = driver.connect(driver.validateConfig(plainConfig(node("es8"))), {});
    try {
      const info = await session.testConnection();
      assert.equal(info.major, 8);
    } finally {
      await session.close();
    }
    // A second install of the same archive downloads nothing.
    const again = await plugins.install("elasticsearch");
    assert.equal(again.changed, false);
    assert.equal(hits.get(`/good/${esEntry.url}`), before + 1);
  });

  it("refuses an archive whose SHA-256 does not match the catalog, and installs nothing", async () => {
    const home = freshHome();
    const plugins = new PluginService(home, {
      QUARRY_PLUGIN_CATALOG: `${base}/tampered/catalog.json`,
    });
    const e = await refusalOf(plugins.install("elasticsearch"), "plugin_integrity_failed");
    assert.match(
      e.message,
      /^The elasticsearch plugin archive downloaded from http:\/\/127\.0\.0\.1:\d+\/tampered\//,
    );
    assert.match(e.message, /does not match its SHA-256/);
    assert.match(e.remedy, /quarry plugins install elasticsearch --force/);
    assert.deepEqual(await plugins.installed(), []);
    assert.ok(!existsSync(join(home, "plugins", "elasticsearch")), "no files were kept");
  });

  it("checks the SHA-256 on every load: an archive altered on disk is refused until reinstalled", async () => {
    const home = freshHome();
    const env = { QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` };
    const plugins = new PluginService(home, env);
    const { record } = await plugins.install("elasticsearch");
    await plugins.driverFor("elasticsearch"); // loaded in this process

    const path = join(home, "plugins", "elasticsearch", record.archive);
    const bytes = readFileSync(path);
    bytes[200]! ^= 0x01;
    writeFileSync(path, bytes);

    // The process that already runs the driver refuses to hand it out again...
    await refusalOf(plugins.driverFor("elasticsearch"), "plugin_integrity_failed");
    // ...and a new process refuses to load it.
    const fresh = new PluginService(home, env);
    const e = await refusalOf(fresh.driverFor("elasticsearch"), "plugin_integrity_failed");
    assert.match(e.message, /archive elasticsearch-.*\.tgz does not match its SHA-256/);
    const [listed] = await fresh.installed();
    assert.equal(listed?.status, "broken");
    assert.equal(listed?.error?.code, "plugin_integrity_failed");

    const repaired = await fresh.install("elasticsearch", { force: true });
    assert.equal(repaired.changed, true);
    assert.equal((await fresh.installed())[0]?.status, "ok");
    await fresh.driverFor("elasticsearch");
  });

  it("updates to the catalog's newer version and drops the old archive", async () => {
    const { archive, entry } = await repackAsVersion(esArchive, "99.0.0", "es-99.tgz");
    serve("/newer/catalog.json", catalogOf(entry));
    serve("/newer/es-99.tgz", archive);

    const home = freshHome();
    await new PluginService(home, { QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` }).install(
      "elasticsearch",
    );
    const plugins = new PluginService(home, {
      QUARRY_PLUGIN_CATALOG: `${base}/newer/catalog.json`,
    });
    const [offer] = await plugins.browse();
    assert.equal(offer?.installedVersion, esEntry.version);
    assert.equal(offer?.updateAvailable, true);
    assert.deepEqual(await plugins.update(), [
      { id: "elasticsearch", from: esEntry.version, to: "99.0.0", changed: true },
    ]);
    const dir = join(home, "plugins", "elasticsearch");
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith(".tgz")),
      [`elasticsearch-99.0.0-${entry.sha256.slice(0, 12)}.tgz`],
    );
    assert.equal((await plugins.browse())[0]?.updateAvailable, false);
    await plugins.driverFor("elasticsearch");
  });
});

describe("a plugin that fails to load", () => {
  it("is refused at install with a clear error, and nothing is installed", async () => {
    const broken = await makePlugin("brokendb", {
      "index.js": 'throw new Error("boom while importing");\n',
    });
    const shapeless = await makePlugin("shapeless", {
      "index.js": "export function activate() { return { type: 'other' }; }\n",
    });
    serve("/broken/catalog.json", catalogOf(broken.entry, shapeless.entry));
    serve("/broken/brokendb.tgz", broken.archive);
    serve("/broken/shapeless.tgz", shapeless.archive);

    const home = freshHome();
    const plugins = new PluginService(home, {
      QUARRY_PLUGIN_CATALOG: `${base}/broken/catalog.json`,
    });
    let e = await refusalOf(plugins.install("brokendb"), "plugin_load_failed");
    assert.equal(
      e.message,
      "The brokendb plugin cannot be loaded: its code does not load (Error: boom while importing)",
    );
    e = await refusalOf(plugins.install("shapeless"), "plugin_load_failed");
    assert.match(
      e.message,
      /provides the driver type "other", but its manifest promises "shapeless"/,
    );
    assert.deepEqual(await plugins.installed(), []);
  });

  it("leaves the running app up, and the app reports it", async () => {
    const box = sandbox({ QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` });
    boxes.push(box);
    const plugins = new PluginService(box.home, {});
    // An installed plugin built for another plugin API (as after an upgrade of Quarry), and one
    // whose code throws when imported: written as an install would leave them.
    const future = await makePlugin(
      "futuredb",
      { "index.js": "export function activate() {}\n" },
      { apiVersion: 99 },
    );
    const throwing = await makePlugin("throwdb", { "index.js": "throw new TypeError('bad');\n" });
    for (const p of [future, throwing]) {
      await plugins.store.exclusive(() =>
        plugins.store.save(p.manifest, p.archive, p.entry.sha256, "test"),
      );
    }
    assert.equal(
      (
        await box.runAsync([
          "connections",
          "add",
          "--name",
          "dev",
          "--port",
          "19218",
          "--host",
          "127.0.0.1",
        ])
      ).status,
      0,
    );

    const started = await box.runAsync(["start", "--background"]);
    assert.equal(started.status, 0, started.stderr);
    const status = JSON.parse((await box.runAsync(["status", "--json"])).stdout) as {
      running: boolean;
      plugins: Array<{ id: string; status: string; error?: { code: string; message: string } }>;
    };
    assert.equal(status.running, true);
    const byId = Object.fromEntries(status.plugins.map((p) => [p.id, p]));
    assert.equal(byId.elasticsearch?.status, "ok");
    assert.equal(byId.futuredb?.status, "broken");
    assert.equal(
      byId.futuredb?.error?.message,
      `The futuredb plugin cannot be loaded: it was built for plugin API 99, and this Quarry speaks ${PLUGIN_API_VERSION}`,
    );
    assert.equal(byId.throwdb?.status, "broken");
    assert.match(byId.throwdb?.error?.message ?? "", /its code does not load \(TypeError: bad\)/);

    const list = await box.runAsync(["plugins", "list"]);
    assert.match(
      list.stdout,
      /^futuredb\s+1\.0\.0\s+futuredb\s+BROKEN: The futuredb plugin cannot be loaded/m,
    );
    assert.match(list.stdout, /^elasticsearch\s+\S+\s+Elasticsearch\s+ok$/m);

    // The app and the driver that works are untouched.
    assert.equal((await box.runAsync(["connections", "test", "dev"])).status, 0);
    const after = JSON.parse((await box.runAsync(["status", "--json"])).stdout) as {
      running: boolean;
      pid: number;
    };
    assert.equal(after.running, true);
    assert.match(
      readFileSync(join(box.home, "logs", "app.log"), "utf8"),
      /plugin throwdb not loaded/,
    );
  });
});

describe("opening a saved connection whose driver is missing", () => {
  it("installs the driver without asking, then connects", async () => {
    const box = sandbox({ QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` });
    boxes.push(box);
    const archive = `/good/${esEntry.url}`;
    const add = await box.runAsync([
      "connections",
      "add",
      "--name",
      "dev",
      "--host",
      "127.0.0.1",
      "--port",
      "19218",
    ]);
    assert.equal(add.status, 0, add.stderr);
    const removed = await box.runAsync(["plugins", "remove", "elasticsearch"]);
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /opening one installs the driver again/);
    assert.match((await box.runAsync(["plugins", "list"])).stdout, /No plugins are installed/);
    assert.match(
      (await box.runAsync(["connections", "list"])).stdout,
      /^dev\s+elasticsearch \(driver not installed\)/m,
    );

    const before = hits.get(archive) ?? 0;
    const test = await box.runAsync(["connections", "test", "dev"]);
    assert.equal(test.status, 0, test.stderr);
    assert.match(test.stdout, /Elasticsearch 8\./);
    assert.equal(hits.get(archive), before + 1, "the archive was downloaded");
    const listed = JSON.parse((await box.runAsync(["plugins", "list", "--json"])).stdout) as Array<{
      id: string;
      status: string;
      sha256: string;
    }>;
    assert.deepEqual(
      listed.map((p) => [p.id, p.status, p.sha256]),
      [["elasticsearch", "ok", esEntry.sha256]],
    );
  });
});

describe("quarry plugins", () => {
  it("browse, install, list and remove from the command line, with errors that name the fix", async () => {
    const box = sandbox({ QUARRY_PLUGIN_CATALOG: `${base}/good/catalog.json` });
    boxes.push(box);
    const browse = await box.runAsync(["plugins", "browse"]);
    assert.equal(browse.status, 0, browse.stderr);
    assert.match(
      browse.stdout,
      new RegExp(`^Catalog: ${base}/good/catalog.json \\(environment\\)$`, "m"),
    );
    assert.match(browse.stdout, /^Elasticsearch\s+\S+\s+-\s+not installed$/m);

    const install = await box.runAsync(["plugins", "install", "elasticsearch"]);
    assert.equal(install.status, 0, install.stderr);
    assert.match(
      install.stdout,
      new RegExp(`^Installed elasticsearch \\S+ \\(SHA-256 ${esEntry.sha256}\\)\\.$`, "m"),
    );
    assert.match(install.stderr, /checking elasticsearch's SHA-256/);
    assert.match(
      (await box.runAsync(["plugins", "install", "elasticsearch"])).stdout,
      /is already installed/,
    );

    const unknown = await box.runAsync(["plugins", "install", "mysql", "--json"]);
    assert.equal(unknown.status, 1);
    const err = (
      JSON.parse(unknown.stdout) as { error: { code: string; message: string; remedy: string } }
    ).error;
    assert.equal(err.code, "plugin_unavailable");
    assert.equal(err.message, 'The plugin catalog offers no plugin named "mysql"');
    assert.equal(err.remedy, "Choose one of: elasticsearch (quarry plugins browse).");

    assert.equal((await box.runAsync(["plugins", "remove", "elasticsearch"])).status, 0);
    const gone = await box.runAsync(["plugins", "remove", "elasticsearch"]);
    assert.equal(gone.status, 1);
    assert.match(gone.stderr, /No installed plugin is named "elasticsearch"/);

    const badCatalog = await box.runAsync(["plugins", "browse"], {
      env: { QUARRY_PLUGIN_CATALOG: "http://example.com/catalog.json" },
    });
    assert.equal(badCatalog.status, 1);
    assert.match(badCatalog.stderr, /plain http:\/\/ is allowed only on this machine/);
  });
});
