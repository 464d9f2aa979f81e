/**
 * One session's held columns (column-cache.ts) bound to its transport: read through the mapping,
 * held briefly, and dropped once a request that may change a mapping has ended (`changing`).
 */
import type { Column } from "../../../core/grid.ts";
import type { EsTransport } from "../wire/transport.ts";
import { ColumnCache } from "./column-cache.ts";
import { describeTable } from "./mapping.ts";

export interface SessionColumns {
  of(table: string, fresh: boolean): Promise<Column[]>;
  forget(table: string): void;
  peek(table: string): Promise<Column[]> | undefined;
  /** Runs a request that may change a mapping: every held column is dropped after it. */
  changing<T>(request: Promise<T>): Promise<T>;
}

export function sessionColumns(transport: EsTransport): SessionColumns {
  const cache = new ColumnCache();
  return {
    of: (table, fresh) => cache.get(table, () => describeTable(transport, table), fresh),
    forget: (table) => cache.forget(table),
    peek: (table) => cache.peek(table),
    async changing(request) {
      try {
        return await request;
      } finally {
        cache.clear();
      }
    },
  };
}
