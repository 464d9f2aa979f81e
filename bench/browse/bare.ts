/**
 * The bare side of the browsing benchmark: undici and JSON.parse, nothing of Quarry. Also the
 * data set (generated once, kept as `bench-browse-1m`) and the deep-page walks of the bare client
 * and of the reference product's approach.
 */
import { Pool } from "undici";
import { ORDERS_MAPPING, order, orderId } from "../../test/support/datasets.ts";

export const INDEX = "bench-browse-1m";
export const DOCS = 1_000_000;
export const PAGE = 100;
const VERSION = 1;

export class Bare {
  readonly #pool: Pool;

  constructor(url: string) {
    this.#pool = new Pool(url, { connections: 16 });
  }

  async call<T = Record<string, unknown>>(
    method: "GET" | "POST" | "DELETE" | "PUT",
    path: string,
    body?: unknown,
  ): Promise<T> {
    const res = await this.#pool.request({
      method,
      path,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text) as T;
  }

  async bulk(ndjson: string): Promise<void> {
    const res = await this.#pool.request({
      method: "POST",
      path: `/${INDEX}/_bulk`,
      headers: { "content-type": "application/x-ndjson" },
      body: ndjson,
    });
    const body = JSON.parse(await res.body.text()) as { errors?: boolean };
    if (res.statusCode !== 200 || body.errors) throw new Error("bulk failed");
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

export interface Hits {
  pit_id?: string;
  hits?: { total?: { value: number }; hits?: { sort?: unknown[] }[] };
}

/** Creates the index unless it is there, complete and of this version. */
export async function ensureIndex(bare: Bare): Promise<void> {
  const head = await bare
    .call<Record<string, { mappings?: { _meta?: { v?: number } } }>>("GET", `/${INDEX}/_mapping`)
    .catch(() => undefined);
  if (head?.[INDEX]?.mappings?._meta?.v === VERSION) {
    const { count } = await bare.call<{ count: number }>("GET", `/${INDEX}/_count`);
    if (count === DOCS) return;
  }
  process.stderr.write(`generating ${DOCS.toLocaleString("en-US")} documents into ${INDEX}…\n`);
  await bare.call("DELETE", `/${INDEX}`).catch(() => undefined);
  await bare.call("PUT", `/${INDEX}`, {
    settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: "-1" },
    mappings: { ...ORDERS_MAPPING, _meta: { v: VERSION } },
  });
  const started = Date.now();
  const BATCH = 5_000;
  let next = 0;
  const worker = async () => {
    while (next < DOCS) {
      const from = next;
      next += BATCH;
      const lines: string[] = [];
      for (let i = from; i < Math.min(from + BATCH, DOCS); i++) {
        lines.push(JSON.stringify({ index: { _id: orderId(i) } }), JSON.stringify(order(i)));
      }
      await bare.bulk(`${lines.join("\n")}\n`);
      if ((from / BATCH) % 20 === 0) process.stderr.write(`  ${from.toLocaleString("en-US")}\n`);
    }
  };
  await Promise.all([worker(), worker()]);
  await bare.call("PUT", `/${INDEX}/_settings`, { index: { refresh_interval: "1s" } });
  await bare.call("POST", `/${INDEX}/_refresh`);
  await bare.call("POST", `/${INDEX}/_forcemerge?max_num_segments=1`);
  process.stderr.write(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

/** The page at `offset`, exactly as Quarry asks for it: from/size, or a PIT walk beyond 10,000. */
export async function barePage(bare: Bare, offset: number): Promise<number> {
  const page = { size: PAGE, track_total_hits: true, seq_no_primary_term: true };
  if (offset + PAGE <= 10_000) {
    const res = await bare.call<Hits>("POST", `/${INDEX}/_search`, {
      ...page,
      from: offset,
      query: { match_all: {} },
    });
    return res.hits?.hits?.length ?? 0;
  }
  const { id } = await bare.call<{ id: string }>("POST", `/${INDEX}/_pit?keep_alive=2m`);
  let pit = id;
  const sort = [{ _shard_doc: { order: "asc" } }];
  const lean = { _source: false, stored_fields: "_none_", track_total_hits: false };
  const search = async (body: Record<string, unknown>, filter = "") => {
    const res = await bare.call<Hits>("POST", `/_search${filter}`, {
      ...body,
      query: { match_all: {} },
      sort,
      pit: { id: pit, keep_alive: "2m" },
    });
    pit = res.pit_id ?? pit;
    return res;
  };
  try {
    const sortsOnly = "?filter_path=pit_id,hits.hits.sort";
    const hop = await search({ ...lean, from: 9_999, size: 1 }, sortsOnly);
    let after = hop.hits?.hits?.[0]?.sort;
    for (let at = 10_000; at < offset; at += 10_000) {
      const res = await search(
        { ...lean, size: Math.min(10_000, offset - at), search_after: after },
        sortsOnly,
      );
      after = res.hits?.hits?.at(-1)?.sort;
    }
    const res = await search({ ...page, search_after: after });
    return res.hits?.hits?.length ?? 0;
  } finally {
    await bare.call("DELETE", "/_pit", { id: pit });
  }
}

/** The deep-paging approach of the reference product: a PIT walk in batches of 1,000 with _source. */
export async function anchorStylePage(bare: Bare, offset: number): Promise<number> {
  const { id } = await bare.call<{ id: string }>("POST", `/${INDEX}/_pit?keep_alive=1m`);
  let pit = id;
  let after: unknown[] | undefined;
  let seen = 0;
  let rows = 0;
  try {
    while (rows < PAGE) {
      const res = await bare.call<Hits>("POST", "/_search", {
        size: 1000,
        pit: { id: pit, keep_alive: "1m" },
        sort: [{ _shard_doc: "asc" }],
        ...(after ? { search_after: after } : {}),
      });
      pit = res.pit_id ?? pit;
      const hits = res.hits?.hits ?? [];
      if (hits.length === 0) break;
      for (const _ of hits) {
        if (seen >= offset && rows < PAGE) rows++;
        seen++;
      }
      after = hits.at(-1)?.sort;
    }
    return rows;
  } finally {
    await bare.call("DELETE", "/_pit", { id: pit });
  }
}
