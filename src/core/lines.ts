/**
 * Text cut into lines (one JSON-RPC message each), with a bound on a line's length: a longer line
 * is dropped whole, never parsed in pieces. Pure; the bridge feeds it stdin's chunks, the MCP line
 * stream (docs/mcp.md, "The line stream") its socket's.
 */
export class LineSplitter {
  readonly #max: number;
  #buffered = "";
  /** A line over the bound is being dropped until its end. */
  #skipping = false;

  constructor(maxLength: number) {
    this.#max = maxLength;
  }

  /** The lines this chunk completes, and whether a line grew over the bound (and was dropped). */
  push(chunk: string): { lines: string[]; overlong: boolean } {
    let text = this.#buffered + chunk;
    this.#buffered = "";
    const lines: string[] = [];
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n")) {
      const line = text.slice(0, nl);
      text = text.slice(nl + 1);
      if (this.#skipping) {
        this.#skipping = false;
        continue;
      }
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
    }
    const overlong = text.length > this.#max;
    if (overlong) {
      this.#skipping = true;
      text = "";
    }
    this.#buffered = text;
    return { lines, overlong };
  }

  /** The last line, when the input ended without a newline after it. */
  end(): string | undefined {
    const rest = this.#buffered;
    this.#buffered = "";
    return rest.trim() && !this.#skipping ? rest : undefined;
  }
}
