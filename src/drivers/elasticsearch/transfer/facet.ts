/**
 * The transfer facet (core/facets.ts) of one session: copy and import on the cluster's side, bound
 * to the session's transport, its identification and its held columns.
 */
import type { TransferFacet } from "../../../core/facets.ts";
import type { EsTransport } from "../wire/transport.ts";
import { ImportLineDecoder } from "./import-lines.ts";
import {
  definitionForKinds,
  openLoad,
  planCreate,
  readDefinition,
  readFieldKinds,
  tableState,
} from "./indices.ts";

/** What the facet needs of its session. */
export interface TransferBinding {
  transport: EsTransport;
  /** Resolves once the server is identified (nothing is sent to a fork). */
  ready(): Promise<void>;
  /** The identified server's major version. */
  major(): Promise<number>;
  /** Runs a request that may change a mapping: the session's held columns are dropped after it. */
  changing<T>(request: Promise<T>): Promise<T>;
}

export function esTransfer(session: TransferBinding): TransferFacet {
  const { transport } = session;
  return {
    async readDefinition(table) {
      await session.ready();
      return readDefinition(transport, table, await session.major());
    },
    async planCreateTable(table, definition) {
      await session.ready();
      return planCreate(definition, table, await session.major());
    },
    async tableState(table) {
      await session.ready();
      return tableState(transport, table);
    },
    // Writes may add fields to the mapping: held columns are dropped after each batch.
    openLoad(table, options) {
      const load = openLoad(transport, table, options.mode);
      return {
        prepare: load.prepare,
        write: async (records, signal) => {
          await session.ready();
          return session.changing(load.write(records, signal));
        },
        finish: () => load.finish(),
      };
    },
    lineDecoder: () => new ImportLineDecoder(),
    async fieldKinds(table) {
      await session.ready();
      return readFieldKinds(transport, table);
    },
    defineFields: async (kinds) => definitionForKinds(kinds, await session.major()),
  };
}
