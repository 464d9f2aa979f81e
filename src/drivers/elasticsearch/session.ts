/**
 * A live connection to one cluster: the Elasticsearch driver's `DriverSession`. Each operation
 * lives in its own module; this class only binds them to the connection's transport.
 */

import type { CatalogViews } from "../../core/catalog.ts";
import type { ChangeRefusal, ChangeSet } from "../../core/changes.ts";
import type { ClusterAdmin } from "../../core/cluster-admin.ts";
import type {
  Classification,
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
  ConsoleRunOptions,
  RequestClass,
} from "../../core/console.ts";
import { consoleText } from "../../core/console.ts";
import type { CompletionAnswer, ReferenceLink } from "../../core/console-completion.ts";
import type { VariableValues } from "../../core/console-variables.ts";
import type {
  ConnectionSecrets,
  DriverSession,
  GridView,
  OpenedGrid,
  ServerInfo,
} from "../../core/driver.ts";
import { isQuarryError } from "../../core/errors.ts";
import type { ScanRequest, TableScan } from "../../core/export.ts";
import type {
  AgentRequestsFacet,
  CompareFacet,
  CompletionFacet,
  ExportScanFacet,
  ImpactFacet,
  LongTasksFacet,
  QueryLanguageFacet,
  RecordLookup,
  TableAdminFacet,
  TransferFacet,
} from "../../core/facets.ts";
import type { BrowseRequest, Column, FilterOp, TableInfo } from "../../core/grid.ts";
import type { Impact, MeasureOptions } from "../../core/impact.ts";
import { esClusterAdmin } from "./admin/cluster-admin.ts";
import { esCatalog } from "./catalog/views.ts";
import { validateChanges } from "./changes/plan.ts";
import { saveChanges } from "./changes/save.ts";
import { esCompare } from "./compare/facet.ts";
import {
  documentLookup,
  mappingRequest,
  startsLongTask,
  validateQueryRequest,
} from "./console/agent-requests.ts";
import { classifiedOnce, classifyAndKeep, classifyRequest } from "./console/classify.ts";
import { ConsoleCompletion } from "./console/completion/live.ts";
import { toCurl } from "./console/curl.ts";
import { type CurlImport, fromCurl } from "./console/curl-import.ts";
import { measureImpact } from "./console/impact-measure.ts";
import { parseConsoleText } from "./console/parse.ts";
import { prepareRequest } from "./console/request.ts";
import { runConsole } from "./console/run.ts";
import { isEsqlPath, queryOf, refuseOldEsql } from "./esql/availability.ts";
import { esQueryLanguage } from "./esql/facet.ts";
import { openScan } from "./export/scan.ts";
import { browse, openGrid, viewAsRequest } from "./grid/browse.ts";
import { TableSizes } from "./grid/page-count.ts";
import { ColumnCache } from "./table/column-cache.ts";
import { readValue } from "./table/documents.ts";
import { filterOpsForColumn } from "./table/filters.ts";
import { describeTable } from "./table/mapping.ts";
import type { EsBrowseResult, EsSaveResult } from "./table/row-version.ts";
import { listTables } from "./table/tables.ts";
import { deleteIndex, planDeleteIndex } from "./table-admin/delete-index.ts";
import { esIndexAdmin } from "./table-admin/table-admin.ts";
import { esTransfer } from "./transfer/facet.ts";
import type { EsConnectionConfig } from "./wire/config.ts";
import type { DriverShared } from "./wire/driver-shared.ts";
import { identifyCluster } from "./wire/identify.ts";
import { EsTransport } from "./wire/transport.ts";

/**
 * Every operation that talks to the cluster waits for the server to be identified first, so a fork
 * or an unsupported version is refused after `GET /` and is sent nothing else.
 */
