/** The console history: per connection, newest first, bounded, private, secrets redacted. */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConsoleHistory, redactRequest } from "../../src/app/storage/console-history.ts";

describe("console history", () => {
  const dirs: string[] = [];
  after(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const fresh = async () => {
    const d = await mkdtemp(join(tmpdir(), "qt-edit-history-"));
    dirs.push(d);
    return join(d, "console-history");
  };

  it("keeps the last requests per connection, newest first, in 0600 files", async () => {
    const dir = await fresh();
    const h = new ConsoleHistory(dir, 3);
    for (let i = 0; i < 5; i++) {
      await h.add("conn-a", {
        at: `2026-01-0${i + 1}T00:00:00Z`,
        request: { method: "GET", path: `/a${i}` },
        status: 200,
      });
    }
    await h.add("conn-b", {
      at: "2026-02-01T00:00:00Z",
      request: { method: "GET", path: "/b" },
      status: 404,
    });
    assert.deepEqual(
      (await h.list("conn-a")).map((e) => e.request.path),
      ["/a4", "/a3", "/a2"],
    );
    assert.deepEqual(
      (await h.list("conn-b")).map((e) => [e.request.path, e.status]),
      [["/b", 404]],
    );
    assert.deepEqual(await h.list("conn-c"), []);
    const files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    assert.equal(files.length, 2);
    for (const f of files) {
      assert.equal((await stat(join(dir, f))).mode & 0o777, 0o600);
      assert.ok(!f.includes("conn"), "file names do not carry the connection's id");
    }
    assert.equal((await stat(dir)).mode & 0o777, 0o700);
    await h.clear("conn-a");
    assert.deepEqual(await h.list("conn-a"), []);
  });

  it("concurrent adds lose nothing", async () => {
    const h = new ConsoleHistory(await fresh(), 100);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.add("c", {
          at: new Date().toISOString(),
          request: { method: "GET", path: `/x${i}` },
          status: 200,
        }),
      ),
    );
    assert.equal((await h.list("c")).length, 20);
  });

  it("never stores a secret", async () => {
    const dir = await fresh();
    const h = new ConsoleHistory(dir);
    await h.add("c", {
      at: "2026-01-01T00:00:00Z",
      status: 200,
      request: {
        method: "POST",
        path: "/_security/user/bob?access_token=abc123&pretty",
        body: { password: "hunter2", roles: ["r"], metadata: { api_key: "k-999", note: "ok" } },
      },
    });
    await h.add("c", {
      at: "2026-01-02T00:00:00Z",
      status: 200,
      request: {
        method: "POST",
        path: "/_bulk",
        body: '{"index":{}}\n{"client_secret":"s-777","n":1}\nnot json s-888\n',
      },
    });
    const text = (
      await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), "utf8")))
    ).join("");
    for (const secret of ["hunter2", "abc123", "k-999", "s-777", "s-888"])
      assert.ok(!text.includes(secret), secret);
    const [bulk, user] = await h.list("c");
    assert.equal(user?.request.path, "/_security/user/bob?access_token=[redacted]&pretty");
    assert.deepEqual(user?.request.body, {
      password: "[redacted]",
      roles: ["r"],
      metadata: { api_key: "[redacted]", note: "ok" },
    });
    assert.match(String(bulk?.request.body), /"n":1/);
  });

  it("leaves ordinary query bodies alone", () => {
    const r = { method: "POST", path: "/i/_analyze", body: { tokenizer: "standard", text: "a" } };
    assert.deepEqual(redactRequest(r), r);
  });
});
