/**
 * Fuzzing the driver's pure parsers (seeded, bounded; test/support/fuzz.ts): malformed console
 * texts, filters (the CLI's text syntax and the rows the UI, the CLI and the MCP tools send),
 * sorts and change sets. Each input either gives a well-formed value or a refusal that is a
 * QuarryError with a code, a message and a remedy; never another exception, never a hang.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseFilter } from "../../src/cli/commands/browse.ts";
import type { ChangeSet } from "../../src/core/changes.ts";
import { consoleText } from "../../src/core/console.ts";
import { isQuarryError } from "../../src/core/errors.ts";
import { parseJsonExact } from "../../src/core/exact-json.ts";
import { FILTER_OPS, type FilterRow, type SortSpec } from "../../src/core/grid.ts";
import { checkChanges, insertLabel } from "../../src/drivers/elasticsearch/changes/checks.ts";
import {
  expandDocument,
  partialDocument,
} from "../../src/drivers/elasticsearch/changes/document-paths.ts";
import { classifyRequest } from "../../src/drivers/elasticsearch/console/classify.ts";
import { toCurl } from "../../src/drivers/elasticsearch/console/curl.ts";
import { parseConsoleText } from "../../src/drivers/elasticsearch/console/parse.ts";
import { prepareRequest } from "../../src/drivers/elasticsearch/console/request.ts";
import { compileFilters } from "../../src/drivers/elasticsearch/table/filters.ts";
import { mappingToColumns } from "../../src/drivers/elasticsearch/table/mapping.ts";
import { compileSort } from "../../src/drivers/elasticsearch/table/sort.ts";
import { baseUrl, validateConfig } from "../../src/drivers/elasticsearch/wire/config.ts";
import { ORDERS_MAPPING } from "../support/datasets.ts";
import {
  fuzz,
  mutateJson,
  mutateText,
  type Prng,
  prototypeKeys,
  randomJson,
  randomString,
  safeJson,
} from "../support/fuzz.ts";

const COUNT = 3000;

/**
 * A value as the UI's API and the MCP server receive it: JSON read with `parseJsonExact`, so
 * integers beyond 2^53 arrive as exact values (objects without a prototype, which `String()` and
 * template strings cannot print).
 */
function viaJson<T>(v: T): T {
  return parseJsonExact(safeJson(v) ?? "null") as T;
}
/** A pure function has no reason to take long; this is only the "it hangs" guard. */
const DEADLINE_MS = 5_000;

const columns = mappingToColumns({
  orders: {
    mappings: {
      properties: {
        ...ORDERS_MAPPING.properties,
        loc: { type: "geo_point" },
        blob: { type: "object", enabled: false },
        big: { type: "long" },
        when: { type: "date_nanos" },
        score: { type: "scaled_float", scaling_factor: 100 },
        flat: { type: "flattened" },
      },
    } as never,
  },
});
const names = columns.map((c) => c.name);

const PROTOTYPE = prototypeKeys();

/** Nothing a parser did reached Object.prototype. */
function prototypeUntouched(): void {
  assert.deepEqual(prototypeKeys(), PROTOTYPE, "Object.prototype was changed");
}

/** Runs `fn`; a value is fine, a QuarryError is fine (with its three texts), anything else fails. */
function answers<T>(fn: () => T): { value?: T; refused?: boolean } {
  try {
    const value = fn();
    prototypeUntouched();
    return { value };
  } catch (e) {
    prototypeUntouched();
    if (!isQuarryError(e))
      throw new Error(
        `threw ${e instanceof Error ? `${e.name}: ${e.message}` : safeJson(e)} instead of a refusal`,
        { cause: e },
      );
    for (const k of ["code", "message", "remedy"] as const)
      assert.ok(typeof e[k] === "string" && e[k].length > 0, `the refusal has a ${k}`);
    return { refused: true };
  }
}

/** The value can be sent as JSON (what every caller does with it). */
function serializable(v: unknown, what: string): void {
  assert.doesNotThrow(() => JSON.stringify(v), `${what} serializes`);
}

// --- Console text --------------------------------------------------------------------------

const CONSOLE_SAMPLES = [
  "GET /_cat/indices?format=json",
  'POST /orders/_search\n{\n  "query": { "match": { "title": "chair" } },\n  "size": 5\n}',
  '# comment\nGET /orders/_doc/1\n\n// another\nPUT /orders/_doc/2\n{"status": "paid"}',
  'POST /_bulk\n{"index": {"_index": "orders", "_id": "1"}}\n{"status": "new"}\n',
  'POST /orders/_search\n{"query": {"query_string": {"query": """status:paid AND "x" """}}}',
  "DELETE /orders\nHEAD /orders\nget /orders/_mapping",
  'POST /orders/_delete_by_query?conflicts=proceed\n{"query": {"match_all": {}}}',
  'GET /_sql?format=txt\n{"query": "SELECT 1"}',
];