export class EsSession implements DriverSession {
  readonly driverName = "Elasticsearch";
  readonly transport: EsTransport;
  readonly #config: EsConnectionConfig;
  readonly #secrets: ConnectionSecrets;
  #info: ServerInfo | undefined;
  #identified: Promise<void> | undefined;
  /** The driver's memory of servers identified lately (none for a session made on its own). */
  readonly #known: DriverShared["identified"];
  /** Columns of search targets, held briefly for console grids and one-off pages. */
  readonly #columns = new ColumnCache();
  readonly #heldColumns = {
    of: (table: string, fresh: boolean) =>
      this.#columns.get(table, () => describeTable(this.transport, table), fresh),
    forget: (table: string) => this.#columns.forget(table),
    peek: (table: string) => this.#columns.peek(table),
  };
  /** The tables' last counts: a big table's rows are counted beside its page. */
  readonly #tableSizes = new TableSizes();
  readonly #completion: ConsoleCompletion;

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets, shared?: DriverShared) {
    this.#config = config;
    this.#secrets = secrets;
    this.#known = shared?.identified;
    this.transport = new EsTransport(config, secrets, shared?.tunnels);
    this.#completion = new ConsoleCompletion(this.transport, (t) =>
      describeTable(this.transport, t),
    );
  }

  /**
   * Reaches the cluster, authenticates and identifies it. `GET /` is tried first; where it is
   * not served (405/404/400, e.g. the 8.x integ-test distribution) `GET /_nodes/_local` stands in.
   */
  async testConnection(): Promise<ServerInfo> {
    this.#info = await identifyCluster(this.transport);
    return this.#info;
  }

  /** The server identified by the last connection test, testing first if needed. */
  async serverInfo(): Promise<ServerInfo> {
    return this.#info ?? this.testConnection();
  }

  /**
   * Identifies the server once per session. A refusal (fork, other major) is kept, so nothing more
   * is sent; a failure to reach the server is not, so the next operation tries again. A user who
   * may not read `GET /` or the node info (403) can still work with the indices they may read.
   */
  #ready(): Promise<void> {
    if (this.#info) return Promise.resolve();
    const known = this.#known?.get(this.#config);
    if (known) {
      this.#info = known;
      return Promise.resolve();
    }
    this.#identified ??= this.testConnection().then(
      (info) => {
        this.#known?.set(this.#config, info);
      },
      (e: unknown) => {
        if (isQuarryError(e) && e.code === "permission_denied") return;
        if (!(isQuarryError(e) && e.code === "unsupported_cluster")) this.#identified = undefined;
        throw e;
      },
    );
    return this.#identified;
  }

  async listTables(options: { nameContains?: string } = {}): Promise<TableInfo[]> {
    await this.#ready();
    return listTables(this.transport, options.nameContains);
  }

  async describeTable(table: string): Promise<Column[]> {
    await this.#ready();
    return describeTable(this.transport, table);
  }

  async browse(table: string, request: BrowseRequest): Promise<EsBrowseResult> {
    await this.#ready();
    return browse(this.transport, table, request, {
      columns: this.#heldColumns,
      sizes: this.#tableSizes,
    });
  }

  /**
   * The first page is read as the grid's first (`refresh`), and its columns are the grid's. Who
   * opens a grid closes it (the app's owner of live state, before it closes the session).
   */
  async openGrid(table: string, first?: BrowseRequest): Promise<OpenedGrid> {
    const grid = openGrid(this.transport, table, {
      columns: this.#heldColumns,
      sizes: this.#tableSizes,
    });
    const view: GridView = {
      browse: async (request) => {
        await this.#ready();
        return grid.browse(request);
      },
      close: () => grid.close(),
    };
    try {
      const page = first ? await view.browse({ ...first, refresh: true }) : undefined;
      const columns = page ? page.columns : await this.describeTable(table);
      const filterOps = columns
        .map((c) => ({ column: c.name, ops: filterOpsForColumn(c) }))
        .filter((c) => c.ops.length > 0);
      return { view, columns, filterOps, ...(page ? { first: page } : {}) };
    } catch (e) {
      await view.close().catch(() => undefined);
      throw e;
    }
  }

  filterOps(column: Column): FilterOp[] {
    return filterOpsForColumn(column);
  }

  async viewAsRequest(table: string, request: BrowseRequest): Promise<ConsoleRequest> {
    await this.#ready();
    return viewAsRequest(await describeTable(this.transport, table), table, request);
  }

  async readValue(table: string, id: string, column: string): Promise<unknown> {
    await this.#ready();
    return readValue(this.transport, table, id, column);
  }

  async validateChanges(table: string, changes: ChangeSet): Promise<ChangeRefusal[]> {
    await this.#ready();
    return validateChanges(this.transport, table, changes);
  }

  async saveChanges(table: string, changes: ChangeSet): Promise<EsSaveResult> {
    await this.#ready();
    // A saved document may bring a field the mapping gains.
    return this.#changing(saveChanges(this.transport, table, changes));
  }

  parseConsoleText(text: string, options: { variables?: VariableValues } = {}): ConsoleBlock[] {
    return parseConsoleText(text, options);
  }

  fromCurl(command: string): CurlImport {
    return fromCurl(command);
  }

  async completeConsole(text: string, offset: number): Promise<CompletionAnswer> {
    await this.#ready();
    return this.#completion.complete(await this.serverInfo(), text, offset);
  }

  async consoleReference(request: ConsoleRequest): Promise<ReferenceLink | null> {
    await this.#ready();
    return this.#completion.reference(await this.serverInfo(), request.method, request.path);
  }

  formatRequest(request: ConsoleRequest): string {
    return consoleText(request);
  }

  toCurl(request: ConsoleRequest, options: { reveal?: boolean } = {}): string {
    return toCurl(
      request,
      this.#config,
      options.reveal ? { reveal: true, secrets: this.#secrets } : {},
    );
  }

  classify(request: ConsoleRequest): RequestClass {
    // Access is decided on a fresh judgement; running the request may reuse it.
    return classifyAndKeep(request);
  }

  checkRequest(request: ConsoleRequest): Classification {
    prepareRequest(request);
    return classifyRequest(request);
  }

  async runConsole(request: ConsoleRequest, options?: ConsoleRunOptions): Promise<ConsoleResult> {
    if (isEsqlPath(request.path)) await this.#esqlReady(queryOf(request.body));
    else await this.#ready();
    const run = runConsole(this.transport, request, options, this.#heldColumns.of);
    return classifiedOnce(request) === "read" ? run : this.#changing(run);
  }

  /** Held columns are dropped once a request that may change a mapping has ended. */
  async #changing<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } finally {
      this.#columns.clear();
    }
  }

  runsLong(request: ConsoleRequest): boolean {
    return startsLongTask(request);
  }

  measureImpact(request: ConsoleRequest, options?: MeasureOptions): Promise<Impact | null> {
    return measureImpact(this.transport, request, options, () => this.#ready());
  }

  recordLookup(table: string, id: string): RecordLookup {
    return documentLookup(table, id);
  }

  /** A version without ES|QL is told before anything is sent; a build without it, by its answer. */
  async #esqlReady(query: string | undefined): Promise<void> {
    await this.#ready();
    refuseOldEsql(this.#info?.version, query);
  }

  schemaRequest(table: string): ConsoleRequest {
    return mappingRequest(table);
  }

  explainRequest(table: string, query: Record<string, unknown>): ConsoleRequest {
    return validateQueryRequest(table, query);
  }

  catalog(): CatalogViews {
    return esCatalog(this.transport, () => this.#ready(), this.#heldColumns);
  }

  tableAdmin(): TableAdminFacet {
    return {
      ...esIndexAdmin(this.transport, this.catalog(), () => this.#ready()),
      planDeleteTable: (table) => this.planDeleteTable(table),
      deleteTable: (table, confirmed) => this.deleteTable(table, confirmed),
    };
  }

  // The facets whose methods are this class's own (core/facets.ts).
  exportScan(): ExportScanFacet {
    return this;
  }

  transfer(): TransferFacet {
    return esTransfer({
      transport: this.transport,
      ready: () => this.#ready(),
      major: async () => (await this.serverInfo()).major,
      changing: (request) => this.#changing(request),
    });
  }

  compare(): CompareFacet {
    return esCompare(
      this.transport,
      () => this.#ready(),
      () => this.serverInfo(),
    );
  }

  completion(): CompletionFacet {
    return this;
  }

  impact(): ImpactFacet {
    return this;
  }

  longTasks(): LongTasksFacet {
    return this;
  }

  agentRequests(): AgentRequestsFacet {
    return this;
  }

  queryLanguage(): QueryLanguageFacet {
    return esQueryLanguage(this.transport, (query) => this.#esqlReady(query));
  }

  clusterAdmin(): ClusterAdmin {
    return esClusterAdmin(this.transport, () => this.#ready());
  }

  planDeleteTable(table: string): ConsoleRequest {
    return planDeleteIndex(table);
  }

  async deleteTable(table: string, confirmed: ConsoleRequest): Promise<void> {
    await this.#ready();
    return this.#changing(deleteIndex(this.transport, table, confirmed));
  }

  /** The keep-alive is checked before the server is identified: a bad one sends nothing. */
  openScan(table: string, request: ScanRequest): Promise<TableScan> {
    return openScan(this.transport, table, request, () => this.#ready());
  }

  /** Closes the connection pool; the grids opened on the session are closed by who opened them. */
  async close(): Promise<void> {
    await this.transport.close();
  }
}
