/**
 * What the bare clients of the export and copy benchmarks share (bare-loop.ts, copy/bare-copy.ts):
 * an answer read as bytes, the last hit's sort value found in them without parsing the hits, and
 * the sliced point-in-time loop that reads an index.
 */
import type { Dispatcher } from "undici";

/** The answer's body as bytes; a status of 300 or more throws, naming `path`. */
export async function answerBytes(res: Dispatcher.ResponseData, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of res.body) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  if (res.statusCode >= 300)
    throw new Error(`${path}: ${res.statusCode} ${bytes.subarray(0, 300)}`);
  return bytes;
}

const SORT = Buffer.from('"sort":[');

/** The last hit's sort value, from the end of the answer (the hits' own `sort` come last). */
export function lastSort(bytes: Buffer): unknown[] | undefined {
  const at = bytes.lastIndexOf(SORT);
  if (at < 0) return undefined;
  const end = bytes.indexOf(0x5d, at);
  return JSON.parse(bytes.subarray(at + SORT.length - 1, end + 1).toString()) as unknown[];
}

/** A bare client's request: JSON body, answer as bytes. */
type Send = (path: string, body?: unknown, method?: string) => Promise<Buffer>;

/**
 * Reads `index` through a point in time with `search_after` on `_shard_doc`, in `slices` slices of
 * `batch` hits a request, and hands each answer to `onAnswer` as the bytes it came in; a slice ends
 * on an answer with no hit. The point in time is deleted at the end.
 */
export async function scanSlices(
  send: Send,
  index: string,
  batch: number,
  slices: number,
  onAnswer: (bytes: Buffer) => Promise<void>,
): Promise<void> {
  const { id } = JSON.parse((await send(`/${index}/_pit?keep_alive=5m`)).toString()) as {
    id: string;
  };
  await Promise.all(
    Array.from({ length: slices }, async (_, slice) => {
      let after: unknown[] | undefined;
      for (;;) {
        const bytes = await send("/_search", {
          size: batch,
          pit: { id, keep_alive: "5m" },
          sort: [{ _shard_doc: "asc" }],
          track_total_hits: false,
          ...(slices > 1 ? { slice: { id: slice, max: slices } } : {}),
          ...(after ? { search_after: after } : {}),
        });
        after = lastSort(bytes);
        if (!after) return;
        await onAnswer(bytes);
      }
    }),
  );
  await send("/_pit", { id }, "DELETE");
}
