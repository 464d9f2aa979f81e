/**
 * The bare loop Quarry's `quarry esql --all` is measured against: the same paged `_query` requests
 * (a count first, then `… | WHERE key > last | SORT key | LIMIT n` until a short page) with undici
 * and nothing of Quarry, each row written as one NDJSON line of its columns.
 *   node bench/esql-pages/bare-loop.ts <es url> <query> <key> <out file> <page size>
 * Prints one JSON line: {"written": <rows>}.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { Pool } from "undici";

const [url, query, key, out, sizeArg] = process.argv.slice(2);
if (!url || !query || !key || !out || !sizeArg)
  throw new Error("usage: bare-loop.ts <url> <query> <key> <out> <page size>");
const size = Number(sizeArg);
const pool = new Pool(url, { connections: 2 });

interface Answer {
  columns: { name: string; type: string }[];
  values: unknown[][];
}

async function ask(text: string): Promise<Answer> {
  const res = await pool.request({
    method: "POST",
    path: "/_query",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: text }),
  });
  const body = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as Answer;
}

const base = key.startsWith("_") ? query.replace(/^(FROM\s+\S+)/i, `$1 METADATA ${key}`) : query;
await ask(`${base}\n| STATS r = COUNT(*), k = COUNT(${key})`);
const file = createWriteStream(out);
let written = 0;
let last: unknown;
for (;;) {
  const after = last === undefined ? "" : `\n| WHERE ${key} > ${JSON.stringify(last)}`;
  const page = await ask(`${base}${after}\n| SORT ${key}\n| LIMIT ${size}`);
  const names = page.columns.map((c) => c.name);
  let text = "";
  for (const row of page.values) {
    const object: Record<string, unknown> = {};
    names.forEach((n, i) => {
      object[n] = row[i] ?? null;
    });
    text += `${JSON.stringify(object)}\n`;
  }
  if (!file.write(text)) await once(file, "drain");
  written += page.values.length;
  const end = page.values.at(-1);
  if (end) last = end[names.indexOf(key)];
  if (page.values.length < size) break;
}
file.end();
await once(file, "finish");
await pool.close();
console.log(JSON.stringify({ written }));
