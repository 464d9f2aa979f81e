/**
 * Where `quarry export --out` writes, on a real 8.x node: a character device and a FIFO are
 * written through and stay what they are (never replaced by a renamed file); `--out -` streams to
 * standard output; a folder, a missing folder, an unwritable folder and a FIFO without a reader
 * are refused with a remedy before any request reaches the cluster; a link to a file is followed.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
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
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { node, plainConfig, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { QUARRY } from "../support/quarry.ts";

const INDEX = "qt-export-target";
const DOCS = 1_500;
const url = node("es8").url;
const base = mkdtempSync(join(tmpdir(), "quarry-export-target-"));
const home = join(base, "home");
const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };
const isRoot = process.getuid?.() === 0;

function quarry(args: string[], cwd = base): { status: number | null; out: string; err: string } {
  const r = spawnSync(QUARRY, args, { env, cwd, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

function ndjsonIds(text: string): string[] {
  return text
    .split("\n")
    .filter((l, i) => l !== "" && i % 2 === 0)
    .map((l) => (JSON.parse(l) as { index: { _id: string } }).index._id);
}

/** A process reading the FIFO into a file (`cat`, as a shell pipeline would). */
function fifoReader(fifo: string, into: string, command = "cat"): ChildProcess {
  return spawn("sh", ["-c", `${command} < '${fifo}' > '${into}'`], { stdio: "ignore" });
}

