/**
 * The session's changes (core/driver.ts `SessionChanges`) on Elasticsearch: checked, then saved
 * by document id. A saved document may bring a field the mapping gains: held columns are dropped.
 */
import type { ChangeSet } from "../../../core/changes.ts";
import type { SessionChanges } from "../../../core/driver.ts";
import type { SessionColumns } from "../table/held-columns.ts";
import type { EsSaveResult } from "../table/row-version.ts";
import type { LiveConnection } from "../wire/live.ts";
import { validateChanges } from "./plan.ts";
import { saveChanges } from "./save.ts";

/** Changes whose result gives each saved document's new version. */
export interface EsSessionChanges extends SessionChanges {
  save(table: string, changes: ChangeSet): Promise<EsSaveResult>;
}

export function esChanges(live: LiveConnection, columns: SessionColumns): EsSessionChanges {
  const { transport, ready } = live;
  return {
    async validate(table, changes) {
      await ready();
      return validateChanges(transport, table, changes);
    },
    async save(table, changes) {
      await ready();
      return columns.changing(saveChanges(transport, table, changes));
    },
  };
}
