/**
 * The driver contract suite (test/support/driver-contract.ts) on every driver: the Elasticsearch
 * driver on each major's running node, and the JSON-file test driver on a file of its own.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { CONTRACT_ROWS, driverContract } from "../support/driver-contract.ts";
import { openSession } from "../support/drivers/jsonfile/session.ts";
import { MAJORS } from "../support/majors.ts";

const MAPPINGS = {
  properties: { name: { type: "keyword" }, age: { type: "integer" }, team: { type: "keyword" } },
};

for (const major of MAJORS) {
  const index = `qt-contract-${process.pid}`;
  const admin = sessionTo(node(major));
  driverContract(`Elasticsearch on ${major}`, {
    async open() {
      const rows = CONTRACT_ROWS.map((r, i): [string, Record<string, unknown>] => [`r${i}`, r]);
      await loadIndex(admin.transport, index, rows, { mappings: MAPPINGS });
      return { session: sessionTo(node(major)), table: index };
    },
    async dispose() {
      await deleteIndices(admin.transport, index);
      await admin.close();
    },
  });
}

let dir: string | undefined;
driverContract("the JSON-file driver", {
  async open() {
    dir = await mkdtemp(join(tmpdir(), "qt-contract-"));
    const file = join(dir, "data.json");
    await writeFile(file, JSON.stringify({ people: CONTRACT_ROWS, pets: [] }));
    return { session: openSession({ file, layout: "tables" }), table: "people" };
  },
  async dispose() {
    if (dir) await rm(dir, { recursive: true, force: true });
  },
});
