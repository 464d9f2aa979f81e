/**
 * One request to a test node, outside the code under test: how a test makes and removes its own
 * indices and reads what the cluster holds (docs/testing.md, "Fixtures").
 */
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import type { HttpMethod } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { type NodeName, node, sessionTo } from "./cluster.ts";

export type { HttpMethod };

/**
 * Sends `method path` with `body` to the node through a session of its own (with the node's
 * credentials when it is secured) and answers the node's reply, whatever its status.
 */
export async function es(
  on: NodeName,
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: { timeoutMs?: number } = {},
) {
  const s = sessionTo(node(on));
  try {
    return await s.transport.request({
      method,
      path,
      ...(body !== undefined ? { body } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
  } finally {
    await s.close();
  }
}

/** As `es`, for a request that must succeed: any status but 2xx and 404 (nothing to delete) throws. */
export async function esOk(
  on: NodeName,
  method: HttpMethod,
  path: string,
  body?: unknown,
): Promise<void> {
  const res = await es(on, method, path, body);
  if (res.status >= 300 && res.status !== 404)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Indexes `docs` into `index` on the node as `d0`, `d1`, … through `_bulk`, then refreshed. */
export async function bulkLoad(on: NodeName, index: string, docs: readonly unknown[]) {
  const lines = docs.map(
    (d, i) =>
      `${JSON.stringify({ index: { _index: index, _id: `d${i}` } })}\n${JSON.stringify(d)}\n`,
  );
  return es(on, "POST", "/_bulk?refresh=true", lines.join(""));
}

/** Sends NDJSON `_bulk` lines (action and source lines, no final newline) to `index`, refreshed. */
export async function bulkLines(s: EsSession, index: string, lines: readonly string[]) {
  await s.transport.json({
    method: "POST",
    path: `/${index}/_bulk`,
    query: { refresh: "true" },
    contentType: "application/x-ndjson",
    body: `${lines.join("\n")}\n`,
  });
}

/** How many documents `index` holds, once refreshed, read through the suite's session `s`. */
export async function refreshedCount(s: EsSession, index: string): Promise<number> {
  await s.transport.json({ method: "POST", path: `/${index}/_refresh` });
  return (await s.transport.json<{ count: number }>({ method: "GET", path: `/${index}/_count` }))
    .count;
}

/** The `_source` of document `id` in `index`, read through the suite's session `s`. */
export async function sourceOf(
  s: EsSession,
  index: string,
  id: string,
): Promise<Record<string, unknown>> {
  const answer = await s.transport.json<{ _source: Record<string, unknown> }>({
    method: "GET",
    path: `/${index}/_doc/${id}`,
  });
  return answer._source;
}
