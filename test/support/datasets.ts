/**
 * Realistic generated data sets and their loaders, for tests and benchmarks on real nodes.
 *
 * `orders`: shop orders with objects two levels deep (customer.address.city), a nested array of
 * line items whose objects sometimes omit fields, text with and without `.keyword`, numbers with
 * many ties, dates, booleans, IPs and arrays of keywords. Deterministic: document i is the same on
 * every machine and every run, so tests can assert exact values.
 */
import {
  drawOrder,
  ORDER_NOTES,
  ORDER_PROPERTIES,
  ORDER_STATUSES,
  ORDER_TAGS,
  ORDER_WORDS,
  type OrderWords,
  seededRandom,
} from "../../scripts/sample-data.ts";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

export const ORDERS_MAPPING = {
  properties: {
    ...ORDER_PROPERTIES,
    priority: { type: "integer" },
    client_ip: { type: "ip" },
    title: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
    /** Only on the hand-made documents of `ORDERS_SPECIALS`: the same-element test. */
    pairs: { type: "nested", properties: { a: { type: "integer" }, b: { type: "integer" } } },
  },
} as const;

export const STATUSES = ORDER_STATUSES;

/**
 * A node keeps an index's store size for 10 s once asked (`index.store.stats_refresh_interval`):
 * another test listing every index between a creation and its load leaves the size at 0 bytes for
 * that long. A test index whose size is read is created with this, so its size is read fresh.
 */
export const FRESH_STORE_SIZE = { "index.store.stats_refresh_interval": "0s" } as const;
/** Shorter lists than the sample data set's: the documents the tests were written against. */
const WORDS: OrderWords = {
  first: ORDER_WORDS.first.slice(0, 8),
  last: ORDER_WORDS.last.slice(0, 7),
  cities: ORDER_WORDS.cities.slice(0, 8),
  products: ORDER_WORDS.products.slice(0, 7),
};
const NOTES = ORDER_NOTES.slice(0, 4);

/** The sample data set's seeded PRNG, so both generators draw the same way. */
export const seeded = seededRandom;

export function orderId(i: number): string {
  return `ORD-${String(i + 1).padStart(7, "0")}`;
}

/** Order number i (0-based): the `_id` is its `order_id`. */
export function order(i: number): Record<string, unknown> {
  const r = seeded(i * 7919 + 17);
  const { pick, city, country, first, last, items, total } = drawOrder(r, WORDS);
  const doc: Record<string, unknown> = {
    order_id: orderId(i),
    status: pick(STATUSES),
    created_at: new Date(
      Date.UTC(2025, 0, 1) + Math.floor(r() * 365 * 24 * 3600) * 1000,
    ).toISOString(),
    paid: r() < 0.7,
    total: Math.round(total * 100) / 100,
    client_ip: `10.${Math.floor(r() * 4)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`,
    tags: ORDER_TAGS.filter(() => r() < 0.2),
    title: `${pick(WORDS.products)[1]} for ${first}`,
    customer: {
      name: `${first} ${last}`,
      email: `${first}.${last}${i % 89}@example.com`.toLowerCase(),
      vip: r() < 0.1,
      address: { city, country, zip: String(10000 + Math.floor(r() * 89999)) },
    },
    items,
  };
  // Many ties and some gaps: sorting must still page every document exactly once.
  if (r() < 0.9) doc.priority = 1 + Math.floor(r() * 3);
  const note = r();
  if (note < 0.6) doc.notes = NOTES[Math.floor(note * 10) % NOTES.length];
  return doc;
}

/** A string of `n` characters, for cells over the display limit. */
export function longText(n: number): string {
  const words = "lorem ipsum dolor sit amet consectetur adipiscing elit ";
  return words.repeat(Math.ceil(n / words.length)).slice(0, n);
}

/** Hand-made documents with known shapes, added to an orders index by `loadOrders`. */
export const ORDERS_SPECIALS: Record<string, Record<string, unknown>> = {
  // Same-element semantics: a=1 and b=4 are in different objects here ...
  "pairs-apart": {
    order_id: "pairs-apart",
    status: "new",
    pairs: [
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ],
  },
  // ... and in one object here.
  "pairs-together": { order_id: "pairs-together", status: "new", pairs: [{ a: 1, b: 4 }] },
  // Cells over the 10,000-character display limit: a text value and an array of keywords.
  "long-cells": {
    order_id: "long-cells",
    status: "new",
    notes: longText(12_000),
    tags: Array.from({ length: 400 }, (_, k) => `tag-${k}-${"x".repeat(30)}`),
  },
  // Line items that omit fields, one per position.
  "omitting-items": {
    order_id: "omitting-items",
    status: "new",
    items: [{ sku: "KB-01", qty: 1 }, { price: 9.9 }, { sku: "MS-02", name: "Wireless mouse" }],
  },
};