function consoleCase(r: Prng): string {
  return r.weighted<string>([
    [6, () => mutateText(r, r.pick(CONSOLE_SAMPLES))],
    [
      2,
      () =>
        Array.from({ length: 1 + r.int(4) }, () =>
          mutateText(r, r.pick(CONSOLE_SAMPLES), r.int(3)),
        ).join(r.pick(["\n", "\n\n", "\r\n", "\r"])),
    ],
    [
      1,
      () =>
        `${r.pick(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "get"])} ${randomString(r)}\n${safeJson(randomJson(r))}`,
    ],
    [1, () => randomString(r, 200)],
  ]);
}

test("console text: every text parses into blocks, each a request or an error naming its line", async () => {
  await fuzz({
    target: "console-text",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: consoleCase,
    describe: (text) => JSON.stringify(text),
    run: async (text) => {
      const lines = text.split(/\r?\n/).length;
      const { value: blocks } = answers(() => parseConsoleText(text));
      assert.ok(Array.isArray(blocks), "parseConsoleText never refuses: it returns blocks");
      serializable(blocks, "the blocks");
      for (const b of blocks) {
        assert.ok(Number.isInteger(b.startLine) && Number.isInteger(b.endLine));
        assert.ok(b.startLine >= 0 && b.endLine >= b.startLine && b.endLine < lines + 1);
        assert.ok((b.request === undefined) !== (b.error === undefined), "a request or an error");
        if (b.error) {
          for (const k of ["code", "message", "remedy"] as const)
            assert.ok(typeof b.error[k] === "string" && b.error[k].length > 0);
          continue;
        }
        const request = b.request!;
        const prepared = answers(() => prepareRequest(request));
        serializable(prepared.value, "the prepared request");
        answers(() => classifyRequest(request));
        answers(() => consoleText(request));
        answers(() =>
          toCurl(request, {
            host: "127.0.0.1",
            port: 9200,
            auth: "basic",
            username: "u",
            sslMode: "disabled",
            skipTlsVerify: false,
          }),
        );
      }
    },
  });
});

test("console requests of any shape: prepared or refused, classified or refused", async () => {
  await fuzz({
    target: "console-request",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) => {
      // The request is an object (the API and the MCP tools refuse anything else first); what
      // is inside may be anything.
      const request = {
        method: r.pick(["GET", "POST", "PUT", "DELETE", "HEAD"]),
        path: r.pick(["/orders/_search", "/_cat/indices", "/orders/_doc/1", "/_bulk", "/"]),
        body: r.chance(0.5) ? { query: { match_all: {} } } : "{}",
      };
      // The method and the path are strings (checked there too); the body may be any JSON.
      return {
        method: r.chance(0.7) ? request.method : mutateText(r, request.method),
        path: r.chance(0.3) ? request.path : mutateText(r, request.path),
        ...(r.chance(0.9) ? { body: viaJson(mutateJson(r, request.body)) } : {}),
      } as never;
    },
    run: async (request) => {
      const prepared = answers(() => prepareRequest(request));
      serializable(prepared.value, "the prepared request");
      answers(() => classifyRequest(request));
    },
  });
});

// --- Filters -------------------------------------------------------------------------------

const FILTER_TEXTS = [
  "status = paid",
  "total >= 100",
  "tags in gift,promo",
  "title like *chair*",
  "notes missing",
  "items.sku = KB-01 @1",
  "customer.address.city != Paris",
  "created_at < now-1d",
  "paid exists",
  "priority not in 1,2,3",
  'status = "a b"',
];

test("the CLI's filter text: parsed into a row, or refused naming the filter", async () => {
  await fuzz({
    target: "filter-text",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) => (r.chance(0.85) ? mutateText(r, r.pick(FILTER_TEXTS)) : randomString(r, 80)),
    describe: (t) => JSON.stringify(t),
    run: async (text) => {
      const { value } = answers(() => parseFilter(text));
      if (value) {
        serializable(value, "the parsed filter");
        answers(() =>
          compileFilters(columns, [
            value.attachedGroup === undefined
              ? value.row
              : { ...value.row, group: value.attachedGroup },
          ]),
        );
      }
    },
  });
});

const OPS = FILTER_OPS;

function filterRow(r: Prng): Record<string, unknown> {
  const op = r.pick(OPS);
  const row: Record<string, unknown> = {
    column: r.chance(0.85) ? r.pick(names) : randomString(r, 20),
    op,
  };
  if (op === "in" || op === "not_in") row.value = [1, "a", "2026-01-01"].slice(0, 1 + r.int(3));
  else if (op !== "exists" && op !== "missing")
    row.value = r.pick([1, "paid", "2026-01-01", true, "*chair*", "10.0.0.1", -5.5, "now-1d/d"]);
  if (r.chance(0.3)) row.group = r.pick([1, 2, 0, -1, 1.5]);
  return row;
}

test("filter rows of any shape: a query, or a refusal naming the row", async () => {
  await fuzz({
    target: "filter-rows",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) => {
      const rows = Array.from({ length: 1 + r.int(4) }, () => filterRow(r));
      return {
        filters: viaJson(r.chance(0.8) ? mutateJson(r, rows) : rows) as FilterRow[],
        rawQuery: r.chance(0.2) ? randomString(r, 60) : undefined,
      };
    },
    run: async ({ filters, rawQuery }) => {
      const { value } = answers(() => compileFilters(columns, filters, rawQuery, "orders"));
      serializable(value, "the query");
    },
  });
});

