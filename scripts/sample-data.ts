/**
 * The sample data set of the embedded dev cluster: orders with objects two levels deep, a nested
 * array of line items (some omit fields), text with and without `.keyword`, numbers, dates,
 * booleans and arrays of scalars. Deterministic, so every newcomer sees the same rows.
 */
import type { EsTransport } from "../src/drivers/elasticsearch/wire/transport.ts";

export const SAMPLE_INDEX = "sample-orders";
export const SAMPLE_VERSION = 1;
export const SAMPLE_SIZE = 30_000;

/** The fields every generated order has; the test data sets add a few of their own. */
export const ORDER_PROPERTIES = {
  order_id: { type: "keyword" },
  status: { type: "keyword" },
  created_at: { type: "date" },
  paid: { type: "boolean" },
  total: { type: "double" },
  tags: { type: "keyword" },
  notes: { type: "text" },
  customer: {
    properties: {
      name: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
      email: { type: "keyword" },
      vip: { type: "boolean" },
      address: {
        properties: {
          city: { type: "keyword" },
          country: { type: "keyword" },
          zip: { type: "keyword" },
        },
      },
    },
  },
  items: {
    type: "nested",
    properties: {
      sku: { type: "keyword" },
      name: { type: "text", fields: { keyword: { type: "keyword", ignore_above: 256 } } },
      qty: { type: "integer" },
      price: { type: "double" },
    },
  },
} as const;

export const SAMPLE_MAPPING = {
  _meta: { quarry_sample_version: SAMPLE_VERSION },
  properties: ORDER_PROPERTIES,
} as const;

/** A small seeded PRNG (mulberry32): the same documents on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Ada",
  "Grace",
  "Linus",
  "Margaret",
  "Ken",
  "Barbara",
  "Dennis",
  "Frances",
  "Alan",
  "Radia",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Torvalds",
  "Hamilton",
  "Thompson",
  "Liskov",
  "Ritchie",
  "Allen",
  "Turing",
  "Perlman",
];
const CITIES: [string, string][] = [
  ["Lisbon", "PT"],
  ["Berlin", "DE"],
  ["Paris", "FR"],
  ["Oslo", "NO"],
  ["Austin", "US"],
  ["Kyoto", "JP"],
  ["Toronto", "CA"],
  ["Nairobi", "KE"],
  ["Lima", "PE"],
  ["Perth", "AU"],
];
const PRODUCTS: [string, string, number][] = [
  ["KB-01", "Mechanical keyboard", 89.5],
  ["MS-02", "Wireless mouse", 24.99],
  ["MN-27", "27 inch monitor", 279],
  ["HD-05", "Noise cancelling headphones", 199],
  ["CB-10", "USB-C cable", 9.9],
  ["DK-03", "Standing desk", 449],
  ["CH-07", "Ergonomic chair", 329],
  ["LP-14", "Laptop stand", 39],
  ["WC-08", "Webcam", 59.95],
  ["MC-11", "Microphone", 119],
];
const STATUSES = ["new", "paid", "shipped", "delivered", "returned", "cancelled"] as const;
const TAGS = ["gift", "express", "bulk", "b2b", "promo", "first-order"];
const NOTES = [
  "Leave the parcel with the neighbour",
  "Customer asked for an invoice with the company name",
  "Fragile: pack the monitor with extra foam",
  "Deliver after 5 pm",
  "",
];

/**
 * The words orders are made of. The sample data set draws from every list; a test data set may
 * draw from a shorter one, which changes its documents but not the way they are drawn.
 */
export interface OrderWords {
  first: readonly string[];
  last: readonly string[];
  cities: readonly (readonly [string, string])[];
  products: readonly (readonly [string, string, number])[];
}
export const ORDER_WORDS = { first: FIRST, last: LAST, cities: CITIES, products: PRODUCTS };
export { NOTES as ORDER_NOTES, STATUSES as ORDER_STATUSES, TAGS as ORDER_TAGS };

