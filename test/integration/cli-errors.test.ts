/**
 * The usual mistakes, made with the real `quarry` command, and the errors that fit them: the
 * transport port instead of the REST port (es8's real 19318), a server that is not Elasticsearch
 * (a loopback server answering an empty 404), a wrong password over HTTPS (es8-secure), and a
 * filter without a value.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { node, plainConfig, portOf, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { QUARRY } from "../support/quarry.ts";

const home = mkdtempSync(join(tmpdir(), "quarry-cli-errors-"));
const env = { ...process.env, QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" };

function quarry(args: string[], input = ""): { status: number | null; out: string; err: string } {
  const r = spawnSync(QUARRY, args, { env, input, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/** The same, without blocking this process (which serves the loopback server). */
async function quarryAsync(args: string[]): Promise<{ status: number | null; err: string }> {
  const child = spawn(QUARRY, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr.on("data", (d) => {
    err += d;
  });
  const [status] = (await once(child, "exit")) as [number | null];
  return { status, err };
}

after(() => rmSync(home, { recursive: true, force: true }));

describe("errors that fit the mistake", () => {
  it("the transport port is named, with the REST port to use", () => {
    const transportPort = portOf(node("es8")) + 100; // 19318: es8's real transport port
    const r = quarry(["test", `http://127.0.0.1:${transportPort}`]);
    assert.equal(r.status, 1, r.err);
    assert.match(
      r.err,
      /^error: Connection failed: .* answered "This is not an HTTP port": it looks like the cluster's transport port/m,
    );
    assert.match(r.err, /^Use the REST port, usually 9200/m);
    assert.doesNotMatch(r.err, /self-signed|HTTP\/1\.1 protocol/);
  });

  describe("a server that is not Elasticsearch", () => {
    let server: Server;
    let url = "";
    before(async () => {
      server = createServer((_req, res) => {
        res.statusCode = 404;
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    for (const command of ["test", "tables"]) {
      it(`${command}: an empty 404 does not look like Elasticsearch's REST API`, async () => {
        const r = await quarryAsync([command, url]);
        assert.equal(r.status, 1, r.err);
        assert.match(
          r.err,
          new RegExp(
            `^error: Connection failed: ${url} answered 404 with an empty body, not as Elasticsearch does: this endpoint does not look like Elasticsearch's REST API$`,
            "m",
          ),
        );
        assert.match(r.err, /REST API is usually on port 9200/);
        assert.doesNotMatch(r.err, /reason above|answered 404 error:/);
      });
    }
  });

  it("a wrong password over HTTPS: Authentication failed, no request path, no HTTPS hint", () => {
    const secure = node("es8-secure");
    const r = quarry(
      [
        "test",
        secure.url,
        "--user",
        secure.username ?? "elastic",
        "--password-stdin",
        "--ssl-mode",
        "required-skip-verify",
      ],
      "not-the-password\n",
    );
    assert.equal(r.status, 1, r.err);
    assert.equal(
      r.err,
      "error: Authentication failed: unable to authenticate user [elastic]\nCheck the username and password or the API key.\n",
    );
  });

  describe("a filter without a value", () => {
    const s = session(plainConfig(node("es8")));
    const index = "qt-cli-errors-filter";
    before(() =>
      loadIndex(s.transport, index, [["a", { n: 1 }]], {
        mappings: { properties: { n: { type: "integer" } } },
      }),
    );
    after(async () => {
      await deleteIndices(s.transport, index);
      await s.close();
    });

    it("a _bulk whose items partly failed is not reported as done (exit 3)", () => {
      const bulk = [
        `{"index":{"_index":"${index}","_id":"ok-1"}}`,
        '{"n":2}',
        `{"index":{"_index":"${index}","_id":"bad"}}`,
        '{"n":"not a number"}',
        `{"index":{"_index":"${index}","_id":"ok-2"}}`,
        '{"n":3}',
      ].join("\n");
      const r = quarry(
        ["console", node("es8").url, "POST", "/_bulk", "--body-file", "-", "--no-history"],
        `${bulk}\n`,
      );
      assert.equal(r.status, 3, r.err);
      assert.match(
        r.err,
        new RegExp(
          `^error: 1 of 3 items failed; the others were done\\. First: index ${index}/bad: 400 \\w+_exception: `,
          "m",
        ),
      );
      const msearch = `{"index":"${index}"}\n{"query":{"match_all":{}}}\n{"index":"${index}-missing"}\n{"query":{"match_all":{}}}\n`;
      const m = quarry(
        ["console", node("es8").url, "POST", "/_msearch", "--body-file", "-", "--no-history"],
        msearch,
      );
      assert.equal(m.status, 3, m.err);
      assert.match(
        m.err,
        /^error: 1 of 2 items failed; the others were done\. First: search 2: 404 index_not_found_exception: /m,
      );
    });

    it("is refused before it is sent, naming the filter (exit 2)", () => {
      for (const filters of [['_id = ""'], ["n > 0", '_id != "  "']]) {
        const r = quarry([
          "browse",
          node("es8").url,
          index,
          ...filters.flatMap((f) => ["--filter", f]),
        ]);
        assert.equal(r.status, 2, r.err);
        const n = filters.length;
        assert.match(r.err, new RegExp(`^error: Filter ${n} \\(_id !?=\\) has no value$`, "m"));
        assert.match(r.err, /^Give it a value, or remove the filter/m);
        assert.doesNotMatch(r.err, /cluster answered|Ids can't be empty/);
      }
    });
  });
});
