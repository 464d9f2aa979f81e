/**
 * A live connection to one cluster: the Elasticsearch driver's `DriverSession`. The wire room
 * opens the connection (its transport, readiness and server identity); each room builds its part
 * from that narrow context; this class only binds them and delegates.
 */

import type {
  ConnectionSecrets,
  DriverSession,
  ServerInfo,
  SessionConsole,
} from "../../core/driver.ts";
import type { DriverFacets } from "../../core/facets.ts";
import { esClusterAdmin } from "./admin/cluster-admin.ts";
import { type EsSessionChanges, esChanges } from "./changes/session-changes.ts";
import { esClusterViews } from "./cluster/views.ts";
import { esCompare } from "./compare/facet.ts";
import { esAgentRequests, esCompletion, esImpact, esLongTasks } from "./console/facets.ts";
import { esConsole } from "./console/session-console.ts";
import { esQueryLanguage } from "./esql/facet.ts";
import { esExportScan } from "./export/facet.ts";
import { type EsSessionGrid, esGrid } from "./grid/session-grid.ts";
import { sessionColumns } from "./table/held-columns.ts";
import { esTableAdmin } from "./table-admin/facet.ts";
import { esAggregation, esTableViews } from "./table-views/views.ts";
import { esTransfer } from "./transfer/facet.ts";
import type { EsConnectionConfig } from "./wire/config.ts";
import type { DriverShared } from "./wire/driver-shared.ts";
import { type OpenedConnection, openConnection } from "./wire/live.ts";
import type { EsTransport } from "./wire/transport.ts";

/**
 * Every operation that talks to the cluster waits for the server to be identified first, so a fork
 * or an unsupported version is refused after `GET /` and is sent nothing else.
 */
export class EsSession implements DriverSession {
  readonly driverName = "Elasticsearch";
  readonly #live: OpenedConnection;
  readonly grid: EsSessionGrid;
  readonly changes: EsSessionChanges;
  readonly console: SessionConsole;
  readonly facets: DriverFacets;

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets, shared?: DriverShared) {
    const live = openConnection(config, secrets, shared);
    this.#live = live;
    // Columns of search targets, held briefly for console grids and one-off pages.
    const columns = sessionColumns(live.transport);
    this.grid = esGrid(live, columns);
    this.changes = esChanges(live, columns);
    this.console = esConsole(live, columns, { config, secrets });
    const clusterViews = esClusterViews(live);
    const tableViews = esTableViews(live);
    this.facets = {
      clusterViews,
      tableViews,
      aggregation: esAggregation(live, columns),
      tableAdmin: esTableAdmin(live, columns, {
        tableStats: tableViews.tableStats,
        partitions: clusterViews.partitions,
      }),
      exportScan: esExportScan(live),
      transfer: esTransfer({
        transport: live.transport,
        ready: live.ready,
        major: async () => (await live.server()).major,
        changing: columns.changing,
      }),
      completion: esCompletion(live),
      impact: esImpact(live),
      longTasks: esLongTasks,
      agentRequests: esAgentRequests,
      queryLanguage: esQueryLanguage(live),
      clusterAdmin: esClusterAdmin(live),
      compare: esCompare(live),
    };
  }

  /** The connection's transport, for tools and tests that speak to the cluster directly. */
  get transport(): EsTransport {
    return this.#live.transport;
  }

  /**
   * Reaches the cluster, authenticates and identifies it. `GET /` is tried first; where it is
   * not served (405/404/400, e.g. the 8.x integ-test distribution) `GET /_nodes/_local` stands in.
   */
  testConnection(): Promise<ServerInfo> {
    return this.#live.identify();
  }

  /** The server identified by the last connection test, testing first if needed. */
  serverInfo(): Promise<ServerInfo> {
    return this.#live.server();
  }

  /** Closes the connection pool; the grids opened on the session are closed by who opened them. */
  async close(): Promise<void> {
    await this.#live.close();
  }
}
