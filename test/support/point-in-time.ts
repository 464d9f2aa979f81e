/** Points in time as the cluster sees them, for tests that check Quarry closed its own. */
import assert from "node:assert/strict";
import type { EsTransport } from "../../src/drivers/elasticsearch/wire/transport.ts";

/** Whether the cluster still knows a point in time (searched directly, not through the app). */
export async function pitAlive(transport: EsTransport, id: string): Promise<boolean> {
  const res = await transport.request({
    method: "POST",
    path: "/_search",
    body: { size: 0, pit: { id } },
  });
  if (res.status === 200) return true;
  assert.equal(res.status, 404, JSON.stringify(res.body));
  assert.match(JSON.stringify(res.body), /search_context_missing_exception/);
  return false;
}
