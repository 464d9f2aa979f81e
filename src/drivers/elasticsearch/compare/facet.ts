/**
 * The compare facet (core/facets.ts) of one session: each side's profile and records read on its
 * own session, the differences worded from two profiles (table-diff.ts, server-diff.ts).
 */
import type { CompareFacet } from "../../../core/facets.ts";
import type { LiveConnection } from "../wire/live.ts";
import { readClusterProfile, readIndexProfile } from "./profiles.ts";
import { lookupRecords, openRecordScan, readRecord } from "./records.ts";
import { diffClusterProfiles } from "./server-diff.ts";
import { diffIndexProfiles } from "./table-diff.ts";

export function esCompare(live: LiveConnection): CompareFacet {
  const { transport } = live;
  const session = { ready: live.ready, version: async () => (await live.server()).version };
  return {
    async tableProfile(table) {
      await session.ready();
      return readIndexProfile(transport, table);
    },
    diffTables: diffIndexProfiles,
    async serverProfile() {
      await session.ready();
      return readClusterProfile(transport, await session.version());
    },
    diffServers: diffClusterProfiles,
    async openRecordScan(table, options) {
      await session.ready();
      return openRecordScan(transport, table, options);
    },
    async lookupRecords(table, keys, options) {
      await session.ready();
      return lookupRecords(transport, table, keys, options);
    },
    async readRecord(table, key) {
      await session.ready();
      return readRecord(transport, table, key);
    },
  };
}
