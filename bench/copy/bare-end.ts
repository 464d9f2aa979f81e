/**
 * How the bare loops of the copy and import benches end: as `quarry copy` and `quarry import` do
 * after their last write, the target refreshed (so that it shows what was written) and counted,
 * inside the timing, so that the ratio compares the same job (docs/decisions.md, "The bare loops
 * end as Quarry's commands do"). Prints the run's one JSON line, with the time the end took, which
 * the bench reports apart for the ratio against the loop without it.
 */
import type { Pool } from "undici";

async function call(pool: Pool, method: "GET" | "POST", path: string): Promise<string> {
  const res = await pool.request({ method, path, headers: { accept: "application/json" } });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
  return text;
}

export async function endLikeQuarry(pool: Pool, target: string, written: number): Promise<void> {
  const started = performance.now();
  await call(pool, "POST", `/${target}/_refresh`);
  const { count } = JSON.parse(await call(pool, "GET", `/${target}/_count`)) as { count: number };
  const endMs = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify({ written, counted: count, endMs })}\n`);
}
