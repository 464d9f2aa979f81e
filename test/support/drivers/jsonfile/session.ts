/**
 * A session over a JSON file: it reads the file on each call. It does what every driver does
 * (rows.ts, console.ts) and offers two facets; the rest it leaves out rather than stubs.
 */
import { basename } from "node:path";
import type { FieldMatch, TableStats, TableViews } from "../../../../src/core/catalog.ts";
import type {
  DriverSession,
  GridView,
  OpenedGrid,
  ServerInfo,
} from "../../../../src/core/driver.ts";
import { QuarryError } from "../../../../src/core/errors.ts";
import type { TableInfo } from "../../../../src/core/grid.ts";
import { type Impact, unmeasuredImpact } from "../../../../src/core/impact.ts";
import {
  checkRequest,
  formatRequest,
  fromCurl,
  parseConsoleText,
  runConsole,
  toShell,
  viewAsRequest,
} from "./console.ts";
import { browseRows, columnsOf, filterOpsOf, readTables, rowsOf, saveRows } from "./rows.ts";
import { DISPLAY_NAME, type JsonFileConfig } from "./settings.ts";

const tablesOf = readTables;

/**
 * `DELETE /<table>` (a name, a `*` pattern or a comma list) would remove these tables: each with
 * its row count. Anything else it does not measure.
 */
async function measureDelete(
  config: JsonFileConfig,
  request: { method: string; path: string },
): Promise<Impact | null> {
  const m = /^\/([^/?]+)$/.exec(request.path);
  if (String(request.method).toUpperCase() !== "DELETE" || !m) return null;
  const named = decodeURIComponent(m[1]!).split(",");
  let tables: Record<string, unknown[]>;
  try {
    tables = await tablesOf(config);
  } catch (e) {
    return unmeasuredImpact(
      named,
      named.some((n) => n.includes("*")),
      (e as Error).message,
    );
  }
  const matches = (name: string, pattern: string) =>
    new RegExp(
      `^${pattern
        .split("*")
        .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
        .join(".*")}$`,
    ).test(name);
  const resolved = Object.keys(tables)
    .filter((t) => named.some((n) => matches(t, n)))
    .sort();
  const targets = resolved.map((name) => ({
    name,
    records: Array.isArray(tables[name]) ? tables[name].length : null,
    bytes: null,
  }));
  const rows = targets.reduce((a, t) => a + (t.records ?? 0), 0);
  return {
    named,
    resolved,
    widens: resolved.some((t) => !named.includes(t)),
    targets,
    summary: `removes ${resolved.length} table${resolved.length === 1 ? "" : "s"} (${resolved.join(", ")}): ${rows} row${rows === 1 ? "" : "s"}`,
  };
}

/**
 * What this test driver offers: the core every driver has, and of the facets only table views
 * (its tables' sizes and fields) and impact (what a DELETE would remove). No cluster views,
 * aggregation, table administration, export, transfer, completion or long tasks: surfaces say so
 * (core/facet-access.ts), and nothing it offers refuses to work.
 */
export function openSession(config: JsonFileConfig): DriverSession {
  const grids = new Set<GridView>();
  return {
    driverName: DISPLAY_NAME,
    async testConnection(): Promise<ServerInfo> {
      await tablesOf(config);
      return { product: "JSON File", version: "1.0", major: 1, clusterName: basename(config.file) };
    },
    grid: {
      async listTables(): Promise<TableInfo[]> {
        return Object.entries(await tablesOf(config)).map(([name, rows]) => ({
          name,
          docCount: Array.isArray(rows) ? rows.length : null,
          sizeBytes: null,
          health: null,
          status: "open",
        }));
      },
      describeTable: async (table) => columnsOf(rowsOf(await readTables(config), table)),
      browse: (table, request) => browseRows(config, table, request),
      async openGrid(table, first): Promise<OpenedGrid> {
        // A file has no point in time: a grid reads the file on each page.
        const view: GridView = {
          browse: (request) => browseRows(config, table, request),
          close: async () => {
            grids.delete(view);
          },
        };
        grids.add(view);
        const page = first ? await browseRows(config, table, first) : undefined;
        const columns = page?.columns ?? columnsOf(rowsOf(await readTables(config), table));
        const filterOps = columns
          .map((c) => ({ column: c.name, ops: filterOpsOf(c) }))
          .filter((c) => c.ops.length > 0);
        return { view, columns, filterOps, ...(page ? { first: page } : {}) };
      },
      filterOps: filterOpsOf,
      viewAsRequest: async (table, request) => viewAsRequest(table, request),
      async readValue(table, id, column) {
        const doc = rowsOf(await readTables(config), table)[Number(id)];
        if (!doc)
          throw new QuarryError(
            "document_not_found",
            `No row ${id} in ${table}`,
            "Reload the table.",
          );
        return doc[column] ?? null;
      },
    },
    changes: {
      validate: async (_table, changes) =>
        changes.updates
          .filter((u) => Object.hasOwn(u.set, "_id"))
          .map((u) => ({
            change: "update" as const,
            row: u._id,
            column: "_id",
            message: "A row's position cannot be edited",
            remedy: "Undo the change to _id.",
          })),
      save: (table, changes) => saveRows(config, table, changes),
    },
    console: {
      parse: (text) => parseConsoleText(text),
      format: formatRequest,
      toCurl: (request) => toShell(config, request),
      fromCurl,
      classify: (request) => checkRequest(request).class,
      check: checkRequest,
      run: (request) => runConsole(config, request),
    },
    facets: {
      impact: { measureImpact: (request) => measureDelete(config, request) },
      tableViews: tableViewsOf(config),
    },
    async close() {
      await Promise.all([...grids].map((g) => g.close()));
    },
  };
}

/** Its tables' sizes and the fields their rows hold. */
function tableViewsOf(config: JsonFileConfig): TableViews {
  return {
    async tableStats(table): Promise<TableStats[]> {
      return Object.entries(await tablesOf(config))
        .filter(([name]) => !table || name === table)
        .map(([name, rows]) => ({
          name,
          docs: Array.isArray(rows) ? rows.length : null,
          deletedDocs: 0,
          sizeBytes: Buffer.byteLength(JSON.stringify(rows)),
          primarySizeBytes: null,
          segments: null,
          primaries: null,
          replicas: null,
        }));
    },
    async findFields(query): Promise<FieldMatch[]> {
      const found = new Map<string, FieldMatch>();
      for (const [table, rows] of Object.entries(await tablesOf(config))) {
        if (query.tables && query.tables !== table) continue;
        for (const row of Array.isArray(rows) ? rows : [])
          for (const [name, value] of Object.entries(row as Record<string, unknown>)) {
            const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
            if (query.name && !name.toLowerCase().includes(query.name.toLowerCase())) continue;
            if (query.types?.length && !query.types.includes(type)) continue;
            const key = `${name}\u0000${type}`;
            const match = found.get(key) ?? {
              name,
              type,
              tables: [],
              searchable: null,
              aggregatable: null,
            };
            if (!match.tables.includes(table)) match.tables.push(table);
            found.set(key, match);
          }
      }
      return [...found.values()];
    },
  };
}
