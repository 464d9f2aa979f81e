/**
 * The session's grid (core/driver.ts `SessionGrid`) on Elasticsearch: tables, their columns,
 * one-off pages and grids kept open, bound to the live connection and the session's held columns.
 */

import type { GridView, OpenedGrid, SessionGrid } from "../../../core/driver.ts";
import type { BrowseRequest } from "../../../core/grid.ts";
import { readValue } from "../table/documents.ts";
import { filterOpsForColumn } from "../table/filters.ts";
import type { SessionColumns } from "../table/held-columns.ts";
import { describeTable } from "../table/mapping.ts";
import type { EsBrowseResult } from "../table/row-version.ts";
import { listTables } from "../table/tables.ts";
import type { LiveConnection } from "../wire/live.ts";
import { browse, openGrid, viewAsRequest } from "./browse.ts";
import { TableSizes } from "./page-count.ts";

/** The grid with its pages as Elasticsearch reads them (each row's version beside it). */
export interface EsSessionGrid extends SessionGrid {
  browse(table: string, request: BrowseRequest): Promise<EsBrowseResult>;
}

export function esGrid(live: LiveConnection, columns: SessionColumns): EsSessionGrid {
  const { transport, ready } = live;
  /** The tables' last counts: a big table's rows are counted beside its page. */
  const sizes = new TableSizes();
  const describe = async (table: string) => {
    await ready();
    return describeTable(transport, table);
  };
  return {
    async listTables(options = {}) {
      await ready();
      return listTables(transport, options.nameContains);
    },
    describeTable: describe,
    async browse(table, request) {
      await ready();
      return browse(transport, table, request, { columns, sizes });
    },
    /**
     * The first page is read as the grid's first (`refresh`), and its columns are the grid's. Who
     * opens a grid closes it (the app's owner of live state, before it closes the session).
     */
    async openGrid(table, first): Promise<OpenedGrid> {
      const grid = openGrid(transport, table, { columns, sizes });
      const view: GridView = {
        browse: async (request) => {
          await ready();
          return grid.browse(request);
        },
        close: () => grid.close(),
      };
      try {
        const page = first ? await view.browse({ ...first, refresh: true }) : undefined;
        const read = page ? page.columns : await describe(table);
        const filterOps = read
          .map((c) => ({ column: c.name, ops: filterOpsForColumn(c) }))
          .filter((c) => c.ops.length > 0);
        return { view, columns: read, filterOps, ...(page ? { first: page } : {}) };
      } catch (e) {
        await view.close().catch(() => undefined);
        throw e;
      }
    },
    filterOps: filterOpsForColumn,
    async viewAsRequest(table, request) {
      await ready();
      return viewAsRequest(await describeTable(transport, table), table, request);
    },
    async readValue(table, id, column) {
      await ready();
      return readValue(transport, table, id, column);
    },
  };
}
