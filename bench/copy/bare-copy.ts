/**
 * The best a bare client can do to copy an index on the node: the target created with the source's
 * shards and mapping, then a point-in-time + `search_after` loop on `_shard_doc` in the same slices
 * and batch size as the copy (undici, nothing of Quarry), each slice writing each answer's hits to
 * `_bulk` before reading the next (as Quarry does), the `_source` bytes copied as they came: never
 * parsed, never serialized again. Routing is not carried (the bench index has none). It ends as
 * the copy does, the target refreshed and counted (bare-end.ts).
 *   node bench/copy/bare-copy.ts <es url> <source> <target> <batch size> <slices>
 * Prints one JSON line: {"written": <documents>, "counted": <documents>, "endMs": <ms>}.
 */
import { Pool } from "undici";
import { answerBytes, scanSlices } from "../export/bare-bytes.ts";
import { endLikeQuarry } from "./bare-end.ts";

const [url, source, target, batch, sliceArg] = process.argv.slice(2);
if (!url || !source || !target || !batch || !sliceArg)
  throw new Error("usage: bare-copy.ts <url> <source> <target> <batch> <slices>");
const slices = Number(sliceArg);
const pool = new Pool(url, { connections: 2 * slices + 2 });

async function send(
  path: string,
  body?: unknown,
  method = "POST",
  type = "application/json",
): Promise<Buffer> {
  const res = await pool.request({
    method: method as "POST",
    path,
    headers: { "content-type": type, accept: "application/json" },
    ...(body === undefined
      ? {}
      : { body: body instanceof Uint8Array ? body : JSON.stringify(body) }),
  });
  return answerBytes(res, path);
}

const ID = Buffer.from('"_id":"');
const SOURCE = Buffer.from('"_source":');

/** Where the object starting at `i` ends (after its `}`), strings skipped. */
function objectEnd(b: Buffer, i: number): number {
  let depth = 0;
  for (; i < b.length; i++) {
    const c = b[i];
    if (c === 0x22) {
      for (i++; b[i] !== 0x22; i++) if (b[i] === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1;
  }
  throw new Error("unterminated _source");
}

/** The `_bulk` body of an answer's hits: an action line with the `_id`, then the `_source` bytes. */
function bulkOf(answer: Buffer): { body: Buffer; docs: number } {
  const pieces: Buffer[] = [];
  let docs = 0;
  for (let at = answer.indexOf(ID); at >= 0; at = answer.indexOf(ID, at)) {
    const idEnd = answer.indexOf(0x22, at + ID.length);
    const src = answer.indexOf(SOURCE, idEnd) + SOURCE.length;
    const end = objectEnd(answer, src);
    pieces.push(
      Buffer.from(`{"index":{"_id":"${answer.toString("latin1", at + ID.length, idEnd)}"}}\n`),
      answer.subarray(src, end),
      Buffer.from("\n"),
    );
    docs++;
    at = end;
  }
  return { body: Buffer.concat(pieces), docs };
}

const definition = JSON.parse((await send(`/${source}`, undefined, "GET")).toString()) as Record<
  string,
  { settings: { index: Record<string, unknown> }; mappings: unknown }
>;
const def = Object.values(definition)[0];
if (!def) throw new Error(`${source}: no such index`);
const s = def.settings.index;
await send(
  `/${target}`,
  {
    settings: {
      number_of_shards: s.number_of_shards,
      number_of_replicas: s.number_of_replicas,
      ...(s.refresh_interval !== undefined ? { refresh_interval: s.refresh_interval } : {}),
    },
    mappings: def.mappings,
  },
  "PUT",
);
let written = 0;
await scanSlices(send, source, Number(batch), slices, async (answer) => {
  const { body, docs } = bulkOf(answer);
  const result = await send(
    `/${target}/_bulk?filter_path=errors`,
    body,
    "POST",
    "application/x-ndjson",
  );
  if (result.includes('"errors":true')) throw new Error("a _bulk request had failures");
  written += docs;
});
await endLikeQuarry(pool, target, written);
await pool.close();
