/**
 * The import's byte lines (src/app/transfer/byte-lines.ts) against readline, the reader of an
 * import's text lines: the same lines from the same bytes, however the chunks cut them (seeded,
 * test/support/fuzz.ts), line breaks of every kind and characters cut in two included.
 */
import assert from "node:assert/strict";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { test } from "node:test";
import { byteLines } from "../../src/app/transfer/byte-lines.ts";
import { fuzz, type Prng } from "../support/fuzz.ts";

const PIECES = ["", "a", '{"x":1}', "é ü €", "  ", '{"t":"a\\r\\nb"}', "😀"];
const BREAKS = ["\n", "\r\n", "\r", "\n\n", "\r\r\n", "\n\r"];

/** A text of lines, and the same bytes cut into chunks of 1 to 6 bytes. */
function linesCase(r: Prng): { text: string; chunks: Buffer[] } {
  const parts = Array.from(
    { length: r.int(8) },
    () => r.pick(PIECES) + r.pick(PIECES) + r.pick(BREAKS),
  );
  if (r.chance(0.5)) parts.push(r.pick(["tail", "é", "x"]));
  const bytes = Buffer.from(parts.join(""));
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + r.int(6);
    chunks.push(Buffer.from(bytes.subarray(at, at + size)));
    at += size;
  }
  return { text: parts.join(""), chunks };
}

async function both(chunks: Buffer[]): Promise<{ read: string[]; cut: string[] }> {
  const read: string[] = [];
  const input = Readable.from(chunks.map((c) => Buffer.from(c)));
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }))
    read.push(line);
  const cut: string[] = [];
  for await (const line of byteLines(Readable.from(chunks))) cut.push(Buffer.from(line).toString());
  return { read, cut };
}

test("byte lines are readline's lines, however the chunks fall", async () => {
  await fuzz({
    target: "byte-lines",
    count: 2000,
    make: linesCase,
    describe: (c) => JSON.stringify(c.chunks.map((b) => b.toString("latin1"))),
    run: async ({ chunks }) => {
      const { read, cut } = await both(chunks);
      assert.deepEqual(cut, read);
    },
  });
});

test("a line inside one chunk is a view of it; one across chunks is joined", async () => {
  const chunk = Buffer.from('{"index":{}}\n{"a":1}\n{"b"');
  const lines: Uint8Array[] = [];
  for await (const line of byteLines(Readable.from([chunk, Buffer.from(":2}\n")])))
    lines.push(line);
  assert.deepEqual(
    lines.map((l) => Buffer.from(l).toString()),
    ['{"index":{}}', '{"a":1}', '{"b":2}'],
  );
  assert.equal(lines[0]?.buffer, chunk.buffer, "no copy of a line inside a chunk");
});
