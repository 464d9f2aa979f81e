/**
 * The limit: a bare point-in-time + `search_after` loop with undici and nothing of Quarry. One
 * request at a time, each hit written as the same NDJSON for `_bulk` that Quarry writes.
 *   node bench/export/bare-loop.ts <es url> <index> <out file> <batch size>
 * Prints one JSON line: {"written": N}.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { Pool } from "undici";

const [url, index, out, batch] = process.argv.slice(2);
if (!url || !index || !out || !batch)
  throw new Error("usage: bare-loop.ts <url> <index> <out> <batch>");
const pool = new Pool(url, { connections: 4 });

async function post<T>(path: string, body?: unknown, method = "POST"): Promise<T> {
  const res = await pool.request({
    method: method as "POST",
    path,
    headers: { "content-type": "application/json", accept: "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Hit {
  _id: string;
  _source: unknown;
  sort: unknown[];
}

let { id } = await post<{ id: string }>(`/${index}/_pit?keep_alive=5m`);
const file = createWriteStream(out);
let written = 0;
let after: unknown[] | undefined;
for (;;) {
  const body = await post<{ pit_id?: string; hits: { hits: Hit[] } }>("/_search", {
    size: Number(batch),
    pit: { id, keep_alive: "5m" },
    sort: [{ _shard_doc: "asc" }],
    track_total_hits: false,
    ...(after ? { search_after: after } : {}),
  });
  if (body.pit_id) id = body.pit_id;
  const hits = body.hits.hits;
  let text = "";
  for (const h of hits)
    text += `{"index":{"_id":${JSON.stringify(h._id)}}}\n${JSON.stringify(h._source)}\n`;
  if (!file.write(text)) await once(file, "drain");
  written += hits.length;
  if (hits.length < Number(batch)) break;
  after = hits.at(-1)?.sort;
}
file.end();
await once(file, "finish");
await post("/_pit", { id }, "DELETE");
await pool.close();
process.stdout.write(`${JSON.stringify({ written })}\n`);
