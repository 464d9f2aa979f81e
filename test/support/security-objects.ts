/**
 * Users, roles, role mappings and API keys a suite makes on a secured node, and their removal in
 * its `after` hook. A key is made with an expiry of one hour, should its removal never run
 * (docs/testing.md, "Leftovers").
 */
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

export interface MadeKey {
  id: string;
  name: string;
  api_key: string;
  encoded: string;
}

/** A new API key of the signed-in user, valid for an hour. */
export function makeApiKey(transport: EsTransport, name: string): Promise<MadeKey> {
  return transport.json<MadeKey>({
    method: "POST",
    path: "/_security/api_key",
    body: { name, expiration: "1h" },
  });
}

/** Deletes what a suite made; what is already gone is no failure. Keys by name or by id. */
export async function removeSecurityObjects(
  transport: EsTransport,
  made: {
    users?: string[];
    roles?: string[];
    mappings?: string[];
    keys?: string[];
    keyIds?: string[];
  },
): Promise<void> {
  const paths = [
    ...(made.mappings ?? []).map((m) => `/_security/role_mapping/${m}`),
    ...(made.users ?? []).map((u) => `/_security/user/${u}`),
    ...(made.roles ?? []).map((r) => `/_security/role/${r}`),
  ];
  for (const path of paths) await transport.request({ method: "DELETE", path });
  for (const name of made.keys ?? [])
    await transport.request({ method: "DELETE", path: "/_security/api_key", body: { name } });
  if (made.keyIds?.length)
    await transport.request({
      method: "DELETE",
      path: "/_security/api_key",
      body: { ids: made.keyIds },
    });
}
