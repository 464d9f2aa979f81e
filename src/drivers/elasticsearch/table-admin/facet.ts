/**
 * The `tableAdmin` facet (core/facets.ts) of one session: the index page's reads and plans
 * (table-admin.ts), and a deletion sent only as confirmed (delete-index.ts).
 */
import type { TableAdminFacet } from "../../../core/facets.ts";
import type { SessionColumns } from "../table/held-columns.ts";
import type { LiveConnection } from "../wire/live.ts";
import { deleteIndex, planDeleteIndex } from "./delete-index.ts";
import { esIndexAdmin, type IndexViews } from "./table-admin.ts";

export function esTableAdmin(
  live: LiveConnection,
  columns: SessionColumns,
  views: IndexViews,
): TableAdminFacet {
  return {
    ...esIndexAdmin(live.transport, views, live.ready),
    planDeleteTable: planDeleteIndex,
    async deleteTable(table, confirmed) {
      await live.ready();
      return columns.changing(deleteIndex(live.transport, table, confirmed));
    },
  };
}
