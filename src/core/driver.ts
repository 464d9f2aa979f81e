/**
 * The contract between the app and a database driver. Each driver under src/drivers implements
 * it, as a loaded plugin. Core knows nothing of HTTP or any database's wire format.
 */

import type { CatalogViews } from "./catalog.ts";
import type { ChangeRefusal, ChangeSet, SaveResult } from "./changes.ts";
import type { ClusterAdmin } from "./cluster-admin.ts";
import type {
  Classification,
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
  ConsoleRunOptions,
  RequestClass,
} from "./console.ts";
import type { CompletionAnswer, ReferenceLink } from "./console-completion.ts";
import type { VariableValues } from "./console-variables.ts";
import type { ScanRequest, TableScan } from "./export.ts";
import type { BrowseRequest, BrowseResult, Column, FilterOp, TableInfo } from "./grid.ts";
import type { Impact, MeasureOptions } from "./impact.ts";
import type { TableAdmin } from "./table-details.ts";
import type {
  CellKind,
  CreatePlan,
  LineDecoder,
  LoadMode,
  TableDefinition,
  TableLoad,
  TableState,
} from "./transfer.ts";

/** What a successful connection test reports. */
export interface ServerInfo {
  /** The product, as shown to people. */
  product: string;
  version: string;
  major: number;
  clusterName: string;
}

/** Secrets travel separately from the saved configuration so they never land in the connections file. */
export interface ConnectionSecrets {
  password?: string;
  apiKey?: string;
}

/**
 * One live connection. Every surface (UI, CLI, MCP) calls these and nothing else, so each rule is
 * implemented once, in the driver.
 */
export interface DriverSession {
  testConnection(): Promise<ServerInfo>;

  // Browsing (the grid).
  /**
   * With `nameContains` (lowercase), a driver may ask only for the tables whose name contains it;
   * it may also return others, so the caller still filters.
   */
  listTables(options?: { nameContains?: string }): Promise<TableInfo[]>;
  describeTable(table: string): Promise<Column[]>;
  /** One page; paging past the result window opens a point in time for this call only. */
  browse(table: string, request: BrowseRequest): Promise<BrowseResult>;
  /** A grid kept open: its point in time (if any) lives until `close()`. */
  openGrid(table: string): GridView;
  /** The filter operators a column takes (none: it cannot be filtered). */
  filterOps(column: Column): FilterOp[];
  /** The search a grid view runs, as a console request ("Open in console", "Copy as curl"). */
  viewAsRequest(table: string, request: BrowseRequest): Promise<ConsoleRequest>;
  /**
   * One column's value of one document, whole (a cut cell is loaded before it is edited). A
   * document that is gone is a `table_not_found`-like QuarryError saying so.
   */
  readValue(index: string, id: string, column: string): Promise<unknown>;

  // Editing.
  validateChanges(table: string, changes: ChangeSet): Promise<ChangeRefusal[]>;
  saveChanges(table: string, changes: ChangeSet): Promise<SaveResult>;

  // The console, its language and its one read/write classifier.
  /**
   * Console text (several requests, in the database's console language) split into requests,
   * with `variables` substituted: the requests given back are the ones that run.
   */
  parseConsoleText(text: string, options?: { variables?: VariableValues }): ConsoleBlock[];
  /**
   * A pasted curl command as console text (`toCurl`'s reverse), with notes on what was left out
   * (the host, credentials): it runs on this connection. Refuses what the console cannot carry.
   */
  fromCurl(command: string): { text: string; notes: string[] };
  /** A request as console text, as `parseConsoleText` reads it back. */
  formatRequest(request: ConsoleRequest): string;
  /** The request as a curl command; credentials left out unless `reveal` is set. */
  toCurl(request: ConsoleRequest, options?: { reveal?: boolean }): string;
  classify(request: ConsoleRequest): RequestClass;
  /**
   * Checks a request as `runConsole` would, without sending it (a refusal is the QuarryError
   * `runConsole` would throw), and gives its class with the reason ("deletes index logs"): so a
   * batch is refused before its first request goes out, and a confirmation says what it confirms.
   */
  checkRequest(request: ConsoleRequest): Classification;
  /** Long tasks report progress through `options.onProgress`. */
  runConsole(request: ConsoleRequest, options?: ConsoleRunOptions): Promise<ConsoleResult>;
  /** Whether the request starts a long task, which the UI runs as a job with progress. */
  runsLong(request: ConsoleRequest): boolean;
  /**
   * What a dangerous request would affect, measured now with reads only (core/impact.ts): null
   * when the driver measures nothing for this request. A failed measurement is an `Impact` that
   * says why (`unmeasured`), never a throw, unless `options.signal` aborted.
   */
  measureImpact(request: ConsoleRequest, options?: MeasureOptions): Promise<Impact | null>;
  /**
   * What to offer at `offset` in console text (core/console-completion.ts), from the API of the
   * server's version and its live names. Never throws for a lookup that failed: it offers less.
   */
  completeConsole(text: string, offset: number): Promise<CompletionAnswer>;
  /** The reference page for a request's endpoint and the server's version; null if none. */
  consoleReference(request: ConsoleRequest): Promise<ReferenceLink | null>;
  /**
   * The console request that runs `query` in the database's piped query language, answered with
   * a `queryTable` (core/query-table.ts); absent where the driver has no such language.
   */
  queryRequest?(query: string): ConsoleRequest;

