/**
 * What the bare clients of the export and copy benchmarks share (bare-loop.ts, copy/bare-copy.ts):
 * an answer read as bytes, and the last hit's sort value found in them without parsing the hits.
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
