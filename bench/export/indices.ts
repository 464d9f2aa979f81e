/**
 * The benchmark indices of the data-moving benches (export now; copy and import can read the same):
 * `bench-export-100k` and `bench-export-1m`, orders from the tests' generator, 4 shards, generated
 * once and kept between runs (a `_meta.v` marks the generator's version; a wrong count or version
 * regenerates). Without its own, the 1,000,000-document index of the browse benchmark (2 shards)
 * is used when complete.
 */

import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { ORDERS_MAPPING, order, orderId } from "../../test/support/datasets.ts";

const VERSION = 1;
const SHARDS = 4;

export interface BenchIndex {
  name: string;
  docs: number;
}

async function count(transport: EsTransport, index: string): Promise<number | undefined> {
  const res = await transport.request<{ count?: number }>({
    method: "GET",
    path: `/${index}/_count`,
  });
  return res.status === 200 ? res.body.count : undefined;
}

async function isCurrent(transport: EsTransport, index: string, docs: number): Promise<boolean> {
  const meta = await transport.request<Record<string, { mappings?: { _meta?: { v?: number } } }>>({
    method: "GET",
    path: `/${index}/_mapping`,
  });
  if (meta.status !== 200 || meta.body[index]?.mappings?._meta?.v !== VERSION) return false;
  return (await count(transport, index)) === docs;
}

/** The index of `docs` orders, generated unless it is already there whole. */
export async function ensureBenchIndex(transport: EsTransport, docs: number): Promise<BenchIndex> {
  const name = `bench-export-${docs >= 1_000_000 ? `${docs / 1_000_000}m` : `${docs / 1000}k`}`;
  if (await isCurrent(transport, name, docs)) return { name, docs };
  if (docs === 1_000_000 && (await count(transport, "bench-browse-1m")) === docs)
    return { name: "bench-browse-1m", docs };
  process.stderr.write(`generating ${docs.toLocaleString("en-US")} documents into ${name}…\n`);
  await transport.request({ method: "DELETE", path: `/${name}` });
  await transport.json({
    method: "PUT",
    path: `/${name}`,
    body: {
      settings: { number_of_shards: SHARDS, number_of_replicas: 0, refresh_interval: "-1" },
      mappings: { ...ORDERS_MAPPING, _meta: { v: VERSION } },
    },
  });
  for (let start = 0; start < docs; start += 5_000) {
    let body = "";
    for (let i = start; i < Math.min(docs, start + 5_000); i++)
      body += `{"index":{"_id":"${orderId(i)}"}}\n${JSON.stringify(order(i))}\n`;
    const res = await transport.json<{ errors: boolean }>({
      method: "POST",
      path: `/${name}/_bulk`,
      body,
      contentType: "application/x-ndjson",
    });
    if (res.errors) throw new Error(`bulk load of ${name} failed`);
    if (start % 100_000 === 0) process.stderr.write(`  ${start.toLocaleString("en-US")}…\n`);
  }
  await transport.json({
    method: "PUT",
    path: `/${name}/_settings`,
    body: { index: { refresh_interval: "1s" } },
  });
  await transport.json({ method: "POST", path: `/${name}/_refresh` });
  // Merged once, so every run reads the same segments (and no merge runs during a measure).
  await transport.json({
    method: "POST",
    path: `/${name}/_forcemerge`,
    query: { max_num_segments: 1 },
    timeoutMs: 1_800_000,
  });
  return { name, docs };
}
