/**
 * An index of the suite's own on a test node: loaded before its tests, deleted after them, read
 * through a session of its own (docs/testing.md, "Fixtures").
 */
import { after, before } from "node:test";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { type NodeName, node, sessionTo } from "./cluster.ts";
import { deleteIndices, type LoadOptions, loadIndex } from "./datasets.ts";

/** Loads `docs` (id and source) into `index` on the node; answers the suite's session to it. */
export function ownIndex(
  on: NodeName,
  index: string,
  docs: Iterable<[string, Record<string, unknown>]>,
  options: LoadOptions = {},
): EsSession {
  const es = sessionTo(node(on));
  before(async () => {
    await loadIndex(es.transport, index, docs, options);
  });
  after(async () => {
    await deleteIndices(es.transport, index);
    await es.close();
  });
  return es;
}
