/**
 * The best a bare client can do on the node: a point-in-time + `search_after` loop on `_shard_doc`
 * with undici and nothing of Quarry, in the same slices and batch size as the export, each answer
 * written to the file as the bytes it came in (never parsed, never serialized again). The next
 * `search_after` is the last `"sort":[…]` of the answer, found from its end; a slice ends on an
 * answer with no hit.
 *   node bench/export/bare-loop.ts <es url> <index> <out file> <batch size> <slices>
 * Prints one JSON line: {"written": <hits>}.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { Pool } from "undici";
import { answerBytes, scanSlices } from "./bare-bytes.ts";

const [url, index, out, batch, sliceArg] = process.argv.slice(2);
if (!url || !index || !out || !batch || !sliceArg)
  throw new Error("usage: bare-loop.ts <url> <index> <out> <batch> <slices>");
const slices = Number(sliceArg);
const pool = new Pool(url, { connections: slices + 2 });

async function send(path: string, body?: unknown, method = "POST"): Promise<Buffer> {
  const res = await pool.request({
    method: method as "POST",
    path,
    headers: { "content-type": "application/json", accept: "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return answerBytes(res, path);
}

const HIT = Buffer.from('"_id":');

function hitsIn(bytes: Buffer): number {
  let n = 0;
  for (let at = bytes.indexOf(HIT); at >= 0; at = bytes.indexOf(HIT, at + 1)) n++;
  return n;
}

const file = createWriteStream(out);
let written = 0;
await scanSlices(send, index, Number(batch), slices, async (bytes) => {
  written += hitsIn(bytes);
  if (!file.write(bytes)) await once(file, "drain");
});
file.end();
await once(file, "finish");
await pool.close();
process.stdout.write(`${JSON.stringify({ written })}\n`);
