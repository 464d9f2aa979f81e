/**
 * The indices the copy and import benches write into (plain HTTP, nothing of Quarry): each run
 * gets a new, empty target, is counted after it (outside the timing), and the target is deleted.
 */

async function call(url: string, method: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok && !(method === "DELETE" && res.status === 404))
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export const dropIndex = (es: string, index: string) => call(`${es}/${index}`, "DELETE");

/** The documents of `index` once refreshed; the index is deleted after. */
export async function countAndDrop(es: string, index: string): Promise<number> {
  await call(`${es}/${index}/_refresh`, "POST");
  const { count } = (await call(`${es}/${index}/_count`, "GET")) as { count: number };
  await dropIndex(es, index);
  return count;
}

/** The source's shards, replicas, refresh interval and mapping: what a copy carries over. */
export async function definitionOf(es: string, index: string): Promise<Record<string, unknown>> {
  const answer = (await call(`${es}/${index}`, "GET")) as Record<
    string,
    { settings: { index: Record<string, unknown> }; mappings: unknown }
  >;
  const entry = Object.values(answer)[0];
  if (!entry) throw new Error(`${index}: no such index`);
  const s = entry.settings.index;
  return {
    settings: {
      number_of_shards: s.number_of_shards,
      number_of_replicas: s.number_of_replicas,
      ...(s.refresh_interval !== undefined ? { refresh_interval: s.refresh_interval } : {}),
    },
    mappings: entry.mappings,
  };
}

/** A new empty `index` with `definition` (deleted first if a failed run left it). */
export async function createIndex(
  es: string,
  index: string,
  definition: Record<string, unknown>,
): Promise<void> {
  await dropIndex(es, index);
  await call(`${es}/${index}`, "PUT", definition);
}
