/**
 * The CLI's standard output as shells use it: piped into a reader that stops early (`head`), or
 * sent to a device that cannot take it (`/dev/full`). Every command is run by bash through a real
 * pipe; the output is made far larger than a pipe holds, so the reader has closed before the
 * command is done writing, whatever the machine's speed.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ConsoleHistory } from "../../src/app/storage/console-history.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { QUARRY, sandbox } from "../support/quarry.ts";

const INDEX = "qt-cli-output";
const DOCS = 3_000;
const url = node("es8").url;
const home = mkdtempSync(join(tmpdir(), "quarry-cli-output-"));
const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };

/** Runs `quarry <args> | <reader>` in bash; returns quarry's own exit status and stderr. */
function piped(args: string[], reader: string): { status: number; stderr: string; read: string } {
  const quoted = args.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
  const res = spawnSync(
    "bash",
    ["-c", `"$QUARRY" ${quoted} 2>"$ERR" | ${reader}; echo "\${PIPESTATUS[0]}" >"$STATUS"`],
    {
      env: { ...env, QUARRY, ERR: join(home, "err"), STATUS: join(home, "status") },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  const read = (f: string) => spawnSync("cat", [join(home, f)], { encoding: "utf8" }).stdout;
  return { status: Number(read("status").trim()), stderr: read("err"), read: res.stdout };
}

describe("a closed standard output ends a command quietly, with status 141", () => {
  const s = session(plainConfig(node("es8")));
  before(async () => {
    const wide = "x".repeat(400);
    await loadIndex(
      s.transport,
      INDEX,
      Array.from({ length: DOCS }, (_, i) => [`doc-${i}`, { n: i, text: `${i} ${wide}` }]),
      { mappings: { properties: { n: { type: "integer" }, text: { type: "keyword" } } } },
    );
    // A history far larger than a pipe holds: 100 requests with long query strings.
    const history = new ConsoleHistory(join(home, "console-history"));
    const key = `url:http://${new URL(url).host}`;
    for (let i = 0; i < 100; i++) {
      await history.add(key, {
        at: new Date().toISOString(),
        request: { method: "GET", path: `/${INDEX}/_search?q=${"a".repeat(4_000)}${i}` },
        status: 200,
      });
    }
  });
  after(async () => {
    await deleteIndices(s.transport, INDEX);
    await s.close();
    rmSync(home, { recursive: true, force: true });
  });

  const cases: [string, string[], string][] = [
    ["browse | head -1", ["browse", url, INDEX, "--page-size", String(DOCS)], "head -1"],
    [
      "--json browse | head -c 100",
      ["--json", "browse", url, INDEX, "--page-size", String(DOCS)],
      "head -c 100",
    ],
    ["console | head -1", ["console", url, "GET", `/${INDEX}/_search?size=${DOCS}`], "head -1"],
    [
      "--json console | head -c 100",
      ["--json", "console", url, "GET", `/${INDEX}/_search?size=${DOCS}`],
      "head -c 100",
    ],
    ["console --list-history | head", ["console", url, "--list-history"], "head"],
    ["tables | head -0", ["tables", url], "head -c 0"],
  ];
  for (const [name, args, reader] of cases) {
    it(name, () => {
      const r = piped(args, reader);
      assert.equal(r.status, 141, `exit status (stderr: ${r.stderr.slice(0, 2000)})`);
      assert.doesNotMatch(r.stderr, /EPIPE|Error:|at .*\.ts:\d+/, "no stack trace, no error");
      assert.ok(r.read.length > 0 || reader === "head -c 0", "the reader got the first output");
    });
  }

  it("an output that cannot be written (/dev/full) is said on standard error, status 1", () => {
    const full = openSync("/dev/full", "w");
    const res = spawnSync(QUARRY, ["browse", url, INDEX, "--page-size", "10"], {
      env,
      encoding: "utf8",
      stdio: ["ignore", full, "pipe"],
    });
    closeSync(full);
    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stderr, /^error: cannot write to standard output \(ENOSPC\)$/m);
    assert.doesNotMatch(res.stderr, /at .*\.ts:\d+/);
  });
});

describe("the app in the foreground", () => {
  it("stops cleanly when its output is closed: status 141, instance.json gone", async () => {
    const box = sandbox();
    try {
      const child = spawn(QUARRY, ["start"], { env: box.env, stdio: ["ignore", "pipe", "pipe"] });
      // The reading end is closed before the app has written anything.
      child.stdout.destroy();
      let err = "";
      child.stderr.on("data", (d) => {
        err += d;
      });
      const [code] = (await once(child, "exit")) as [number | null];
      assert.equal(code, 141, err);
      assert.match(err, /stopping \(its output was closed\)/);
      assert.match(err, /stopped/);
      assert.equal(existsSync(join(box.home, "instance.json")), false, "instance.json removed");
    } finally {
      await box.dispose();
    }
  });
});
