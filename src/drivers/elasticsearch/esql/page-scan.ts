/**
 * An ES|QL query read past the cluster's row cap in keyed pages (paging.ts), as the export scan the
 * app writes files and streams from (core/export.ts): the rows counted first (refused when some
 * have no key), then one `_query` a page, each after the last key of the one before. The app checks
 * the count at the end; a resume continues after the last key its checkpoint holds.
 */
import { QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import type {
  ScanBatch,
  ScanCursor,
  ScanRecord,
  ScanRequest,
  TableScan,
} from "../../../core/export.ts";
import { scanInterruption } from "../../../core/export.ts";
import type { ExportScanFacet } from "../../../core/facets.ts";
import { httpError } from "../wire/errors.ts";
import type { EsTransport } from "../wire/transport.ts";
import { MAX_ROWS } from "./answer.ts";
import { AnswerRows } from "./answer-rows.ts";
import { answersAsUnknownRoute, esqlUnavailable } from "./availability.ts";
import { COUNT_COLUMNS, countQuery, type PagePlan, pagePlan, pageQuery } from "./paging.ts";

interface Answer {
  columns: { name: string; type: string }[];
  values: unknown[][];
}

/** The export scan of `query`'s rows, paged by `key` (default `_id`); the table name is a label. */
export function esqlPageSource(
  transport: EsTransport,
  query: string,
  key?: string,
  ready: () => Promise<void> = async () => {},
): ExportScanFacet {
  // Refused before anything is sent: the plan says why a query has no keyed pages.
  const plan = pagePlan(query, key);
  return {
    openScan: async (_label, request) => {
      await ready();
      return openPageScan(transport, plan, request);
    },
  };
}

async function ask(transport: EsTransport, query: string, signal?: AbortSignal): Promise<Answer> {
  const res = await transport
    .request<Answer>({
      method: "POST",
      path: "/_query",
      body: { query },
      ...(signal ? { signal } : {}),
    })
    .catch((e: unknown) => {
      if ((e as Error).name === "AbortError") throw scanInterruption("the export was cancelled");
      throw e;
    });
  answerOrThrow(transport, query, res.status, res.body);
  return res.body;
}

/** Throws what an answer other than 2xx means: no ES|QL there, or the cluster's error. */
function answerOrThrow(transport: EsTransport, query: string, status: number, body: unknown): void {
  if (answersAsUnknownRoute(status, body)) throw esqlUnavailable({ unknownRoute: true }, query);
  if (status < 200 || status > 299) throw httpError(status, body, transport.target);
}

export async function openPageScan(
  transport: EsTransport,
  plan: PagePlan,
  request: ScanRequest,
): Promise<TableScan> {
  const { signal } = request;
  const rows = await countRows(transport, plan, signal);
  const expected = plan.limit === undefined ? rows : Math.min(rows, plan.limit);
  const shape = await ask(transport, `${plan.base}\n| LIMIT 0`, signal);
  const keyAt = shape.columns.findIndex((c) => c.name === plan.key);
  if (keyAt === -1)
    throw new QuarryError(
      "invalid_input",
      `The query's rows have no column ${plan.key} to page by.`,
      "Page by one of its columns (--key), or keep the key column in the query.",
      { feature: "esql_pages" },
    );
  const keyType = shape.columns[keyAt]?.type ?? "keyword";
  const shown = shape.columns
    .map((c, i) => ({ name: c.name, at: i }))
    .filter((c) => !(plan.hiddenKey && c.at === keyAt));
  const size = Math.min(Math.max(1, request.batchSize), MAX_ROWS);
  const names = shown.map((c) => c.name);

  const record = recordOf(request.format, shown, keyAt);

  return {
    expected,
    slices: 1,
    restarted: false,
    columns: names,
    ndjsonLines: 1,
    state: () => ({ key: plan.key }),
    storedKey: (entry) => entry.join("\u0000"),
    close: async () => {},
    async *batches(_slice: number, cursor: ScanCursor, halt?: AbortSignal) {
      const reader = new PageReader(transport, plan, { size, keyAt, keyType }, cursor, signal);
      let last: unknown = cursor?.[0];
      let read = Number(cursor?.[1] ?? 0);
      try {
        while (!halt?.aborted) {
          const { text, end } = await reader.next();
          // Parsed only now, a batch at a time: the rows queued wait as the text they came in.
          const rows = text === undefined ? [] : (parseJsonExact(text) as unknown[][]);
          const tail = rows.at(-1);
          if (tail) last = tail[keyAt];
          read += rows.length;
          const rest = { cursor: last === undefined ? null : [last, read], last: end };
          yield request.format === "csv"
            ? { records: rows.map(record), ...rest }
            : framedBatch(rows, request.format, shown, record, rest);
          if (end) return;
        }
      } finally {
        reader.stop();
      }
    },
  };
}

/** Where the pages are cut: the rows a page asks for, and the key's place and type. */
interface PageCut {
  size: number;
  keyAt: number;
  keyType: string;
}

/** Text of rows queued for a batch: about this many bytes, whole rows. */
const BATCH_BYTES = 64 * 1024;
/** The next page is asked for while the rows queued hold less than this (bytes of text). */
const PREFETCH_BELOW = 2 * 1024 * 1024;

/**
 * The pages of a scan read one after the other, each page's rows queued as the text they arrive in
 * (answer-rows.ts) and taken a batch at a time: the next page is asked for as soon as one is read,
 * while its rows are written, unless the queue already holds more than `PREFETCH_BELOW`.
 */
class PageReader {
  readonly #transport: EsTransport;
  readonly #plan: PagePlan;
  readonly #cut: PageCut;
  readonly #stopped = new AbortController();
  readonly #signal: AbortSignal;
  /** Rows as JSON text (`[…],[…]`) in order, each with the page it came in. */
  readonly #queue: { text: Buffer; page: number }[] = [];
  #pages = 0;
  #queued = 0;
  #ended = false;
  #failure: unknown;
  #wake: (() => void) | undefined;
  #room: (() => void) | undefined;

  constructor(
    transport: EsTransport,
    plan: PagePlan,
    cut: PageCut,
    cursor: ScanCursor,
    signal: AbortSignal | undefined,
  ) {
    this.#transport = transport;
    this.#plan = plan;
    this.#cut = cut;
    this.#signal = signal ? AbortSignal.any([signal, this.#stopped.signal]) : this.#stopped.signal;
    this.#read(cursor?.[0], Number(cursor?.[1] ?? 0)).then(
      () => this.#finish(undefined),
      (e: unknown) => this.#finish(e),
    );
  }

  /** The next rows' text (a JSON array), and whether they are the scan's last. */
  async next(): Promise<{ text: string | undefined; end: boolean }> {
    while (this.#queue.length === 0 && !this.#ended) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    if (this.#queue.length === 0 && this.#failure !== undefined) throw this.#failure;
    // A batch holds rows of one page: a caller reading a page reads it whole, and no more.
    const page = this.#queue[0]?.page;
    const pieces: string[] = [];
    let bytes = 0;
    while (this.#queue[0] !== undefined && this.#queue[0].page === page && bytes < BATCH_BYTES) {
      const { text } = this.#queue.shift() as { text: Buffer };
      bytes += text.length;
      pieces.push(text.toString("utf8"));
    }
    this.#queued -= bytes;
    this.#room?.();
    // A failure is thrown at the next call, once the rows read before it are written.
    const end = this.#ended && this.#queue.length === 0 && this.#failure === undefined;
    return { text: pieces.length > 0 ? `[${pieces.join(",")}]` : undefined, end };
  }

  /** No more batches are wanted: the page on its way is dropped. */
  stop(): void {
    if (!this.#stopped.signal.aborted) this.#stopped.abort();
    this.#room?.();
  }

  #finish(failure: unknown): void {
    if (!this.#stopped.signal.aborted) this.#failure = failure;
    this.#ended = true;
    this.#wake?.();
  }

  #push(piece: Buffer): void {
    this.#queue.push({ text: piece, page: this.#pages });
    this.#queued += piece.length;
    this.#wake?.();
  }

  async #read(after: unknown, done: number): Promise<void> {
    const { size, keyAt, keyType } = this.#cut;
    const plan = this.#plan;
    let last = after;
    let read = done;
    while (!this.#stopped.signal.aborted) {
      const want = plan.limit === undefined ? size : Math.min(size, plan.limit - read);
      if (want <= 0) return;
      while (this.#queued >= PREFETCH_BELOW && !this.#stopped.signal.aborted)
        await new Promise<void>((resolve) => {
          this.#room = resolve;
        });
      const query = pageQuery(
        plan,
        want,
        last === undefined ? undefined : { value: last, type: keyType },
      );
      const rows = await this.#page(query);
      read += rows.count;
      if (rows.last !== undefined) last = (parseJsonExact(rows.last) as unknown[])[keyAt];
      // A short page ends the rows; so does the query's own LIMIT, reached.
      if (rows.count < want || (plan.limit !== undefined && read >= plan.limit)) return;
    }
  }

  /** One page, its rows queued as they arrive; how many, and the last one's text. */
  async #page(query: string): Promise<{ count: number; last: string | undefined }> {
    const rows = new AnswerRows();
    this.#pages++;
    const res = await this.#transport
      .request<unknown>({
        method: "POST",
        path: "/_query",
        body: { query },
        signal: this.#signal,
        raw: true,
        onChunk: (chunk) => {
          const piece = rows.push(chunk);
          if (piece !== undefined) this.#push(piece);
        },
      })
      .catch((e: unknown) => {
        if ((e as Error).name === "AbortError") throw scanInterruption("the export was cancelled");
        throw e;
      });
    answerOrThrow(this.#transport, query, res.status, res.body);
    if (!rows.complete)
      throw new QuarryError(
        "cluster_error",
        "The cluster's answer to a page of the query held no complete list of rows.",
        "Run the query again; if it keeps failing, check what answers at the connection's address.",
        { feature: "esql_pages" },
      );
    return { count: rows.rows, last: rows.lastRow };
  }
}

/** The rows the pages should give; refused when some have no key (pages would miss them). */
async function countRows(
  transport: EsTransport,
  plan: PagePlan,
  signal: AbortSignal | undefined,
): Promise<number> {
  const counted = await ask(transport, countQuery(plan), signal);
  const at = (name: string) => counted.columns.findIndex((c) => c.name === name);
  const row = counted.values[0] ?? [];
  const rows = Number(row[at(COUNT_COLUMNS.rows)] ?? 0);
  const keyed = Number(row[at(COUNT_COLUMNS.keyed)] ?? 0);
  if (keyed !== rows)
    throw new QuarryError(
      "invalid_input",
      `Of the ${rows} rows the query answers, ${rows - keyed > 0 ? rows - keyed : "some"} have no single value of the key ${plan.key}, so keyed pages would miss them. Nothing was written.`,
      "Page by a key every row has exactly one value of (--key), such as _id.",
      { feature: "esql_pages", rows, keyed },
    );
  return rows;
}

/**
 * A batch of NDJSON or JSON rows framed straight into the memory the export gives, a line of text
 * a row: no record is made unless someone reads `records` (a resume that skips what a file holds).
 */
function framedBatch(
  rows: unknown[][],
  format: "ndjson" | "json",
  shown: { name: string; at: number }[],
  record: (values: unknown[]) => ScanRecord,
  rest: Omit<ScanBatch, "records" | "framed">,
): ScanBatch {
  let records: ScanRecord[] | undefined;
  return {
    ...rest,
    get records() {
      records ??= rows.map(record);
      return records;
    },
    framed: {
      count: rows.length,
      bytes: (first, take) => {
        const between = format === "ndjson" ? "" : ",\n";
        const lines: string[] = [];
        let size = 0;
        rows.forEach((values, i) => {
          const object: Record<string, unknown> = {};
          for (const { name, at } of shown) object[name] = values[at] ?? null;
          const line =
            format === "ndjson"
              ? `${JSON.stringify(object)}\n`
              : `${i > 0 || !first ? between : ""}${JSON.stringify(object)}`;
          size += Buffer.byteLength(line);
          lines.push(line);
        });
        const taken = take(size);
        const out = Buffer.from(taken.buffer, taken.byteOffset, taken.byteLength);
        let at = 0;
        for (const line of lines) at += out.write(line, at);
        return taken;
      },
    },
  };
}

/** A row as the file's record: CSV cells (a multi-value as JSON text), or one object by name. */
function recordOf(
  format: ScanRequest["format"],
  shown: { name: string; at: number }[],
  keyAt: number,
): (values: unknown[]) => ScanRecord {
  return (values) => {
    const key = JSON.stringify(values[keyAt] ?? null);
    if (format === "csv")
      return {
        key,
        values: shown.map(({ at }) => {
          const v = values[at] ?? null;
          return v !== null && typeof v === "object" ? JSON.stringify(v) : v;
        }),
      };
    const object: Record<string, unknown> = {};
    for (const { name, at } of shown) object[name] = values[at] ?? null;
    return { key, values: [object] };
  };
}