export interface LoadOptions {
  shards?: number;
  mappings?: unknown;
  settings?: Record<string, unknown>;
}

/** Deletes and creates `index`, loads the documents with `_bulk`, refreshes, and checks. */
export async function loadIndex(
  transport: EsTransport,
  index: string,
  docs: Iterable<[string, Record<string, unknown>]>,
  opts: LoadOptions = {},
): Promise<number> {
  await deleteIndices(transport, index);
  await transport.json({
    method: "PUT",
    path: `/${index}`,
    body: {
      settings: {
        number_of_shards: opts.shards ?? 1,
        number_of_replicas: 0,
        ...FRESH_STORE_SIZE,
        ...(opts.settings ?? {}),
      },
      mappings: opts.mappings ?? ORDERS_MAPPING,
    },
  });
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const res = await transport.json<{ errors: boolean; items: unknown[] }>({
      method: "POST",
      path: "/_bulk",
      body: `${batch.join("\n")}\n`,
      contentType: "application/x-ndjson",
    });
    if (res.errors) throw new Error(`bulk load of ${index} failed: ${JSON.stringify(res.items)}`);
    batch = [];
  };
  for (const [id, doc] of docs) {
    batch.push(JSON.stringify({ index: { _index: index, _id: id } }), JSON.stringify(doc));
    count++;
    if (batch.length >= 10_000) await flush();
  }
  await flush();
  await transport.json({ method: "POST", path: `/${index}/_refresh` });
  return count;
}

/** `count` generated orders (ids `ORD-0000001`…) plus, unless told otherwise, the specials. */
export function* orders(
  count: number,
  withSpecials = true,
): Generator<[string, Record<string, unknown>]> {
  for (let i = 0; i < count; i++) yield [orderId(i), order(i)];
  if (withSpecials) yield* Object.entries(ORDERS_SPECIALS);
}

export function loadOrders(
  transport: EsTransport,
  index: string,
  count: number,
  opts: LoadOptions & { specials?: boolean } = {},
): Promise<number> {
  return loadIndex(transport, index, orders(count, opts.specials ?? true), opts);
}

export async function deleteIndices(transport: EsTransport, ...names: string[]): Promise<void> {
  for (const name of names) {
    const res = await transport.request({ method: "DELETE", path: `/${name}` });
    if (res.status !== 200 && res.status !== 404)
      throw new Error(`deleting ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * Two indices behind one alias, with one field typed differently: `code` is a keyword in `<a>`
 * and a long in `<b>`; `level` agrees; `only_a` and `only_b` exist in one index each.
 */
export async function loadConflictingPair(
  transport: EsTransport,
  names: { a: string; b: string; alias: string },
): Promise<void> {
  await loadIndex(
    transport,
    names.a,
    Array.from({ length: 30 }, (_, i): [string, Record<string, unknown>] => [
      `a-${i}`,
      { code: `A${i}`, level: i % 2 ? "info" : "warn", n: i, only_a: `x${i}` },
    ]),
    {
      mappings: {
        properties: {
          code: { type: "keyword" },
          level: { type: "keyword" },
          n: { type: "integer" },
          only_a: { type: "keyword" },
        },
      },
    },
  );
  await loadIndex(
    transport,
    names.b,
    Array.from({ length: 20 }, (_, i): [string, Record<string, unknown>] => [
      `b-${i}`,
      { code: 1000 + i, level: i % 2 ? "info" : "error", n: 100 + i, only_b: i % 3 === 0 },
    ]),
    {
      mappings: {
        properties: {
          code: { type: "long" },
          level: { type: "keyword" },
          n: { type: "long" },
          only_b: { type: "boolean" },
        },
      },
    },
  );
  await transport.json({
    method: "POST",
    path: "/_aliases",
    body: {
      actions: [
        { add: { index: names.a, alias: names.alias } },
        { add: { index: names.b, alias: names.alias } },
      ],
    },
  });
}