describe("export targets that are not a file of Quarry's own", () => {
  const s = session(plainConfig(node("es8")));
  before(async () => {
    mkdirSync(home);
    await loadIndex(
      s.transport,
      INDEX,
      Array.from({ length: DOCS }, (_, i) => [`doc-${i}`, { n: i, text: `row ${i}` }]),
      { mappings: { properties: { n: { type: "integer" }, text: { type: "keyword" } } } },
    );
  });
  after(async () => {
    await deleteIndices(s.transport, INDEX);
    await s.close();
    rmSync(base, { recursive: true, force: true });
  });

  it("a character device is written through and stays a device (/dev/null, /dev/full)", () => {
    const dir = mkdtempSync(join(base, "dev-"));
    // As root, device nodes of our own (rename over /dev/null itself would harm the machine).
    const devNull = isRoot ? join(dir, "null") : "/dev/null";
    const devFull = isRoot ? join(dir, "full") : "/dev/full";
    if (isRoot) {
      assert.equal(spawnSync("mknod", [devNull, "c", "1", "3"]).status, 0);
      assert.equal(spawnSync("mknod", [devFull, "c", "1", "7"]).status, 0);
    }
    const ok = quarry(["export", url, INDEX, "--format", "ndjson", "--out", devNull]);
    assert.equal(ok.status, 0, ok.err);
    assert.match(ok.out, new RegExp(`Exported 1,500 of 1,500 documents to ${devNull} `));
    assert.ok(lstatSync(devNull).isCharacterDevice(), "still a character device");

    const full = quarry(["export", url, INDEX, "--format", "json", "--out", devFull, "--force"]);
    assert.equal(full.status, 1, full.err);
    assert.match(
      full.err,
      new RegExp(
        `^error: The export to ${devFull} stopped after 0 of 1500 documents: ${devFull} has no space left \\(ENOSPC\\)$`,
        "m",
      ),
    );
    assert.match(full.err, /cannot be resumed/);
    assert.ok(lstatSync(devFull).isCharacterDevice(), "still a character device");
    assert.deepEqual(
      readdirSync(dir).sort(),
      isRoot ? ["full", "null"] : [],
      "no .partial, no checkpoint beside it",
    );
  });

  it("a FIFO is written through to its reader and stays a FIFO", async () => {
    const dir = mkdtempSync(join(base, "fifo-"));
    const fifo = join(dir, "pipe");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
    const into = join(base, "from-fifo.ndjson");
    const reader = fifoReader(fifo, into);
    const readerDone = once(reader, "exit");
    try {
      await waitForReader(reader);
      const r = await runAsync(["export", url, INDEX, "--format", "ndjson", "--out", fifo]);
      assert.equal(r.status, 0, r.err);
      assert.ok(lstatSync(fifo).isFIFO(), "still a FIFO");
      await readerDone;
      const ids = ndjsonIds(readFileSync(into, "utf8"));
      assert.equal(ids.length, DOCS);
      assert.equal(new Set(ids).size, DOCS);
      assert.deepEqual(readdirSync(dir), ["pipe"], "no .partial, no checkpoint beside it");
    } finally {
      reader.kill();
    }
  });

  it("a FIFO whose reader stops early ends the export with what happened", async () => {
    const dir = mkdtempSync(join(base, "fifo-"));
    const fifo = join(dir, "pipe");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
    const reader = fifoReader(fifo, join(base, "head.txt"), "head -c 10");
    try {
      await waitForReader(reader);
      const r = await runAsync(["export", url, INDEX, "--format", "csv", "--out", fifo]);
      assert.equal(r.status, 1, r.err);
      assert.match(r.err, /^error: The export to .* stopped after \d+ of 1500 documents: /m);
      assert.match(r.err, /the reader of .*pipe closed it/);
      assert.ok(lstatSync(fifo).isFIFO());
    } finally {
      reader.kill();
    }
  });

  it("--out - streams NDJSON, CSV and JSON to standard output; nothing named - is made", () => {
    const cwd = mkdtempSync(join(base, "cwd-"));
    const nd = quarry(["export", url, INDEX, "--format", "ndjson", "--out", "-"], cwd);
    assert.equal(nd.status, 0, nd.err);
    assert.equal(new Set(ndjsonIds(nd.out)).size, DOCS);
    assert.match(nd.err, /Exported 1,500 of 1,500 documents to standard output/);

    const csv = quarry(["export", url, INDEX, "--format", "csv", "--out", "-"], cwd);
    assert.equal(csv.status, 0, csv.err);
    const lines = csv.out.split("\r\n").filter(Boolean);
    assert.equal(lines[0], "_id,_index,n,text");
    assert.equal(lines.length, DOCS + 1);

    const json = quarry(["--json", "export", url, INDEX, "--format", "json", "--out", "-"], cwd);
    assert.equal(json.status, 0, json.err);
    assert.equal((JSON.parse(json.out) as unknown[]).length, DOCS, "stdout holds only the data");
    const report = JSON.parse(json.err.slice(json.err.indexOf("{"))) as { written: number };
    assert.equal(report.written, DOCS, "the report goes to standard error");

    const resume = quarry(["export", url, INDEX, "--format", "json", "--out", "-", "--resume"]);
    assert.equal(resume.status, 2, resume.err);
    assert.match(resume.err, /An export to standard output cannot be resumed/);
    assert.deepEqual(readdirSync(cwd), [], "no file named - (or -.partial) was made");
  });

  it("a link to a file is followed: the file gets the export, the link stays", () => {
    const dir = mkdtempSync(join(base, "link-"));
    const real = join(dir, "real.ndjson");
    writeFileSync(real, "old\n");
    symlinkSync(real, join(dir, "link.ndjson"));
    const toLink = ["export", url, INDEX, "--format", "ndjson", "--out", join(dir, "link.ndjson")];
    const r = quarry(toLink);
    assert.equal(r.status, 2, "an existing file is not replaced without --force");
    const forced = quarry([...toLink, "--force"]);
    assert.equal(forced.status, 0, forced.err);
    assert.ok(lstatSync(join(dir, "link.ndjson")).isSymbolicLink(), "the link is still a link");
    assert.equal(ndjsonIds(readFileSync(real, "utf8")).length, DOCS);
    assert.deepEqual(readdirSync(dir).sort(), ["link.ndjson", "real.ndjson"]);
  });

  describe("refused before any request reaches the cluster", () => {
    let server: Server;
    let requests = 0;
    let target = "";
    before(async () => {
      // A server that only counts: any request reaching it means the check came too late.
      server = createServer((_req, res) => {
        requests++;
        res.statusCode = 500;
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const refused = (out: string, extra: string[] = []) => {
      const r = quarry(["export", target, INDEX, "--format", "ndjson", "--out", out, ...extra]);
      assert.equal(r.status, 2, r.err);
      assert.equal(requests, 0, "nothing was sent");
      return r.err;
    };

    it("a folder, even with --force", () => {
      const dir = mkdtempSync(join(base, "folder-"));
      const err = refused(dir, ["--force"]);
      assert.match(err, new RegExp(`^error: ${dir} is a folder$`, "m"));
      assert.match(err, new RegExp(`Name a file in it, e.g. ${dir}/<table>.ndjson.`));
      assert.deepEqual(readdirSync(dir), [], "no .partial, no checkpoint");
      assert.ok(statSync(dir).isDirectory());
    });

    it("a missing folder", () => {
      const err = refused(join(base, "no-such-folder", "x.ndjson"));
      assert.match(err, /^error: The folder .*no-such-folder does not exist$/m);
      assert.match(err, /mkdir -p/);
    });

    it("a folder that cannot be written", () => {
      let dir = "/proc/sys"; // not writable even by root
      if (!isRoot) {
        dir = mkdtempSync(join(base, "ro-"));
        chmodSync(dir, 0o500);
      }
      const err = refused(join(dir, "x.ndjson"));
      assert.match(err, /^error: .*x\.ndjson cannot be written: .* refuses it \(EACCES\)$/m);
      assert.match(err, /Choose a file in a folder you can write to/);
    });

    it("a FIFO that no process reads", () => {
      const fifo = join(mkdtempSync(join(base, "fifo-")), "pipe");
      assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
      const err = refused(fifo);
      assert.match(err, /^error: No process reads the FIFO .*pipe$/m);
      assert.match(err, /Start its reader first/);
      assert.ok(lstatSync(fifo).isFIFO());
    });
  });
});

/** Runs quarry without blocking this process (a FIFO reader and the test share it). */
async function runAsync(args: string[]): Promise<{ status: number | null; err: string }> {
  const child = spawn(QUARRY, args, { env, cwd: base, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr.on("data", (d) => {
    err += d;
  });
  const [status] = (await once(child, "exit")) as [number | null];
  return { status, err };
}

/**
 * Waits until the reader is blocked opening the FIFO (it counts as its reader then). Opening it
 * for writing to find out would give the reader an end of file when that probe closes.
 */
async function waitForReader(reader: ChildProcess): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      if (readFileSync(`/proc/${reader.pid}/wchan`, "utf8").trim() === "wait_for_partner") return;
    } catch {
      // not started yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the FIFO's reader did not start");
}
