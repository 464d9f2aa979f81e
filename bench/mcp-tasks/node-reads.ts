/** Bare requests to the node, for the truths: no MCP, no Quarry code in between. */
import type { Pool } from "undici";

export async function es<T>(pool: Pool, method: string, path: string, body?: unknown): Promise<T> {
  const res = await pool.request({
    method: method as "GET",
    path,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.body.text();
  if (res.statusCode >= 300)
    throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** A `size: 0` search's aggregations. */
export async function searchAggs(pool: Pool, index: string, body: Record<string, unknown>) {
  const r = await es<{ aggregations: Record<string, Record<string, unknown>> }>(
    pool,
    "POST",
    `/${index}/_search`,
    { size: 0, ...body },
  );
  return r.aggregations;
}
