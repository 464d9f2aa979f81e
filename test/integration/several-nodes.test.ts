/**
 * Several nodes when a node takes a request and dies before answering (a TCP listener that reads
 * the request and drops the connection, standing for a node killed mid-request, first in the list)
 * and the real es8 node second: a read goes on through es8; a write's fate is unknown, so it is
 * reported as unknown and not sent again (es8 never sees it). Discovery adds the nodes a cluster
 * publishes.
 */
import assert from "node:assert/strict";
import { createServer, type Server, type Socket } from "node:net";
import { after, before, describe, it } from "node:test";
import { isQuarryError } from "../../src/core/errors.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { freePort } from "../support/route-servers.ts";

const INDEX = "several-nodes-fate";

describe("several nodes: a node that dies mid-request", { timeout: 60_000 }, () => {
  let dropper: Server;
  let dropPort: number;
  const seen: string[] = [];
  const es8 = () => plainConfig(node("es8"));

  before(async () => {
    dropper = createServer((socket: Socket) => {
      socket.once("data", (chunk) => {
        seen.push(chunk.toString("latin1").split("\r\n")[0] ?? "");
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => dropper.listen(0, "127.0.0.1", resolve));
    dropPort = (dropper.address() as { port: number }).port;
    const s = session(es8());
    await s.transport.request({ method: "DELETE", path: `/${INDEX}` });
    await s.transport.json({ method: "PUT", path: `/${INDEX}` });
    await s.close();
  });
  after(async () => {
    const s = session(es8());
    await s.transport.request({ method: "DELETE", path: `/${INDEX}` });
    await s.close();
    await new Promise((resolve) => dropper.close(resolve));
  });

  const hosts = () => `127.0.0.1:${dropPort},127.0.0.1:${es8().port}`;

  it("a read is sent again to the next node", async () => {
    const s = session({ ...es8(), hosts: hosts() });
    try {
      const res = await s.transport.json<{ count: number }>({
        method: "POST",
        path: `/${INDEX}/_count`,
      });
      assert.equal(res.count, 0);
      assert.ok(seen.some((l) => l.startsWith("POST /several-nodes-fate/_count")));
    } finally {
      await s.close();
    }
  });

  it("a write whose fate is unknown is reported as unknown, never sent again", async () => {
    const s = session({ ...es8(), hosts: hosts() });
    try {
      await assert.rejects(
        s.transport.json({
          method: "POST",
          path: `/${INDEX}/_doc`,
          query: { refresh: "true" },
          body: { written: 1 },
        }),
        (e) =>
          isQuarryError(e) &&
          e.details.outcome === "unknown" &&
          /whether it was applied is unknown, and it was not sent again/.test(e.message),
      );
      const other = session(es8());
      const count = await other.transport.json<{ count: number }>({
        method: "POST",
        path: `/${INDEX}/_count`,
      });
      await other.close();
      assert.equal(count.count, 0, "the next node never got the write");
    } finally {
      await s.close();
    }
  });

  it("a node that refuses the connection is passed over, writes too", async () => {
    const down = await freePort();
    const s = session({ ...es8(), hosts: `127.0.0.1:${down},127.0.0.1:${es8().port}` });
    try {
      const res = await s.transport.json<{ result: string }>({
        method: "PUT",
        path: `/${INDEX}/_doc/once`,
        query: { refresh: "true" },
        body: { written: 1 },
      });
      assert.equal(res.result, "created");
    } finally {
      await s.close();
    }
  });

  it("discovers the nodes the cluster publishes", async () => {
    const down = await freePort();
    // Only a dead node given: discovery cannot run, and the error names it.
    const lone = session({ ...es8(), hosts: `127.0.0.1:${down}`, discoverNodes: true });
    await assert.rejects(lone.testConnection(), /nothing is listening/);
    await lone.close();
    const s = session({ ...es8(), discoverNodes: true });
    try {
      assert.ok((await s.testConnection()).version.startsWith("8."));
    } finally {
      await s.close();
    }
  });
});