/**
 * The first draws of an order, the same for every data set: a city, a customer's name and 1 to 4
 * line items (a few omit a field, as real data does) with their total; and `pick`, to go on.
 */
export function drawOrder(r: () => number, words: OrderWords) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const [city, country] = pick(words.cities);
  const first = pick(words.first);
  const last = pick(words.last);
  const items = Array.from({ length: 1 + Math.floor(r() * 4) }, () => {
    const [sku, name, price] = pick(words.products);
    const item: Record<string, unknown> = { sku, name, qty: 1 + Math.floor(r() * 3), price };
    if (r() < 0.1) delete item.price;
    if (r() < 0.05) delete item.name;
    return item;
  });
  const total = items.reduce(
    (s, it) => s + ((it.price as number | undefined) ?? 0) * (it.qty as number),
    0,
  );
  return { pick, city, country, first, last, items, total };
}

export function sampleOrder(i: number): Record<string, unknown> {
  const r = seededRandom(i + 1);
  const { pick, city, country, first, last, items, total } = drawOrder(r, ORDER_WORDS);
  const created = Date.UTC(2025, 0, 1) + Math.floor(r() * 365 * 24 * 3600 * 1000);
  const doc: Record<string, unknown> = {
    order_id: `ORD-${String(i + 1).padStart(6, "0")}`,
    status: pick(STATUSES),
    created_at: new Date(created).toISOString(),
    paid: r() < 0.8,
    total: Math.round(total * 100) / 100,
    tags: TAGS.filter(() => r() < 0.2),
    customer: {
      name: `${first} ${last}`,
      email: `${first}.${last}${i % 97}@example.com`.toLowerCase(),
      vip: r() < 0.1,
      address: { city, country, zip: String(10000 + Math.floor(r() * 89999)) },
    },
    items,
  };
  const note = pick(NOTES);
  if (note) doc.notes = note;
  return doc;
}

/** Creates and fills the sample index unless this version of it is already complete. */
export async function loadSampleData(
  transport: EsTransport,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ index: string; created: boolean }> {
  const existing = await transport.request<
    Record<string, { mappings?: { _meta?: { quarry_sample_version?: number } } }>
  >({
    method: "GET",
    path: `/${SAMPLE_INDEX}/_mapping`,
  });
  if (existing.status === 200) {
    const version = existing.body[SAMPLE_INDEX]?.mappings?._meta?.quarry_sample_version;
    const count = await transport.json<{ count: number }>({
      method: "GET",
      path: `/${SAMPLE_INDEX}/_count`,
    });
    if (version === SAMPLE_VERSION && count.count === SAMPLE_SIZE)
      return { index: SAMPLE_INDEX, created: false };
    await transport.json({ method: "DELETE", path: `/${SAMPLE_INDEX}` });
  }
  await transport.json({
    method: "PUT",
    path: `/${SAMPLE_INDEX}`,
    body: { settings: { number_of_shards: 2, number_of_replicas: 0 }, mappings: SAMPLE_MAPPING },
  });
  const batch = 2000;
  for (let start = 0; start < SAMPLE_SIZE; start += batch) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + batch, SAMPLE_SIZE); i++) {
      const doc = sampleOrder(i);
      lines.push(JSON.stringify({ index: { _id: doc.order_id } }), JSON.stringify(doc));
    }
    const res = await transport.json<{ errors: boolean }>({
      method: "POST",
      path: `/${SAMPLE_INDEX}/_bulk`,
      body: `${lines.join("\n")}\n`,
      contentType: "application/x-ndjson",
    });
    if (res.errors)
      throw new Error("loading the sample data failed: the bulk request reported errors");
    onProgress(Math.min(start + batch, SAMPLE_SIZE), SAMPLE_SIZE);
  }
  await transport.json({ method: "POST", path: `/${SAMPLE_INDEX}/_refresh` });
  return { index: SAMPLE_INDEX, created: true };
}
