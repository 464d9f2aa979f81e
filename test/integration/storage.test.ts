/**
 * The app data folder and its files: permissions, atomic writes under SIGKILL, locked
 * read-modify-write between processes, saved connections and the secrets file.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import {
  type AppStorage,
  addConnection,
  editConnection,
  openAppStorage,
  openSavedConnection,
  removeConnection,
} from "../../src/app/connections/connection-service.ts";
import { readJsonFile, writeFileAtomic } from "../../src/app/storage/atomic-write.ts";
import { ConnectionStore } from "../../src/app/storage/connection-store.ts";
import { withFileLock } from "../../src/app/storage/file-lock.ts";
import { ensureAppDataDir } from "../../src/app/storage/paths.ts";
import { openSecretStore, type SecretStore } from "../../src/app/storage/secret-store.ts";
import { QuarryError } from "../../src/core/errors.ts";
import { node, portOf } from "../support/cluster.ts";
import { esOnly } from "../support/es-driver.ts";
import { refusalOf } from "../support/refusal.ts";
import { atomicContent } from "../support/storage-child.ts";

const root = mkdtempSync(join(tmpdir(), "qt-conn-storage-"));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const freshDir = () => join(root, `home-${++counter}`);
const nodeBin = process.execPath;
const child = join(import.meta.dirname, "..", "support", "storage-child.ts");

const mode = (path: string) => statSync(path).mode & 0o777;

describe("the app data folder", () => {
  it("is created 0700 where QUARRY_HOME points, parents included", async () => {
    const dir = join(freshDir(), "nested", "quarry");
    assert.equal(await ensureAppDataDir({ QUARRY_HOME: dir }), dir);
    assert.equal(mode(dir), 0o700);
  });

  it("has looser permissions tightened to 0700", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    await ensureAppDataDir({ QUARRY_HOME: dir });
    assert.equal(mode(dir), 0o700);
  });

  it("is refused when another user owns it", async (t) => {
    const uid = process.getuid?.();
    if (uid !== 0) {
      // Only root can give a folder away; as another user, check the rule against a root-owned folder.
      const e = await refusalOf(ensureAppDataDir({ QUARRY_HOME: "/" }), "storage_failed");
      assert.match(e.message, /belongs to another user/);
      return;
    }
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 12345, 12345);
    const e = await refusalOf(ensureAppDataDir({ QUARRY_HOME: dir }), "storage_failed");
    assert.match(
      e.message,
      new RegExp(`^The app data folder ${dir} belongs to another user \\(uid 12345`),
    );
    assert.match(e.remedy, /QUARRY_HOME/);
    t.diagnostic("checked with a folder chowned to uid 12345");
  });

  it("a file in its place is refused, not replaced", async () => {
    const path = freshDir();
    writeFileSync(path, "keep me");
    const e = await refusalOf(ensureAppDataDir({ QUARRY_HOME: path }), "storage_failed");
    assert.match(e.message, /cannot create|is not a folder/i);
    assert.equal(readFileSync(path, "utf8"), "keep me");
  });
});

describe("atomic writes", () => {
  it("write 0600 by default, or the mode asked for, whatever the umask", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const old = process.umask(0o000);
    try {
      await writeFileAtomic(join(dir, "a.json"), "{}");
      await writeFileAtomic(join(dir, "b.txt"), "x", { mode: 0o644 });
    } finally {
      process.umask(old);
    }
    assert.equal(mode(join(dir, "a.json")), 0o600);
    assert.equal(mode(join(dir, "b.txt")), 0o644);
  });

  it("replace the content and keep the mode 0600 after an update", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const target = join(dir, "f.json");
    await writeFileAtomic(target, "one");
    await writeFileAtomic(target, new TextEncoder().encode("two"));
    assert.equal(readFileSync(target, "utf8"), "two");
    assert.equal(mode(target), 0o600);
    assert.deepEqual(readdirSync(dir), ["f.json"]);
  });

  it("a failed write is a clear error and leaves the old file and no temporary file", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const target = join(dir, "f.json");
    await writeFileAtomic(target, "old");
    mkdirSync(join(dir, "sub"));
    // Renaming a file over a non-empty folder fails after the temporary file was written.
    writeFileSync(join(dir, "sub", "x"), "");
    const e = await refusalOf(writeFileAtomic(join(dir, "sub"), "new"), "storage_failed");
    assert.match(e.message, /^Cannot write .*sub: it is not a regular file \(a folder\)/);
    assert.equal(readFileSync(target, "utf8"), "old");
    assert.deepEqual(readdirSync(dir).sort(), ["f.json", "sub"]);
  });

  it("through a symbolic link replace the file it names and keep the link; never rename over a FIFO", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const real = join(dir, "dotfiles-mimeapps.list");
    writeFileSync(real, "old\n");
    symlinkSync(real, join(dir, "mimeapps.list"));
    await writeFileAtomic(join(dir, "mimeapps.list"), "new\n", { mode: 0o644 });
    assert.ok(lstatSync(join(dir, "mimeapps.list")).isSymbolicLink(), "the link stays a link");
    assert.equal(readFileSync(real, "utf8"), "new\n");
    // A link to a file not made yet: the file is made where the link points.
    symlinkSync(join(dir, "later.json"), join(dir, "dangling.json"));
    await writeFileAtomic(join(dir, "dangling.json"), "{}");
    assert.ok(lstatSync(join(dir, "dangling.json")).isSymbolicLink());
    assert.equal(readFileSync(join(dir, "later.json"), "utf8"), "{}");

    const fifo = join(dir, "fifo");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
    const e = await refusalOf(writeFileAtomic(fifo, "x"), "storage_failed");
    assert.match(
      e.message,
      /^Cannot write .*fifo: it is not a regular file \(a device, FIFO or socket\)/,
    );
    assert.ok(lstatSync(fifo).isFIFO(), "still a FIFO");
    assert.deepEqual(readdirSync(dir).sort(), [
      "dangling.json",
      "dotfiles-mimeapps.list",
      "fifo",
      "later.json",
      "mimeapps.list",
    ]);
  });

  it("a process killed mid-write leaves the old or the new file, never half; the next write sweeps the leftovers", async (t) => {
    const dir = freshDir();
    mkdirSync(dir);
    const target = join(dir, "big.bin");
    const size = 24 * 1024 * 1024;
    const a = atomicContent("a", size);
    const b = atomicContent("b", size);
    await writeFileAtomic(target, a);
    const rounds = 25;
    let leftovers = 0;
    for (let round = 0; round < rounds; round++) {
      const proc: ChildProcess = spawn(nodeBin, [child, "atomic", target, String(size)], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await once(proc.stdout!, "data");
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 200));
      const exited = once(proc, "exit");
      proc.kill("SIGKILL");
      await exited;
      const now = readFileSync(target);
      assert.equal(now.length, size, `round ${round}: the file has its full size`);
      assert.ok(now.equals(a) || now.equals(b), `round ${round}: the file is one whole content`);
      if (readdirSync(dir).some((n) => n.endsWith(".tmp"))) leftovers++;
    }
    // The test proves something only if some kills really landed mid-write.
    assert.ok(leftovers > 0, "some kills left a temporary file behind (landed mid-write)");
    t.diagnostic(`${leftovers} of ${rounds} kills landed mid-write`);
    await writeFileAtomic(target, "final");
    assert.deepEqual(readdirSync(dir), ["big.bin"]);
    assert.equal(readFileSync(target, "utf8"), "final");
  });
});

describe("reading JSON files", () => {
  it("a missing file gives the fallback", async () => {
    assert.deepEqual(await readJsonFile(join(root, "none.json"), { empty: true }), { empty: true });
  });

  it("a malformed file is an error naming the file and where, without quoting it, and is left as is", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const path = join(dir, "secrets.json");
    const text = '{"secrets": {"x": {"password": "hunter2-very-secret" oops}}}';
    writeFileSync(path, text);
    const e = await refusalOf(readJsonFile(path, {}), "storage_failed");
    assert.match(
      e.message,
      new RegExp(`^The file ${path} is not valid JSON \\(syntax error at line 1`),
    );
    assert.ok(!JSON.stringify(e.toJSON()).includes("hunter2"), "the error never quotes the file");
    assert.equal(readFileSync(path, "utf8"), text);
    for (const bad of ["", "{'a': 1}", "[1,"]) {
      writeFileSync(path, bad);
      await refusalOf(readJsonFile(path, {}), "storage_failed");
      assert.equal(readFileSync(path, "utf8"), bad);
    }
  });
});

describe("the lock between processes", () => {
  it("concurrent writers in several processes lose no connection", async () => {
    const dir = freshDir();
    const procs = [0, 1, 2, 3].map((p) =>
      spawn(nodeBin, [child, "store", dir, `p${p}`, "8"], {
        stdio: ["ignore", "inherit", "inherit"],
      }),
    );
    const codes = await Promise.all(procs.map(async (p) => (await once(p, "exit"))[0]));
    assert.deepEqual(codes, [0, 0, 0, 0]);
    const names = (await new ConnectionStore(dir, { driverFor: esOnly }).list())
      .map((c) => c.name)
      .sort();
    const expected = [0, 1, 2, 3]
      .flatMap((p) => [...Array(8).keys()].map((i) => `p${p}-${i}`))
      .sort();
    assert.deepEqual(names, expected);
    assert.ok(!readdirSync(dir).some((n) => n.endsWith(".lock")), "no lock is left behind");
  });

  it("a lock left by a killed process is taken over at once", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    const dead = spawn(nodeBin, ["-e", ""]);
    await once(dead, "exit");
    writeFileSync(
      join(dir, "connections.json.lock"),
      JSON.stringify({
        pid: dead.pid,
        host: (await import("node:os")).hostname(),
        token: "x",
        since: "",
      }),
    );
    const started = Date.now();
    await new ConnectionStore(dir, { driverFor: esOnly }).create({
      name: "after-crash",
      type: "elasticsearch",
      settings: { host: "h" },
    });
    assert.ok(Date.now() - started < 2000, "no wait for a dead holder");
    assert.deepEqual(readdirSync(dir).sort(), ["connections.json"]);
  });

  it("a live holder is waited for, then the change goes through", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    const store = new ConnectionStore(dir, { driverFor: esOnly });
    let creating: Promise<unknown> | undefined;
    let doneWhileHeld = false;
    await withFileLock(join(dir, "connections.json.lock"), async () => {
      creating = store.create({ name: "waits", type: "elasticsearch", settings: { host: "h" } });
      creating.then(() => {
        doneWhileHeld = true;
      });
      await new Promise((r) => setTimeout(r, 300));
    });
    assert.equal(doneWhileHeld, false, "the change waited for the holder");
    await creating;
    assert.equal((await store.list()).length, 1);
  });
});

describe("the connection store", () => {
  const es = (extra: Record<string, unknown> = {}) => ({ host: "localhost", port: 9200, ...extra });

  it("round-trips a connection: defaults, lookups by id and by name ignoring case", async () => {
    const store = new ConnectionStore(freshDir(), { driverFor: esOnly });
    const saved = await store.create({ name: "Local Dev", type: "elasticsearch", settings: es() });
    assert.equal(saved.externalClients, "read-only");
    assert.equal(saved.aiPolicy, "ask-each-time");
    assert.deepEqual(saved.settings, {
      host: "localhost",
      port: 9200,
      auth: "none",
      sslMode: "disabled",
      skipTlsVerify: false,
    });
    assert.deepEqual(await store.get(saved.id), saved);
    assert.deepEqual(await store.get("local dev"), saved);
    assert.deepEqual(await new ConnectionStore(store.dir, { driverFor: esOnly }).list(), [saved]);
    assert.equal(await store.get("nope"), undefined);
    assert.equal(mode(store.dir), 0o700);
    assert.equal(mode(store.path), 0o600);
  });

  it("validates settings with the driver and names the field", async () => {
    const store = new ConnectionStore(freshDir(), { driverFor: esOnly });
    const e = await refusalOf(
      store.create({ name: "x", type: "elasticsearch", settings: es({ sslMode: "tls" }) }),
      "invalid_config",
    );
    assert.match(e.message, /^SSL Mode: "tls" is not one of the choices/);
    assert.deepEqual(await store.list(), [], "nothing was saved");
  });

  it("keeps names unique ignoring case, on create and on rename", async () => {
    const store = new ConnectionStore(freshDir(), { driverFor: esOnly });
    await store.create({ name: "prod", type: "elasticsearch", settings: es() });
    const staging = await store.create({ name: "staging", type: "elasticsearch", settings: es() });
    const e = await refusalOf(
      store.create({ name: "PROD", type: "elasticsearch", settings: es() }),
      "connection_exists",
    );
    assert.equal(e.message, 'A saved connection is already named "prod"');
    await refusalOf(store.update("staging", { name: " Prod " }), "connection_exists");
    const renamed = await store.update(staging.id, { name: "Staging" });
    assert.equal(renamed.name, "Staging", "a change of case alone is a rename");
  });

  it("updates merge settings, keep the id and createdAt, and keep the file 0600", async () => {
    const store = new ConnectionStore(freshDir(), { driverFor: esOnly });
    const saved = await store.create({ name: "a", type: "elasticsearch", settings: es() });
    chmodSync(store.path, 0o644);
    const updated = await store.update("A", {
      settings: { port: "9201", sslMode: "verify-ca" },
      externalClients: "blocked",
      aiPolicy: "never",
    });
    assert.equal(updated.id, saved.id);
    assert.equal(updated.createdAt, saved.createdAt);
    assert.equal(updated.settings.port, 9201);
    assert.equal(updated.settings.host, "localhost");
    assert.equal(updated.externalClients, "blocked");
    assert.equal(updated.aiPolicy, "never");
    assert.equal(mode(store.path), 0o600);
  });

  it("require names the missing connection and lists the known ones", async () => {
    const store = new ConnectionStore(freshDir(), { driverFor: esOnly });
    await store.create({ name: "alpha", type: "elasticsearch", settings: es() });
    await store.create({ name: "beta", type: "elasticsearch", settings: es() });
    const e = await refusalOf(store.require("gamma"), "connection_not_found");
    assert.equal(e.message, 'No saved connection is named "gamma"');
    assert.match(e.remedy, /alpha, beta/);
    await refusalOf(store.remove("gamma"), "connection_not_found");
  });

  it("keeps and shows a connection whose driver is not installed, and fields it does not know", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, "connections.json");
    const mysql = {
      id: "6f1c2b9e-0000-4000-8000-000000000001",
      name: "old mysql",
      type: "mysql",
      settings: { host: "db", port: 3306, database: "shop" },
      externalClients: "blocked",
      aiPolicy: "never",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      colour: "#ff0000",
    };
    writeFileSync(path, JSON.stringify({ version: 1, connections: [mysql] }));
    const store = new ConnectionStore(dir, { driverFor: esOnly });
    assert.equal((await store.list())[0]?.type, "mysql");
    await store.create({ name: "es", type: "elasticsearch", settings: es() });
    await store.update("old mysql", { externalClients: "read-only" });
    await refusalOf(
      store.update("old mysql", { settings: { port: 3307 } }),
      "driver_not_installed",
    );
    const raw = JSON.parse(readFileSync(path, "utf8"));
    assert.equal(raw.connections.length, 2);
    assert.equal(raw.connections[0].colour, "#ff0000", "unknown fields survive a rewrite");
    assert.deepEqual(raw.connections[0].settings, mysql.settings);
    const e = await refusalOf(
      openSavedConnection("old mysql", await storageIn(dir)),
      "driver_not_installed",
    );
    assert.match(e.message, /needs the mysql driver, which is not installed/);
  });

  it("a malformed connections file is refused, never replaced", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, "connections.json");
    const broken = [
      '{"version": 1, "connections": [',
      '{"version": 1}',
      '{"version": 1, "connections": [{"id": "x"}]}',
      '{"version": 1, "connections": [{"id":"x","name":"n","type":"elasticsearch","settings":{},"externalClients":"sometimes","aiPolicy":"never","createdAt":"t","updatedAt":"t"}]}',
    ];
    for (const text of broken) {
      writeFileSync(path, text);
      const store = new ConnectionStore(dir, { driverFor: esOnly });
      const e = await refusalOf(store.list(), "storage_failed");
      assert.ok(e.message.includes(path), e.message);
      await refusalOf(
        store.create({ name: "n", type: "elasticsearch", settings: es() }),
        "storage_failed",
      );
      assert.equal(readFileSync(path, "utf8"), text);
    }
  });

  it("a file from a newer Quarry is left untouched", async () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, "connections.json");
    writeFileSync(path, '{"version": 2, "connections": []}');
    const e = await refusalOf(
      new ConnectionStore(dir, { driverFor: esOnly }).list(),
      "storage_failed",
    );
    assert.match(e.message, /newer version of Quarry/);
    await refusalOf(
      new ConnectionStore(dir, { driverFor: esOnly }).create({
        name: "n",
        type: "elasticsearch",
        settings: es(),
      }),
      "storage_failed",
    );
    assert.equal(readFileSync(path, "utf8"), '{"version": 2, "connections": []}');
  });
});

async function storageIn(dir: string, secrets?: SecretStore): Promise<AppStorage> {
  return {
    dir,
    connections: new ConnectionStore(dir, { driverFor: esOnly }),
    secrets: secrets ?? (await openSecretStore(dir, { QUARRY_SECRET_STORE: "file" })),
  };
}

describe("the secrets file", () => {
  it("round-trips secrets in a 0600 file, apart from the connections file", async () => {
    const dir = freshDir();
    const storage = await openAppStorage({ QUARRY_HOME: dir, QUARRY_SECRET_STORE: "file" });
    assert.equal(storage.secrets.backend, "file");
    const saved = await addConnection(
      storage,
      { name: "s", type: "elasticsearch", settings: { host: "h", auth: "basic", username: "u" } },
      { password: "pw-Secret-123" },
    );
    assert.deepEqual(await storage.secrets.get(saved.id), { password: "pw-Secret-123" });
    assert.equal(mode(join(dir, "secrets.json")), 0o600);
    assert.ok(!readFileSync(join(dir, "connections.json"), "utf8").includes("pw-Secret-123"));
    assert.equal((await storage.secrets.locate(saved.id))?.backend, "file");
    // A mode loosened by hand is tightened before the file is read again.
    chmodSync(join(dir, "secrets.json"), 0o644);
    await storage.secrets.get(saved.id);
    assert.equal(mode(join(dir, "secrets.json")), 0o600);
  });

  it("secrets the auth method no longer uses are deleted on edit; removal deletes them", async () => {
    const storage = await storageIn(freshDir());
    const saved = await addConnection(
      storage,
      { name: "s", type: "elasticsearch", settings: { host: "h", auth: "basic", username: "u" } },
      { password: "pw-1" },
    );
    await editConnection(storage, "s", {}, { password: "pw-2" });
    assert.deepEqual(await storage.secrets.get(saved.id), { password: "pw-2" });
    const apiKey = Buffer.from("id:key").toString("base64");
    await editConnection(storage, "s", { settings: { auth: "api-key" } }, { apiKey });
    assert.deepEqual(await storage.secrets.get(saved.id), { apiKey });
    await editConnection(storage, "s", { settings: { auth: "none" } });
    assert.deepEqual(await storage.secrets.get(saved.id), {});
    await editConnection(
      storage,
      "s",
      { settings: { auth: "basic", username: "v" } },
      { password: "pw-3" },
    );
    await removeConnection(storage, "s");
    assert.deepEqual(await storage.secrets.get(saved.id), {});
    assert.ok(!readFileSync(join(storage.dir, "secrets.json"), "utf8").includes("pw-3"));
  });

  it("refuses what cannot work before writing anything", async () => {
    const storage = await storageIn(freshDir());
    const basic = { host: "h", auth: "basic", username: "u" };
    let e = await refusalOf(
      addConnection(storage, { name: "a", type: "elasticsearch", settings: basic }),
      "invalid_config",
    );
    assert.match(e.message, /^Password: is missing/);
    e = await refusalOf(
      addConnection(
        storage,
        { name: "a", type: "elasticsearch", settings: { host: "h" } },
        { password: "p" },
      ),
      "invalid_config",
    );
    assert.match(
      e.message,
      /^Password: was given, but the connection's Auth Method does not use it/,
    );
    e = await refusalOf(
      addConnection(
        storage,
        { name: "a", type: "elasticsearch", settings: basic },
        { password: "  " },
      ),
      "invalid_config",
    );
    assert.match(e.message, /^Password: is empty/);
    assert.deepEqual(await storage.connections.list(), []);
    await addConnection(
      storage,
      { name: "a", type: "elasticsearch", settings: basic },
      { password: "p" },
    );
    e = await refusalOf(
      editConnection(storage, "a", { settings: { auth: "api-key" } }),
      "invalid_config",
    );
    assert.match(e.message, /^API Key: is empty/);
    e = await refusalOf(editConnection(storage, "a", {}, { password: null }), "invalid_config");
    assert.match(e.message, /^Password: is missing/);
    const [a] = await storage.connections.list();
    assert.equal(a?.settings.auth, "basic", "the refused edits changed nothing");
    assert.deepEqual(await storage.secrets.get(a!.id), { password: "p" });
  });

  it("a new connection of a type no driver can check is refused, not saved unchecked", async () => {
    const storage = await storageIn(freshDir());
    const e = await refusalOf(
      addConnection(storage, { name: "m", type: "mysql", settings: { host: "db" } }),
      "driver_not_installed",
    );
    assert.match(e.remedy, /nothing was saved/);
    assert.deepEqual(await storage.connections.list(), []);
  });

  it("a connection whose secret cannot be saved is taken back out", async () => {
    const dir = freshDir();
    const real = await openSecretStore(dir, { QUARRY_SECRET_STORE: "file" });
    const failing: SecretStore = {
      ...real,
      backend: real.backend,
      description: real.description,
      get: (id) => real.get(id),
      delete: (id) => real.delete(id),
      locate: (id) => real.locate(id),
      set: async () => {
        throw new QuarryError("storage_failed", "keyring locked", "unlock it");
      },
    };
    const storage = await storageIn(dir, failing);
    await refusalOf(
      addConnection(
        storage,
        { name: "a", type: "elasticsearch", settings: { host: "h", auth: "basic", username: "u" } },
        { password: "p" },
      ),
      "storage_failed",
    );
    assert.deepEqual(await storage.connections.list(), []);
  });

  it("QUARRY_SECRET_STORE names a store or is refused", async () => {
    const e = await refusalOf(
      openSecretStore(freshDir(), { QUARRY_SECRET_STORE: "vault" }),
      "invalid_config",
    );
    assert.match(e.message, /^QUARRY_SECRET_STORE: "vault" is not a secret store/);
  });
});

describe("opening a saved connection against real clusters", () => {
  it("es8-secure with Username & Password, Verify Identity and the CA file", async () => {
    const n = node("es8-secure");
    const storage = await storageIn(freshDir());
    await addConnection(
      storage,
      {
        name: "secure",
        type: "elasticsearch",
        settings: {
          host: "localhost",
          port: portOf(n),
          auth: "basic",
          username: n.username,
          sslMode: "verify-identity",
          caFile: n.caPath,
        },
      },
      { password: n.password! },
    );
    const { connection, session } = await openSavedConnection("SECURE", storage);
    try {
      assert.equal(connection.name, "secure");
      assert.equal((await session.testConnection()).version, n.version);
    } finally {
      await session.close();
    }
  });

  it("es7 with no authentication", async () => {
    const n = node("es7");
    const storage = await storageIn(freshDir());
    await addConnection(storage, {
      name: "seven",
      type: "elasticsearch",
      settings: { host: "127.0.0.1", port: portOf(n) },
    });
    const { session } = await openSavedConnection("seven", storage);
    try {
      assert.equal((await session.testConnection()).major, 7);
    } finally {
      await session.close();
    }
  });

  it("a saved connection whose password went missing names the connection and the fix", async () => {
    const storage = await storageIn(freshDir());
    const saved = await addConnection(
      storage,
      {
        name: "lost",
        type: "elasticsearch",
        settings: { host: "h", auth: "basic", username: "u" },
      },
      { password: "p" },
    );
    writeFileSync(join(storage.dir, "secrets.json"), '{"version": 1, "secrets": {}}');
    const e = await refusalOf(openSavedConnection("lost", storage), "invalid_config");
    assert.equal(e.message, 'Connection "lost": Password: is missing');
    assert.match(e.remedy, /quarry connections edit "lost"/);
    assert.ok(saved.id);
  });
});
