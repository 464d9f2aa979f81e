/**
 * A stream's lines as text, a chunk's worth at a time (pure apart from reading the stream): cut
 * where readline cuts them (`\n`, `\r\n` or a lone `\r`) and decoded as UTF-8 as readline decodes
 * them, but given as one array per chunk read, so that an import awaits once a chunk (1 MB) rather
 * than once a line.
 */
import { StringDecoder } from "node:string_decoder";

/** The lines of `chunks`, the last one given even without a line break after it. */
export async function* textLines(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<string[]> {
  const utf8 = new StringDecoder("utf8");
  let rest = "";
  // The last chunk ended with a `\r`: a `\n` starting this one belongs to that line break.
  let afterCr = false;
  for await (const got of chunks) {
    let text = rest + (typeof got === "string" ? got : utf8.write(got as Buffer));
    if (afterCr && text.charCodeAt(0) === 0x0a) text = text.slice(1);
    const cut = cutLines(text);
    rest = cut.rest;
    afterCr = cut.afterCr;
    if (cut.lines.length > 0) yield cut.lines;
  }
  const last = rest + utf8.end();
  if (last !== "") yield [afterCr && last.charCodeAt(0) === 0x0a ? last.slice(1) : last];
}

/** The whole lines of `text`, what follows the last line break, and whether that break was `\r`. */
function cutLines(text: string): { lines: string[]; rest: string; afterCr: boolean } {
  const lines: string[] = [];
  let start = 0;
  let afterCr = false;
  // Each found once per chunk, not once per line (a line is short, a chunk is 1 MB).
  let lf = text.indexOf("\n");
  let cr = text.indexOf("\r");
  while (lf >= 0 || cr >= 0) {
    const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
    lines.push(text.slice(start, end));
    start = end + 1;
    if (end === cr) {
      if (start === text.length) afterCr = true;
      else if (text.charCodeAt(start) === 0x0a) start++;
      cr = text.indexOf("\r", start);
    }
    if (lf >= 0 && lf < start) lf = text.indexOf("\n", start);
  }
  return { lines, rest: text.slice(start), afterCr };
}
