/**
 * The import's lines (src/app/transfer/text-lines.ts) against readline, which read them before:
 * the same lines from the same bytes, however the chunks cut them (seeded, test/support/fuzz.ts),
 * line breaks of every kind and characters cut in two included.
 */
import assert from "node:assert/strict";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { test } from "node:test";
import { textLines } from "../../src/app/transfer/text-lines.ts";
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
  for await (const lines of textLines(Readable.from(chunks))) cut.push(...lines);
  return { read, cut };
}

test("the lines are readline's, however the chunks fall", async () => {
  await fuzz({
    target: "text-lines",
    count: 2000,
    make: linesCase,
    describe: (c) => JSON.stringify(c.chunks.map((b) => b.toString("latin1"))),
    run: async ({ chunks }) => {
      const { read, cut } = await both(chunks);
      assert.deepEqual(cut, read);
    },
  });
});

test("a chunk's lines come together, one array a chunk read", async () => {
  const got: string[][] = [];
  const chunks = [Buffer.from('{"index":{}}\n{"a":1}\n{"b"'), Buffer.from(":2}\n")];
  for await (const lines of textLines(Readable.from(chunks))) got.push(lines);
  assert.deepEqual(got, [['{"index":{}}', '{"a":1}'], ['{"b":2}']]);
});
