/**
 * Users, roles, role mappings and API keys a suite makes on a secured node, and their removal in
 * its `after` hook. A key is made with an expiry of one hour, should its removal never run
 * (docs/testing.md, "Leftovers").
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before } from "node:test";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";
import { node, sessionTo } from "./cluster.ts";

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

/** An API key of `elastic` on es8-secure for the suite: made before it, invalidated after. */
export function suiteApiKey(name: string): () => MadeKey {
  let made: MadeKey | undefined;
  const onNode = async (work: (t: EsTransport) => Promise<void>) => {
    const s = sessionTo(node("es8-secure"));
    try {
      await work(s.transport);
    } finally {
      await s.close();
    }
  };
  before(() =>
    onNode(async (t) => {
      made = await makeApiKey(t, name);
    }),
  );
  after(() => onNode((t) => removeSecurityObjects(t, { keyIds: made ? [made.id] : [] })));
  return () => {
    assert.ok(made, "the suite's API key is made before its tests");
    return made;
  };
}

/** Asserts no file under `dir` (a data folder) holds any of `secrets`, in any encoding's bytes. */
export function assertNoSecretUnder(dir: string, secrets: string[]): void {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    for (const secret of secrets) assert.ok(!text.includes(secret), `${file} holds a secret`);
  }
}
