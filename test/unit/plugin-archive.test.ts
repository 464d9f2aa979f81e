/**
 * Reading plugin archives in memory: regular files only, plain relative paths only, within limits;
 * and the addresses a catalog or an archive may come from.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { ArchiveError, readArchive, sha256 } from "../../src/app/plugins/archive.ts";
import { checkAddress } from "../../src/app/plugins/fetch.ts";

/** One ustar entry, written by hand so a test can make what no well-behaved packer would. */
function entry(name: string, body: string, type = "0", linkname = ""): Buffer {
  const header = Buffer.alloc(512);
  const put = (value: string, offset: number, length: number) =>
    header.write(value.slice(0, length), offset, length, "latin1");
  const data = Buffer.from(body);
  put(name, 0, 100);
  put("0000644\0", 100, 8);
  put("0000000\0", 108, 8);
  put("0000000\0", 116, 8);
  put(`${data.length.toString(8).padStart(11, "0")}\0`, 124, 12);
  put("00000000000\0", 136, 12);
  put("        ", 148, 8);
  put(type, 156, 1);
  put(linkname, 157, 100);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  let sum = 0;
  for (const b of header) sum += b;
  put(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([header, padded]);
}

function tgz(...entries: Buffer[]): Buffer {
  return gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));
}

async function refused(bytes: Buffer, message: RegExp): Promise<void> {
  await assert.rejects(readArchive(bytes), (e: unknown) => {
    assert.ok(e instanceof ArchiveError, String(e));
    assert.match(e.message, message);
    return true;
  });
}

describe("readArchive", () => {
  it("reads every regular file into memory, by its relative path", async () => {
    const files = await readArchive(
      tgz(entry("./quarry-plugin.json", "{}"), entry("lib/", "", "5"), entry("lib/index.js", "x")),
    );
    assert.deepEqual([...files.keys()], ["quarry-plugin.json", "lib/index.js"]);
    assert.equal(files.get("lib/index.js")?.toString(), "x");
  });

  it("refuses paths that leave the archive, links, duplicates and non-archives", async () => {
    await refused(tgz(entry("../evil.js", "x")), /unsafe path "\.\.\/evil\.js"/);
    await refused(tgz(entry("a/../../evil.js", "x")), /unsafe path/);
    await refused(tgz(entry("/etc/cron.d/x", "x")), /unsafe path "\/etc\/cron\.d\/x"/);
    await refused(
      tgz(entry("index.js", "", "2", "/etc/passwd")),
      /"index\.js", a SymbolicLink; only regular files/,
    );
    await refused(tgz(entry("index.js", "", "1", "other.js")), /a Link; only regular files/);
    await refused(tgz(entry("a.js", "1"), entry("a.js", "2")), /holds "a\.js" twice/);
    await refused(
      Buffer.from("this is not an archive at all, just text"),
      /empty or not a \.tgz|not a valid \.tgz/,
    );
    await refused(gzipSync(Buffer.alloc(1024)), /empty or not a \.tgz|not a valid \.tgz archive/);
  });

  it("refuses more files than the limit", async () => {
    const many = Array.from({ length: 201 }, (_, i) => entry(`f${i}.js`, ""));
    await refused(tgz(...many), /more than 200 files/);
  });
});

describe("sha256", () => {
  it("is the lowercase hex digest", () => {
    assert.equal(
      sha256(Buffer.from("abc")),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("checkAddress", () => {
  it("allows https, file, and plain http only on this machine", () => {
    for (const ok of [
      "https://plugins.example.com/catalog.json",
      "file:///opt/quarry/catalog.json",
      "http://127.0.0.1:8080/catalog.json",
      "http://localhost/catalog.json",
      "http://[::1]:9/c.json",
    ]) {
      assert.equal(checkAddress(ok).href, new URL(ok).href);
    }
    assert.throws(
      () => checkAddress("http://mirror.example.com/c.json"),
      /plain http:\/\/ is allowed only on this machine/,
    );
    assert.throws(() => checkAddress("ftp://x/c.json"), /the scheme ftp: is not supported/);
    assert.throws(() => checkAddress("catalog.json"), /is not an absolute URL/);
  });
});
