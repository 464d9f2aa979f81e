/**
 * An ES|QL query read past the cluster's row cap in keyed pages (paging.ts), as the export scan the
 * app writes files and streams from (core/export.ts): the rows counted first (refused when some
 * have no key), then one `_query` a page, each after the last key of the one before. The app checks
 * the count at the end; a resume continues after the last key its checkpoint holds.
 */
import { QuarryError } from "../../../core/errors.ts";
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
  if (answersAsUnknownRoute(res.status, res.body))
    throw esqlUnavailable({ unknownRoute: true }, query);
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return res.body;
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
      let last: unknown = cursor?.[0];
      let read = Number(cursor?.[1] ?? 0);
      while (!halt?.aborted) {
        const want = plan.limit === undefined ? size : Math.min(size, plan.limit - read);
        if (want <= 0) return;
        const page = await ask(
          transport,
          pageQuery(plan, want, last === undefined ? undefined : { value: last, type: keyType }),
          signal,
        );
        const records = page.values.map(record);
        read += records.length;
        const end = page.values.at(-1);
        if (end) last = end[keyAt];
        const batch: ScanBatch = {
          records,
          cursor: last === undefined ? null : [last, read],
          // A short page ends the rows; so does the query's own LIMIT, reached.
          last: page.values.length < want || (plan.limit !== undefined && read >= plan.limit),
        };
        yield batch;
        if (batch.last) return;
      }
    },
  };
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
