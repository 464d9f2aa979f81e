/**
 * A live connection to one cluster: the Elasticsearch driver's `DriverSession`. Each operation
 * lives in its own module; this class only binds them to the connection's transport.
 */
import type { ChangeRefusal, ChangeSet, SaveResult } from "../../core/changes.ts";
import type {
  Classification,
  ConsoleBlock,
  ConsoleRequest,
  ConsoleResult,
  ConsoleRunOptions,
  RequestClass,
} from "../../core/console.ts";
import type { ConnectionSecrets, DriverSession, GridView, ServerInfo } from "../../core/driver.ts";
import type { ExportOptions, ExportReport } from "../../core/export.ts";
import type { BrowseRequest, BrowseResult, Column, FilterOp, TableInfo } from "../../core/grid.ts";
import { browse, openGrid, viewAsRequest } from "./browse.ts";
import { saveChanges, validateChanges } from "./changes.ts";
import { classify, classifyRequest } from "./classify.ts";
import type { EsConnectionConfig } from "./config.ts";
import { consoleText, parseConsoleText, prepareRequest, runConsole, toCurl } from "./console.ts";
import { deleteIndex, planDeleteIndex } from "./delete-index.ts";
import { readValue } from "./documents.ts";
import { httpError } from "./errors.ts";
import { exportTable } from "./export.ts";
import { filterOpsForColumn } from "./filters.ts";
import { describeTable } from "./mapping.ts";
import { identifyServer, type LocalNodesInfo, type RootInfo } from "./server-info.ts";
import { listTables } from "./tables.ts";
import { EsTransport } from "./transport.ts";

export class EsSession implements DriverSession {
  readonly transport: EsTransport;
  readonly #config: EsConnectionConfig;
  readonly #secrets: ConnectionSecrets;
  #info: ServerInfo | undefined;
  readonly #grids = new Set<GridView>();

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets) {
    this.#config = config;
    this.#secrets = secrets;
    this.transport = new EsTransport(config, secrets);
  }

  /**
   * Reaches the cluster, authenticates and identifies it. `GET /` is tried first; where it is
   * not served (405/404/400, e.g. the 8.x integ-test distribution) `GET /_nodes/_local` stands in.
   */
  async testConnection(): Promise<ServerInfo> {
    const root = await this.transport.request<RootInfo>({ method: "GET", path: "/" });
    if (root.status >= 200 && root.status < 300) {
      this.#info = identifyServer({ root: root.body }, header(root.headers["x-elastic-product"]));
      return this.#info;
    }
    const target = this.transport.target;
    if (![400, 404, 405].includes(root.status)) throw httpError(root.status, root.body, target);
    const nodes = await this.transport.request<LocalNodesInfo>({
      method: "GET",
      path: "/_nodes/_local",
      query: { filter_path: "cluster_name,nodes.*.version" },
    });
    if (nodes.status < 200 || nodes.status > 299) throw httpError(nodes.status, nodes.body, target);
    this.#info = identifyServer({ nodes: nodes.body }, header(nodes.headers["x-elastic-product"]));
    return this.#info;
  }

  /** The server identified by the last connection test, testing first if needed. */
  async serverInfo(): Promise<ServerInfo> {
    return this.#info ?? this.testConnection();
  }

  listTables(): Promise<TableInfo[]> {
    return listTables(this.transport);
  }

  describeTable(table: string): Promise<Column[]> {
    return describeTable(this.transport, table);
  }

  browse(table: string, request: BrowseRequest): Promise<BrowseResult> {
    return browse(this.transport, table, request);
  }

  /** The session tracks open grids so that closing it frees their points in time too. */
  openGrid(table: string): GridView {
    const grid = openGrid(this.transport, table);
    const view: GridView = {
      browse: (request) => grid.browse(request),
      close: async () => {
        this.#grids.delete(view);
        await grid.close();
      },
    };
    this.#grids.add(view);
    return view;
  }

  filterOps(column: Column): FilterOp[] {
    return filterOpsForColumn(column);
  }

  async viewAsRequest(table: string, request: BrowseRequest): Promise<ConsoleRequest> {
    return viewAsRequest(await describeTable(this.transport, table), table, request);
  }

  readValue(index: string, id: string, column: string): Promise<unknown> {
    return readValue(this.transport, index, id, column);
  }

  validateChanges(table: string, changes: ChangeSet): Promise<ChangeRefusal[]> {
    return validateChanges(this.transport, table, changes);
  }

  saveChanges(table: string, changes: ChangeSet): Promise<SaveResult> {
    return saveChanges(this.transport, table, changes);
  }

  parseConsoleText(text: string): ConsoleBlock[] {
    return parseConsoleText(text);
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
    return classify(request);
  }

  checkRequest(request: ConsoleRequest): Classification {
    prepareRequest(request);
    return classifyRequest(request);
  }

  runConsole(request: ConsoleRequest, options?: ConsoleRunOptions): Promise<ConsoleResult> {
    return runConsole(this.transport, request, options);
  }

  planDeleteTable(table: string): ConsoleRequest {
    return planDeleteIndex(table);
  }

  deleteTable(table: string, confirmed: ConsoleRequest): Promise<void> {
    return deleteIndex(this.transport, table, confirmed);
  }

  exportTable(table: string, options: ExportOptions): Promise<ExportReport> {
    return exportTable(this.transport, table, options);
  }

  /** Closes the grids still open (freeing their points in time), then the connection pool. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#grids].map((g) => g.close()));
    await this.transport.close();
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
