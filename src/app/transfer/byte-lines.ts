/**
 * A stream's lines as bytes (pure), cut where readline cuts them (`\n`, `\r\n` or a lone `\r`), so
 * an import reads the same lines either way. A line inside one chunk is a view of that chunk (no
 * copy); one that spans chunks is joined.
 */

const LF = 0x0a;
const CR = 0x0d;

/** The lines of `chunks`, the last one given even without a line break after it. */
export async function* byteLines(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<Uint8Array> {
  let rest: Buffer[] = [];
  // The last chunk ended with a `\r`: a `\n` starting this one belongs to that line break.
  let afterCr = false;
  for await (const got of chunks) {
    const chunk =
      typeof got === "string"
        ? Buffer.from(got)
        : Buffer.from(got.buffer, got.byteOffset, got.byteLength);
    let start = afterCr && chunk[0] === LF ? 1 : 0;
    afterCr = false;
    // Each found once per chunk, not once per line (a line is short, a chunk is 1 MB).
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    while (lf >= 0 || cr >= 0) {
      const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
      const piece = chunk.subarray(start, end);
      yield rest.length > 0 ? Buffer.concat([...rest, piece]) : piece;
      rest = [];
      start = end + 1;
      if (end === cr) {
        if (start === chunk.length) afterCr = true;
        else if (chunk[start] === LF) start++;
        cr = chunk.indexOf(CR, start);
      }
      if (lf >= 0 && lf < start) lf = chunk.indexOf(LF, start);
    }
    // The rest of the chunk, copied: the next line does not keep the whole chunk.
    if (start < chunk.length) rest.push(Buffer.from(chunk.subarray(start)));
  }
  if (rest.length > 0) yield Buffer.concat(rest);
}