  // The requests an agent's tools send by name, in the database's own language (src/mcp).
  /** Reads one record by its key. */
  recordLookup(table: string, id: string): RecordLookup;
  /** The table's schema as the database states it. */
  schemaRequest(table: string): ConsoleRequest;
  /** Checks a query against the table without running it, and says what it becomes. */
  explainRequest(table: string, query: Record<string, unknown>): ConsoleRequest;
  /** Read-only views an agent explores the database with (core/catalog.ts). */
  catalog(): CatalogViews;
  /** One table in full, the service's objects around tables, and actions planned as requests. */
  tableAdmin(): TableAdmin;
  /** Backups, their repositories, templates (core/cluster-admin.ts); absent where none. */
  clusterAdmin?(): ClusterAdmin;

  // Tables.
  /** The exact request a deletion will send, for the confirmation. */
  planDeleteTable(table: string): ConsoleRequest;
  /** Sends the deletion only when `confirmed` is the same request `planDeleteTable` returned. */
  deleteTable(table: string, confirmed: ConsoleRequest): Promise<void>;

  /**
   * Opens a scan of the table (or of what the filters select) for an export: its snapshot, its
   * count and its slices. The app writes the batches (src/app/export); the driver only reads.
   */
  openScan(table: string, request: ScanRequest): Promise<TableScan>;

  // Moving records in (core/transfer.ts): a copy reads the source's definition and scans it, and
  // writes into a table this session plans and creates; an import writes a file's records.
  /** The table's definition (settings and schema), for creating a copy of it elsewhere. */
  readDefinition(table: string): Promise<TableDefinition>;
  /**
   * The request that creates `table` from a definition read on any connection of this driver, or
   * with the database's defaults (`null`: its schema then comes from the records written).
   */
  planCreateTable(table: string, definition: TableDefinition | null): Promise<CreatePlan>;
  /** Whether the table exists and how many records it holds. */
  tableState(table: string): Promise<TableState>;
  /** Writes batches of records into the table. */
  openLoad(table: string, options: { mode: LoadMode }): TableLoad;
  /** Reads the lines of a file to import (NDJSON and the like) as records. */
  lineDecoder(): LineDecoder;
  /** The kinds of the table's fields by dotted name, for reading CSV cells (null: no table). */
  fieldKinds(table: string): Promise<Record<string, CellKind> | null>;
  /** The definition of a new table whose fields (dotted names) hold these kinds. */
  defineFields(kinds: Record<string, CellKind>): Promise<TableDefinition>;

  close(): Promise<void>;
}

/** How one record is read by its key: the request, and the records its answer holds. */
export interface RecordLookup {
  request: ConsoleRequest;
  /** The records found, each in the database's own words (its key, its table, its version). */
  records(answer: unknown): Record<string, unknown>[];
}

export interface GridView {
  browse(request: BrowseRequest): Promise<BrowseResult>;
  close(): Promise<void>;
}

export interface DatabaseDriver<Config = unknown> {
  /** Stable id stored in saved connections: the plugin's driver type. */
  readonly type: string;
  readonly displayName: string;
  /** Checks raw input against the driver's rules; throws a QuarryError naming the field. */
  validateConfig(input: unknown): Config;
  connect(config: Config, secrets: ConnectionSecrets): DriverSession;
}
