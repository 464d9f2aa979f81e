/**
 * Readiness for an ES|QL query: a version without ES|QL is told before anything is sent; a build
 * without it, by its answer.
 */
import type { LiveConnection } from "../wire/live.ts";
import { refuseOldEsql } from "./availability.ts";

export async function esqlReady(live: LiveConnection, query: string | undefined): Promise<void> {
  await live.ready();
  refuseOldEsql(live.known()?.version, query);
}
