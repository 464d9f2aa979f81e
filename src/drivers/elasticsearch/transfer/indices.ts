/**
 * The Elasticsearch side of copying and importing: reading an index's definition, planning the
 * target index from it (copy-definition.ts), whether a target exists and what it holds, and
 * writing batches with `_bulk` (bulk-write.ts). The app runs the transfer; this only talks to
 * the cluster.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import type {
  CellKind,
  CreatePlan,
  LoadMode,
  LoadOutcome,
  LoadRecord,
  TableDefinition,
  TableLoad,
  TableState,
} from "../../../core/transfer.ts";
import { httpError } from "../wire/errors.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsTransport } from "../wire/transport.ts";
import { allWritten, bulkBytes, bulkOutcome } from "./bulk-write.ts";
import { copyDefinition, type IndexDefinition } from "./copy-definition.ts";
import { kindsOfMappings, mappingForKinds } from "./field-kinds.ts";

export const DRIVER_TYPE = "elasticsearch";

/** Batches wait at most this long for the node (a large batch on a busy node is slow). */
const BULK_TIMEOUT_MS = 120_000;
const BULK_ANSWER = "errors,items.*._id,items.*.status,items.*.error";

/**
 * The index's settings and mappings. A name that stands for several indices (an alias, a pattern)
 * is refused: one index is copied at a time, into one target.
 */
export async function readDefinition(
  transport: EsTransport,
  index: string,
  major: number,
): Promise<TableDefinition> {
  const answer = await transport.json<Record<string, IndexDefinition>>({
    method: "GET",
    path: `/${pathSegment(index)}`,
    query: { flat_settings: "true" },
  });
  const names = Object.keys(answer);
  if (names.length !== 1) {
    throw new QuarryError(
      "invalid_input",
      `"${index}" stands for ${names.length} indices (${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""})`,
      "Copy one index at a time: name one of them.",
    );
  }
  const entry = answer[names[0] as string] as IndexDefinition;
  return {
    driver: DRIVER_TYPE,
    major,
    content: { settings: entry.settings ?? {}, mappings: entry.mappings ?? {} },
  };
}

/** The `PUT /<target>` a copy sends, for a cluster of major `major`. */
export function planCreate(
  definition: TableDefinition | null,
  target: string,
  major: number,
): CreatePlan {
  if (definition === null)
    return {
      request: { method: "PUT", path: `/${pathSegment(target)}` },
      notes: [
        "created with the cluster's default settings; its mapping is made from the documents as they come (dynamic mapping)",
      ],
      blockers: [],
    };
  if (definition.driver !== DRIVER_TYPE) {
    throw new QuarryError(
      "invalid_input",
      `The source is a ${definition.driver} table; an Elasticsearch index can only be created from another index`,
      "Copy between Elasticsearch connections, or export the data and import the file.",
    );
  }
  const { body, notes, blockers } = copyDefinition(
    definition.content as IndexDefinition,
    definition.major,
    major,
  );
  const request: ConsoleRequest = { method: "PUT", path: `/${pathSegment(target)}`, body };
  return { request, notes, blockers };
}

/** Whether the index (or alias) exists, and its document count. */
export async function tableState(transport: EsTransport, index: string): Promise<TableState> {
  const res = await transport.request<{ count?: number; error?: { type?: string } }>({
    method: "GET",
    path: `/${pathSegment(index)}/_count`,
  });
  if (res.status === 404 && res.body?.error?.type === "index_not_found_exception")
    return { exists: false, records: null };
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return { exists: true, records: res.body.count ?? 0 };
}

/**
 * One `_bulk` request of `records`, encoded as `body`; a whole-request push-back (429) sends every
 * record of it again.
 */
async function writeBatch(
  transport: EsTransport,
  index: string,
  body: Buffer,
  records: readonly LoadRecord[],
  signal: AbortSignal | undefined,
): Promise<LoadOutcome> {
  if (records.length === 0) return { written: 0, retry: [], failed: [] };
  const res = await transport.request<unknown>({
    method: "POST",
    path: `/${pathSegment(index)}/_bulk`,
    // Only what tells each document's fate: the whole answer is several times the size.
    query: { filter_path: BULK_ANSWER },
    body,
    contentType: "application/x-ndjson",
    timeoutMs: BULK_TIMEOUT_MS,
    // A 2xx answer comes as bytes: when every item was written, it is counted, not parsed.
    raw: true,
    ...(signal ? { signal } : {}),
  });
  if (Array.isArray(res.body)) {
    const bytes = Buffer.concat(res.body as Buffer[]);
    const written = allWritten(bytes, records.length);
    if (written !== undefined) return { written, retry: [], failed: [] };
    const text = bytes.toString("utf8");
    let answer: unknown = text;
    try {
      answer = parseJsonExact(text);
    } catch {
      // Not JSON: bulkOutcome says it lists no items.
    }
    return bulkOutcome(answer, records);
  }
  if (res.status === 429) return { written: 0, retry: [...records], failed: [] };
  if (res.status === 413) {
    throw new QuarryError(
      "invalid_input",
      `A batch of ${records.length} documents is larger than the cluster accepts in one request (413)`,
      "Send smaller batches: lower --batch-size.",
    );
  }
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return bulkOutcome(res.body, records);
}

export function openLoad(
  transport: EsTransport,
  index: string,
  mode: LoadMode,
): Required<TableLoad> {
  // Bodies encoded ahead of their write, by batch; each is dropped once sent (or with its batch).
  const prepared = new WeakMap<readonly LoadRecord[], Buffer>();
  return {
    prepare: (records) => void prepared.set(records, bulkBytes(records, mode)),
    write: (records, signal) => {
      const body = prepared.get(records) ?? bulkBytes(records, mode);
      prepared.delete(records);
      return writeBatch(transport, index, body, records, signal);
    },
    async finish() {
      await transport.json({ method: "POST", path: `/${pathSegment(index)}/_refresh` });
      const { count } = await transport.json<{ count: number }>({
        method: "GET",
        path: `/${pathSegment(index)}/_count`,
      });
      return { records: count };
    },
  };
}

/** The kinds of the index's fields by dotted name (CSV import), or null when it does not exist. */
export async function readFieldKinds(
  transport: EsTransport,
  index: string,
): Promise<Record<string, CellKind> | null> {
  const res = await transport.request<{ error?: { type?: string } }>({
    method: "GET",
    path: `/${pathSegment(index)}/_mapping`,
  });
  if (res.status === 404 && res.body?.error?.type === "index_not_found_exception") return null;
  if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, transport.target);
  return kindsOfMappings(res.body);
}

/** A new index's definition from the kinds of its fields, for `planCreate` to show and send. */
export function definitionForKinds(
  kinds: Record<string, CellKind>,
  major: number,
): TableDefinition {
  return {
    driver: DRIVER_TYPE,
    major,
    content: { settings: {}, mappings: mappingForKinds(kinds) },
  };
}
