/**
 * The optional parts of a driver (docs/architecture.md, "The driver contract and its facets"): what
 * every database can do is `DriverSession`; what only some can is a facet, one of these objects in
 * the session's `facets`, absent when the driver does not offer it. Callers ask through `facet()` /
 * `offered()` (facet-access.ts), never by reading the session's `facets` themselves.
 */
import type { AggregationFacet, ClusterViews, TableViews } from "./catalog.ts";
import type { ClusterAdmin } from "./cluster-admin.ts";
import type {
  DiffRow,
  RecordCompareOptions,
  RecordScan,
  ServerProfile,
  TableProfile,
} from "./compare.ts";
import type { ConsoleRequest } from "./console.ts";
import type { CompletionAnswer, ReferenceLink } from "./console-completion.ts";
import type { ScanRequest, TableScan } from "./export.ts";
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

/** One table in full, the objects around tables, actions planned as requests, and deletion. */
export interface TableAdminFacet extends TableAdmin {
  /** The exact request a deletion will send, for the confirmation. */
  planDeleteTable(table: string): ConsoleRequest;
  /** Sends the deletion only when `confirmed` is the same request `planDeleteTable` returned. */
  deleteTable(table: string, confirmed: ConsoleRequest): Promise<void>;
}

/** The export's read side: the app writes the batches (src/app/export); the driver only reads. */
export interface ExportScanFacet {
  /** Opens a scan of the table (or of what the filters select): its snapshot, count and slices. */
  openScan(table: string, request: ScanRequest): Promise<TableScan>;
}

/**
 * Moving records in (core/transfer.ts): a copy reads the source's definition and scans it, and
 * writes into a table this session plans and creates; an import writes a file's records.
 */
export interface TransferFacet {
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
}

/** Help while typing in the console. */
export interface CompletionFacet {
  /**
   * What to offer at `offset` in console text (core/console-completion.ts), from the API of the
   * server's version and its live names. Never throws for a lookup that failed: it offers less.
   */
  completeConsole(text: string, offset: number): Promise<CompletionAnswer>;
  /** The reference page for a request's endpoint and the server's version; null if none. */
  consoleReference(request: ConsoleRequest): Promise<ReferenceLink | null>;
}

/** What a dangerous request would affect, before it is sent (core/impact.ts). */
export interface ImpactFacet {
  /**
   * Measured now with reads only: null when nothing is measured for this request. A failed
   * measurement is an `Impact` that says why (`unmeasured`), never a throw, unless
   * `options.signal` aborted.
   */
  measureImpact(request: ConsoleRequest, options?: MeasureOptions): Promise<Impact | null>;
}

/** Requests that start a task on the server, which the UI runs as a job with progress. */
export interface LongTasksFacet {
  /** Whether the request starts a long task (its progress comes through `onProgress`). */
  runsLong(request: ConsoleRequest): boolean;
}

/** How one record is read by its key: the request, and the records its answer holds. */
export interface RecordLookup {
  request: ConsoleRequest;
  /** The records found, each in the database's own words (its key, its table, its version). */
  records(answer: unknown): Record<string, unknown>[];
}

/** The requests an agent's tools send by name, in the database's own language (src/mcp). */
export interface AgentRequestsFacet {
  /** Reads one record by its key. */
  recordLookup(table: string, id: string): RecordLookup;
  /** The table's schema as the database states it. */
  schemaRequest(table: string): ConsoleRequest;
  /** Checks a query against the table without running it, and says what it becomes. */
  explainRequest(table: string, query: Record<string, unknown>): ConsoleRequest;
}

/** A piped query language beside the console's requests. */
export interface QueryLanguageFacet {
  /** The console request that runs `query`, answered with a `queryTable` (core/query-table.ts). */
  queryRequest(query: string): ConsoleRequest;
  /**
   * The export scan of every row of `query`, past the database's cap on one answer, read in pages
   * by `key` (a column every row has one value of; the driver's default when absent). Refuses,
   * before anything is sent, a query whose rows cannot be cut that way, saying why.
   */
  queryPages(query: string, key?: string): ExportScanFacet;
}

/**
 * Comparing two tables or two servers (core/compare.ts). Each side is read on its own session; the
 * differences are worded by the driver from two profiles read on any connection of this driver.
 */
export interface CompareFacet {
  /** The table's schema, settings, names and count; refuses a name that stands for several. */
  tableProfile(table: string): Promise<TableProfile>;
  diffTables(left: TableProfile, right: TableProfile): DiffRow[];
  /** The server's version, nodes, tables and the objects around them. */
  serverProfile(): Promise<ServerProfile>;
  diffServers(left: ServerProfile, right: ServerProfile): DiffRow[];
  /** Reads the table's records in pages over a snapshot (`resume`: a state a scan gave). */
  openRecordScan(
    table: string,
    options: RecordCompareOptions & { withContent: boolean; resume?: Record<string, unknown> },
  ): Promise<RecordScan>;
  /** The digests of these keys' records (absent: not there, or not selected by `filter`). */
  lookupRecords(
    table: string,
    keys: string[],
    options: { withContent: boolean; filter?: Record<string, unknown>; signal?: AbortSignal },
  ): Promise<Map<string, string>>;
  /** One record's content, or undefined when the table has no record with this key. */
  readRecord(table: string, key: string): Promise<Record<string, unknown> | undefined>;
}

/** Every facet by name, as the session's `facets` holds it. */
export interface DriverFacets {
  /** How the service runs: health, servers, partitions and their placement. */
  clusterViews: ClusterViews;
  /** The tables' sizes and a search of their fields. */
  tableViews: TableViews;
  aggregation: AggregationFacet;
  tableAdmin: TableAdminFacet;
  exportScan: ExportScanFacet;
  transfer: TransferFacet;
  completion: CompletionFacet;
  impact: ImpactFacet;
  longTasks: LongTasksFacet;
  agentRequests: AgentRequestsFacet;
  queryLanguage: QueryLanguageFacet;
  /** Backups and their repositories, templates, users and roles (core/cluster-admin.ts). */
  clusterAdmin: ClusterAdmin;
  compare: CompareFacet;
}

export type FacetName = keyof DriverFacets;

/** The facets one session offers (`DriverSession.facets`): an absent one is not offered. */
export type OfferedFacets = { readonly [K in FacetName]?: DriverFacets[K] };

/** What each facet lets a person do, as a refusal words it ("... do not offer <this>"). */
export const FACET_WORDS: Readonly<Record<FacetName, string>> = {
  clusterViews: "cluster views (health, servers, partitions)",
  tableViews: "table views (sizes, a search of fields)",
  aggregation: "aggregations",
  tableAdmin: "table administration (details, actions, deletion)",
  exportScan: "exports",
  transfer: "copies and imports",
  completion: "console completion",
  impact: "impact measurement before a dangerous request",
  longTasks: "long-running console tasks",
  agentRequests: "an agent's document, schema and explain requests",
  queryLanguage: "a piped query language",
  clusterAdmin: "cluster administration (snapshots, templates, security)",
  compare: "comparisons of tables and servers",
};
