/** What the `quarry tokens` subcommands share: a token as shown (never its salt or hash) and the connections' names. */

import { installedDriver } from "../../../app/connections/driver-registry.ts";
import { ConnectionStore } from "../../../app/storage/connection-store.ts";
import { type StoredToken, tokenStatus } from "../../../mcp/policy/tokens.ts";

/** A token as shown: never its salt or hash. */
export function shown(t: StoredToken, connectionNames: Map<string, string>, now = Date.now()) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scope: t.scope,
    connections:
      t.connections === null ? null : t.connections.map((id) => connectionNames.get(id) ?? id),
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    revokedAt: t.revokedAt,
    lastUsedAt: t.lastUsedAt ?? null,
    status: tokenStatus(t, now),
  };
}

export async function connectionNames(dir: string): Promise<Map<string, string>> {
  const all = await new ConnectionStore(dir, { driverFor: installedDriver }).list().catch(() => []);
  return new Map(all.map((c) => [c.id, c.name]));
}
