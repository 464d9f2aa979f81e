/**
 * The best a bare client can do to load an NDJSON `_bulk` file on the node: the file read as bytes,
 * cut at line breaks, sent `batch` documents (two lines each) per `_bulk` request, one request at a
 * time like Quarry's import (undici, nothing of Quarry; the lines are never parsed). It ends as the
 * import does, the target refreshed and counted (bench/copy/bare-end.ts).
 *   node bench/import/bare-bulk.ts <es url> <target> <file> <batch size>
 * Prints one JSON line: {"written": <documents>, "counted": <documents>, "endMs": <ms>}.
 */
import { createReadStream } from "node:fs";
import { Pool } from "undici";
import { endLikeQuarry } from "../copy/bare-end.ts";

const [url, target, file, batch] = process.argv.slice(2);
if (!url || !target || !file || !batch)
  throw new Error("usage: bare-bulk.ts <url> <target> <file> <batch>");
const pool = new Pool(url, { connections: 2 });
const linesPerBatch = 2 * Number(batch);

async function bulk(body: Buffer): Promise<void> {
  const res = await pool.request({
    method: "POST",
    path: `/${target}/_bulk?filter_path=errors`,
    headers: { "content-type": "application/x-ndjson", accept: "application/json" },
    body,
  });
  const answer = await res.body.text();
  if (res.statusCode >= 300 || answer.includes('"errors":true'))
    throw new Error(`_bulk: ${res.statusCode} ${answer.slice(0, 300)}`);
}

let pieces: Buffer[] = [];
let lines = 0;
let written = 0;
for await (const chunk of createReadStream(file, {
  highWaterMark: 1 << 20,
}) as AsyncIterable<Buffer>) {
  let start = 0;
  for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, nl + 1)) {
    if (++lines < linesPerBatch) continue;
    pieces.push(chunk.subarray(start, nl + 1));
    await bulk(Buffer.concat(pieces));
    written += lines / 2;
    pieces = [];
    lines = 0;
    start = nl + 1;
  }
  // The rest of the chunk, copied: the next batch does not keep the whole chunk.
  if (start < chunk.length) pieces.push(Buffer.from(chunk.subarray(start)));
}
if (pieces.length > 0) {
  await bulk(Buffer.concat(pieces));
  written += Math.ceil(lines / 2);
}
await endLikeQuarry(pool, target, written);
await pool.close();
