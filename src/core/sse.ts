/**
 * A Server-Sent Events reader (the WHATWG event-stream format), fed text as it arrives in chunks of
 * any size: it returns the `data` of each complete event. Comments (`:` lines, the keep-alives)
 * and the `event`, `id` and `retry` fields are ignored; several `data` lines of one event are
 * joined with a newline; lines end in LF, CRLF or CR. Pure.
 */
export class SseReader {
  #buffer = "";
  #data: string[] = [];
  #pendingCr = false;

  /** Feeds a chunk; returns the data of the events it completed. */
  push(chunk: string): string[] {
    let text = chunk;
    // A CR at the end of the previous chunk and an LF at the start of this one are one line end.
    if (this.#pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCr = false;
    this.#buffer += text;
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i++) {
      const c = this.#buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.#line(this.#buffer.slice(start, i), events);
      if (c === 13) {
        if (i + 1 < this.#buffer.length) {
          if (this.#buffer.charCodeAt(i + 1) === 10) i++;
        } else this.#pendingCr = true;
      }
      start = i + 1;
    }
    this.#buffer = this.#buffer.slice(start);
    return events;
  }

  /** At the end of the stream: an event not closed by a blank line is dropped, as the format says. */
  end(): string[] {
    this.#buffer = "";
    this.#data = [];
    return [];
  }

  #line(line: string, events: string[]): void {
    if (line === "") {
      if (this.#data.length) events.push(this.#data.join("\n"));
      this.#data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== "data") return;
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.#data.push(value);
  }
}
