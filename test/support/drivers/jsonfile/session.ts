/**
 * A session over a JSON file: it reads the file on each call. Testing the connection and listing
 * the tables work; everything else says the test driver does not do it.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { CatalogViews, FieldMatch, TableStats } from "../../../../src/core/catalog.ts";
import type { DriverSession, ServerInfo } from "../../../../src/core/driver.ts";
import { QuarryError } from "../../../../src/core/errors.ts";
import type { TableInfo } from "../../../../src/core/grid.ts";
import { type Impact, unmeasuredImpact } from "../../../../src/core/impact.ts";
import { DISPLAY_NAME, type JsonFileConfig } from "./settings.ts";

async function tablesOf(config: JsonFileConfig): Promise<Record<string, unknown[]>> {
  let text: string;
  try {
    text = await readFile(config.file, "utf8");
  } catch (e) {
    throw new QuarryError(
      "connection_failed",
      `Connection failed: ${config.file} cannot be read (${(e as NodeJS.ErrnoException).code})`,
      "Check the Data file's path.",
    );
  }
  const data = JSON.parse(text) as unknown;
  if (config.layout === "rows") return { [config.tableName ?? "rows"]: data as unknown[] };
  return data as Record<string, unknown[]>;
}

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

function unsupported(): never {
  throw new QuarryError("invalid_input", "The JSON file driver does not do this", "Use the test.");
}

export function openSession(config: JsonFileConfig): DriverSession {
  return {
    driverName: DISPLAY_NAME,
    async testConnection(): Promise<ServerInfo> {
      await tablesOf(config);
      return { product: "JSON File", version: "1.0", major: 1, clusterName: basename(config.file) };
    },
    async listTables(): Promise<TableInfo[]> {
      return Object.entries(await tablesOf(config)).map(([name, rows]) => ({
        name,
        docCount: Array.isArray(rows) ? rows.length : null,
        sizeBytes: null,
        health: null,
        status: "open",
      }));
    },
    describeTable: unsupported,
    browse: unsupported,
    openGrid: unsupported,
    filterOps: () => [],
    viewAsRequest: unsupported,
    readValue: unsupported,
    validateChanges: unsupported,
    saveChanges: unsupported,
    parseConsoleText: unsupported,
    formatRequest: unsupported,
    toCurl: unsupported,
    fromCurl: unsupported,
    classify: unsupported,
    checkRequest: unsupported,
    runConsole: unsupported,
    impact: () => ({ measureImpact: (request) => measureDelete(config, request) }),
    catalog: () => catalogOf(config),
    async close() {},
  };
}

/** A JSON file has no servers, partitions or aggregations: it says so; its tables and fields it knows. */
function noSuchView(what: string): never {
  throw new QuarryError(
    "invalid_input",
    `This database has no ${what}: it is a JSON file`,
    "Use list_tables, index_stats or search_fields on it.",
  );
}

function catalogOf(config: JsonFileConfig): CatalogViews {
  return {
    health: async () => noSuchView("health report"),
    nodes: async () => noSuchView("servers"),
    partitions: async () => noSuchView("partitions"),
    explainPlacement: async () => noSuchView("partitions"),
    aggregate: async () => noSuchView("aggregations"),
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
