/**
 * A JSON file's tables as the grid sees them: rows are objects, keyed by their position (`_id`),
 * with a version that is a hash of the row (a save refuses a row changed since it was read).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { ChangeSet, RowResult, SaveResult } from "../../../../src/core/changes.ts";
import { QuarryError } from "../../../../src/core/errors.ts";
import type {
  BrowseRequest,
  BrowseResult,
  CellValue,
  Column,
  FilterOp,
  FilterRow,
  Row,
} from "../../../../src/core/grid.ts";
import type { JsonFileConfig } from "./settings.ts";

export type Tables = Record<string, Record<string, unknown>[]>;

export async function readTables(config: JsonFileConfig): Promise<Tables> {
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
  if (config.layout === "rows") return { [config.tableName ?? "rows"]: data as Tables[string] };
  return data as Tables;
}

export async function writeTables(config: JsonFileConfig, tables: Tables): Promise<void> {
  const data = config.layout === "rows" ? (Object.values(tables)[0] ?? []) : tables;
  await writeFile(config.file, `${JSON.stringify(data, null, 2)}\n`);
}

export function rowsOf(tables: Tables, table: string): Record<string, unknown>[] {
  const rows = tables[table];
  if (!Array.isArray(rows))
    throw new QuarryError(
      "table_not_found",
      `No table "${table}" in the file`,
      "Pick one of the file's tables.",
    );
  return rows;
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

export function columnsOf(rows: Record<string, unknown>[]): Column[] {
  const meta: Column = {
    name: "_id",
    type: "position",
    kind: "meta",
    sortField: null,
    sortNote: "rows are in the file's order",
    filterable: false,
    editable: false,
    primaryKey: true,
  };
  const types = new Map<string, string>();
  for (const row of rows)
    for (const [name, value] of Object.entries(row))
      if (!types.has(name) || types.get(name) === "null") types.set(name, typeOf(value));
  return [
    meta,
    ...[...types].map(([name, type]) => ({
      name,
      type,
      kind: "field" as const,
      sortField: type === "object" || type === "array" ? null : name,
      filterable: type !== "object" && type !== "array",
      editable: true,
    })),
  ];
}

export function filterOpsOf(column: Column): FilterOp[] {
  return column.filterable ? ["eq", "neq", "exists", "missing"] : [];
}

const versionOf = (row: unknown) => createHash("sha256").update(JSON.stringify(row)).digest("hex");

function cell(value: unknown): CellValue {
  if (value === undefined) return null;
  return typeof value === "object" && value !== null ? JSON.stringify(value) : (value as CellValue);
}

export function rowOf(table: string, position: number, doc: Record<string, unknown>): Row {
  const cells: Record<string, CellValue> = { _id: String(position), _index: table, _score: null };
  const json: string[] = [];
  for (const [name, value] of Object.entries(doc)) {
    cells[name] = cell(value);
    if (typeof value === "object" && value !== null) json.push(name);
  }
  return {
    _id: String(position),
    _index: table,
    _score: null,
    version: versionOf(doc),
    cells,
    json,
    cut: [],
  };
}

function matches(doc: Record<string, unknown>, f: FilterRow): boolean {
  const has = Object.hasOwn(doc, f.column) && doc[f.column] !== null;
  if (f.op === "exists") return has;
  if (f.op === "missing") return !has;
  // Values typed on the command line come as text: compared as the file's JSON writes them.
  const equal = has && String(doc[f.column]) === String(f.value);
  if (f.op === "eq") return equal;
  if (f.op === "neq") return !equal;
  throw new QuarryError(
    "invalid_input",
    `A JSON file's column is filtered with =, ≠, exists or is missing, not ${f.op}`,
    "Pick one of those operators.",
  );
}

export async function browseRows(
  config: JsonFileConfig,
  table: string,
  request: BrowseRequest,
): Promise<BrowseResult> {
  const rows = rowsOf(await readTables(config), table);
  let found = rows
    .map((doc, i) => ({ doc, i }))
    .filter(({ doc }) => (request.filters ?? []).every((f) => matches(doc, f)));
  for (const s of [...(request.sort ?? [])].reverse()) {
    const sign = s.direction === "desc" ? -1 : 1;
    found = [...found].sort((a, b) => {
      const x = a.doc[s.column] as string | number;
      const y = b.doc[s.column] as string | number;
      return x === y ? 0 : x > y ? sign : -sign;
    });
  }
  const pageSize = request.pageSize ?? 100;
  const page = request.page ?? 1;
  const from = request.offset ?? (page - 1) * pageSize;
  return {
    table,
    columns: columnsOf(rows),
    rows: found.slice(from, from + pageSize).map(({ doc, i }) => rowOf(table, i, doc)),
    total: found.length,
    page,
    pageSize,
    droppedSort: [],
    paging: "from-size",
  };
}

/** Saves edits into the file; a row changed since it was read (its version) is left as it is. */
export async function saveRows(
  config: JsonFileConfig,
  table: string,
  changes: ChangeSet,
): Promise<SaveResult> {
  const tables = await readTables(config);
  const rows = rowsOf(tables, table);
  const results: RowResult[] = [];
  const remaining: ChangeSet = { updates: [], inserts: [], deletes: [] };
  for (const u of changes.updates) {
    const doc = rows[Number(u._id)];
    const ok = doc !== undefined && (u.version === undefined || u.version === versionOf(doc));
    if (ok) Object.assign(doc, u.set);
    else remaining.updates.push(u);
    results.push(
      ok
        ? { change: "update", row: u._id, ok, version: versionOf(doc) }
        : { change: "update", row: u._id, ok, conflict: true },
    );
  }
  changes.inserts.forEach((insert, n) => {
    rows.push({ ...insert.values });
    results.push({
      change: "insert",
      row: `new row ${n + 1}`,
      ok: true,
      _id: String(rows.length - 1),
    });
  });
  const gone = changes.deletes.map((d) => Number(d._id)).sort((a, b) => b - a);
  for (const position of gone) rows.splice(position, 1);
  for (const d of changes.deletes) results.push({ change: "delete", row: d._id, ok: true });
  await writeTables(config, tables);
  return { results, remaining };
}