test("sorts of any shape: sort clauses, or a refusal naming the column", async () => {
  await fuzz({
    target: "sort",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) =>
      viaJson(
        mutateJson(
          r,
          Array.from({ length: 1 + r.int(3) }, () => ({
            column: r.pick(names),
            direction: r.pick(["asc", "desc"]),
          })),
        ),
      ) as SortSpec[],
    run: async (sort) => {
      const { value } = answers(() => compileSort(columns, sort, "orders"));
      serializable(value, "the sort");
    },
  });
});

// --- Change sets ---------------------------------------------------------------------------

/** A document as loaded, for partial updates. */
const SOURCE = {
  status: "new",
  customer: { name: "Ada", address: { city: "Paris" } },
  "customer.email": "ada@example.com",
  items: [{ sku: "A", qty: 1 }],
  tags: ["a"],
};

function changeSetCase(r: Prng): ChangeSet {
  const value = () =>
    r.pick<unknown>(["paid", 3, null, [{ sku: "A", qty: 1 }], { city: "Porto" }, true, "x"]);
  const set = () =>
    Object.fromEntries(
      Array.from({ length: 1 + r.int(3) }, () => [
        r.chance(0.85) ? r.pick(names) : randomString(r, 12),
        value(),
      ]),
    );
  const valid: ChangeSet = {
    updates: Array.from({ length: r.int(3) }, (_, i) => ({
      _id: `ORD-${i}`,
      _seq_no: i,
      _primary_term: 1,
      set: set(),
      ...(r.chance(0.2) ? { cut: [r.pick(names)] } : {}),
    })),
    inserts: Array.from({ length: r.int(3) }, (_, i) => ({
      ...(r.chance(0.5) ? { _id: `NEW-${i}` } : {}),
      values: set(),
    })),
    deletes: Array.from({ length: r.int(2) }, (_, i) => ({
      _id: `ORD-${i + 5}`,
      _seq_no: 0,
      _primary_term: 1,
    })),
  };
  if (!r.chance(0.8)) return valid;
  // Keep the three lists lists (the API refuses anything else first); change what is inside.
  const changed = mutateJson(r, valid);
  const mutated = (
    changed && typeof changed === "object" && !Array.isArray(changed) ? changed : { ...valid }
  ) as Record<string, unknown>;
  for (const k of ["updates", "inserts", "deletes"] as const)
    if (!Array.isArray(mutated[k])) mutated[k] = valid[k];
  return mutated as unknown as ChangeSet;
}

test("change sets of any shape: the refusals (naming row and column), or the documents to send", async () => {
  await fuzz({
    target: "change-sets",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) => viaJson(changeSetCase(r)),
    run: async (changes) => {
      const { value: refusals } = answers(() => checkChanges(columns, changes, "orders"));
      if (!refusals) return;
      assert.ok(Array.isArray(refusals));
      serializable(refusals, "the refusals");
      for (const x of refusals) {
        assert.ok(["update", "insert", "delete"].includes(x.change));
        for (const k of ["row", "message", "remedy"] as const)
          assert.ok(typeof x[k] === "string" && x[k].length > 0, `a refusal's ${k}`);
      }
      if (refusals.length) return;
      // Accepted: what would be sent is computed without surprises.
      for (const u of changes.updates) {
        try {
          serializable(partialDocument(SOURCE, u.set), "the partial document");
        } catch (e) {
          // The one refusal it has: a path through an array of objects (the caller words it).
          assert.match(String(e), /array of objects at /);
        }
      }
      changes.inserts.forEach((ins, i) => {
        answers(() => insertLabel(ins, i));
        serializable(answers(() => expandDocument(ins.values)).value, "the new document");
      });
      prototypeUntouched();
    },
  });
});

// --- Connection settings -------------------------------------------------------------------

test("connection settings of any shape: a configuration whose URL parses, or a refusal", async () => {
  await fuzz({
    target: "connection-settings",
    count: COUNT,
    deadlineMs: DEADLINE_MS,
    make: (r) =>
      viaJson(
        mutateJson(r, {
          host: r.pick([
            "127.0.0.1",
            "localhost",
            "es.example.com",
            "::1",
            "[::1]",
            "256.1.1.1",
            "1.2.3",
            "a..b",
            "-x",
          ]),
          port: r.pick([9200, "9200", 0, 65536, 2 ** 60]),
          auth: r.pick(["none", "basic", "api-key"]),
          username: "elastic",
          sslMode: r.pick(["disabled", "required", "verify-ca", "verify-identity"]),
          skipTlsVerify: false,
          caFile: r.chance(0.2) ? "/tmp/ca.pem" : undefined,
        }),
      ),
    run: async (settings) => {
      const { value } = answers(() => validateConfig(settings));
      if (value) assert.doesNotThrow(() => new URL(baseUrl(value)), "the cluster's URL parses");
    },
  });
});
