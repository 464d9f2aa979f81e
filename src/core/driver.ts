/**
 * The contract between the app and a database driver. Each driver under src/drivers implements
 * it, as a loaded plugin. Core knows nothing of HTTP or any database's wire format.
 */

import type { ChangeRefusal, ChangeSet, SaveResult } from "./changes.ts";
import type {
  Classification,
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
  ConsoleRunOptions,
  RequestClass,
} from "./console.ts";
import type { VariableValues } from "./console-variables.ts";
import type { OfferedFacets } from "./facets.ts";
import type { BrowseRequest, BrowseResult, Column, FilterOp, TableInfo } from "./grid.ts";

export type { RecordLookup } from "./facets.ts";

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
  /** The passphrase of an encrypted client certificate key. */
  clientKeyPassphrase?: string;
  proxyPassword?: string;
  sshPassphrase?: string;
}

/**
 * One live connection: what every database driver does, in three parts (the grid, changes, the
 * console) beside its identity, and the facets it offers (core/facets.ts), reached through
 * `facet()` / `offered()` (core/facet-access.ts). Every surface (UI, CLI, MCP) calls these, so
 * each rule is implemented once, in the driver.
 */
export interface DriverSession {
  /** The driver's name as people see it (its `displayName`), for refusals: a facet not offered. */
  readonly driverName: string;
  testConnection(): Promise<ServerInfo>;
  readonly grid: SessionGrid;
  readonly changes: SessionChanges;
  readonly console: SessionConsole;
  /** The facets this connection offers; absent ones it does not. Read through `facet()`. */
  readonly facets: OfferedFacets;
  close(): Promise<void>;
}

/** Browsing: tables, their columns, pages and grids kept open. */
export interface SessionGrid {
  /**
   * With `nameContains` (lowercase), a driver may ask only for the tables whose name contains it;
   * it may also return others, so the caller still filters.
   */
  listTables(options?: { nameContains?: string }): Promise<TableInfo[]>;
  describeTable(table: string): Promise<Column[]>;
  /** One page; paging past the result window opens a point in time for this call only. */
  browse(table: string, request: BrowseRequest): Promise<BrowseResult>;
  /**
   * A grid kept open (its point in time, if any, lives until its `close()`), in one call: the
   * view, its columns, their filter operators, and the first page when `first` asks for it (read
   * as the grid's first: the columns read now, not held ones). A failure closes what it opened.
   */
  openGrid(table: string, first?: BrowseRequest): Promise<OpenedGrid>;
  /** The filter operators a column takes (none: it cannot be filtered). */
  filterOps(column: Column): FilterOp[];
  /** The search a grid view runs, as a console request ("Open in console", "Copy as curl"). */
  viewAsRequest(table: string, request: BrowseRequest): Promise<ConsoleRequest>;
  /**
   * One column's value of one record, whole (a cut cell is loaded before it is edited). A record
   * that is gone is a `document_not_found`-like QuarryError saying so.
   */
  readValue(table: string, id: string, column: string): Promise<unknown>;
}

/** Editing records by their key. */
export interface SessionChanges {
  validate(table: string, changes: ChangeSet): Promise<ChangeRefusal[]>;
  save(table: string, changes: ChangeSet): Promise<SaveResult>;
}

/** The console, its language and its one read/write classifier. */
export interface SessionConsole {
  /**
   * Console text (several requests, in the database's console language) split into requests,
   * with `variables` substituted: the requests given back are the ones that run.
   */
  parse(text: string, options?: { variables?: VariableValues }): ConsoleBlock[];
  /**
   * A pasted curl command as console text (`toCurl`'s reverse), with notes on what was left out
   * (the host, credentials): it runs on this connection. Refuses what the console cannot carry.
   */
  fromCurl(command: string): { text: string; notes: string[] };
  /** A request as console text, as `parse` reads it back. */
  format(request: ConsoleRequest): string;
  /** The request as a curl command; credentials left out unless `reveal` is set. */
  toCurl(request: ConsoleRequest, options?: { reveal?: boolean }): string;
  classify(request: ConsoleRequest): RequestClass;
  /**
   * Checks a request as `run` would, without sending it (a refusal is the QuarryError `run`
   * would throw), and gives its class with the reason ("deletes index logs"): so a batch is
   * refused before its first request goes out, and a confirmation says what it confirms.
   */
  check(request: ConsoleRequest): Classification;
  /** Long tasks (the `longTasks` facet) report progress through `options.onProgress`. */
  run(request: ConsoleRequest, options?: ConsoleRunOptions): Promise<ConsoleResult>;
}

/** A grid just opened: the view, its columns and their filter operators, its first page if asked. */
export interface OpenedGrid {
  view: GridView;
  columns: Column[];
  /** The operators of each column that can be filtered, in the columns' order. */
  filterOps: Array<{ column: string; ops: FilterOp[] }>;
  first?: BrowseResult;
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
