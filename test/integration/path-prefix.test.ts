/**
 * A cluster served under a path by a real nginx (Debian's package, started here on loopback):
 * a connection given its URL (`--url http://127.0.0.1:<port>/es/`, or the URL pasted into Host)
 * keeps the prefix on every request Quarry sends (tables, _bulk, browse, point in time, _query,
 * _snapshot, the console's, curl copies), from the CLI, an MCP call and the editor. nginx answers
 * 404 outside the prefix, and its log shows every request went under it.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { cliRunner } from "../support/cli-runner.ts";
import { node } from "../support/cluster.ts";
import { es } from "../support/es.ts";
import { withMcpClientOn } from "../support/mcp.ts";
import { type Nginx, startNginx } from "../support/nginx.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

const INDEX = `qt-prefix-${process.pid}`;
let nginx: Nginx;

before(async () => {
  nginx = await startNginx("/es/", node("es8").url);
});
after(async () => {
  await nginx?.stop();
  // Imported with a replica a one-node cluster cannot place: left behind, it would be unassigned.
  await es("es8", "DELETE", `/${INDEX}`);
});

describe("a cluster behind nginx under /es/: the CLI", () => {
  const cli = cliRunner("prefix");

  it("adds the connection from --url; every command's requests keep the prefix", async () => {
    const added = await cli.json<{ settings: Record<string, unknown>; test: { ok: boolean } }>([
      "connections",
      "add",
      "--name",
      "behind",
      "--url",
      `${nginx.origin}/es/`,
      "--auth",
      "none",
    ]);
    assert.equal(added.settings.pathPrefix, "/es");
    assert.equal(added.test.ok, true, JSON.stringify(added.test));

    const docs = join(cli.home, "docs.ndjson");
    writeFileSync(
      docs,
      Array.from({ length: 30 }, (_, i) => JSON.stringify({ n: i, tag: `t${i % 3}` })).join("\n"),
    );
    await cli.ok(["import", "behind", INDEX, "--in", docs, "--mode", "index"]);
    await cli.ok(["console", "behind", "POST", `/${INDEX}/_refresh`]);
    assert.match((await cli.ok(["tables", "behind"])).out, new RegExp(INDEX));
    const page2 = await cli.ok([
      "browse",
      "behind",
      INDEX,
      "--sort",
      "n",
      "--page",
      "2",
      "--page-size",
      "10",
    ]);
    assert.match(page2.out, /\b1[0-9]\b/);
    const exported = await cli.ok(["export", "behind", INDEX, "--format", "ndjson", "--out", "-"]);
    assert.equal(exported.out.trim().split("\n").length, 60, "30 action lines and 30 documents");
    const esql = await cli.ok(["esql", "behind", `FROM ${INDEX} | STATS c = COUNT(*)`]);
    assert.match(esql.out, /\b30\b/);
    await cli.ok(["snapshot", "repos", "behind"]);
    const health = await cli.ok(["console", "behind", "GET", "/_cluster/health"]);
    assert.match(health.out, /"status"/);
    const curl = await cli.ok(["console", "behind", "GET", "/_cat/indices", "--curl"]);
    assert.ok(curl.out.includes(`'${nginx.origin}/es/_cat/indices'`), curl.out);
    const tested = await cli.ok(["connections", "test", "behind"]);
    assert.match(tested.out, /Connected with "behind": Elasticsearch 8\./);

    const sent = nginx.requests();
    const outside = sent.filter((r) => !r.split(" ")[1]?.startsWith("/es/"));
    assert.deepEqual(outside, [], "every request went under /es/");
    for (const part of ["/_bulk", "/_pit", "/_query", "/_snapshot", "/_search", "/_cluster/health"])
      assert.ok(
        sent.some((r) => r.includes(part)),
        `a request to ${part} went through nginx: ${sent.join("\n")}`,
      );
  });

  it("a connection to the root of the proxy says the endpoint is not Elasticsearch's", async () => {
    const r = await cli.quarry(["test", `${nginx.origin}/`]);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /does not look like Elasticsearch's REST API/);
  });
});

describe("a cluster behind nginx under /es/: an MCP call", () => {
  it("lists the tables through the prefix", async () => {
    const port = Number(new URL(nginx.origin).port);
    await withMcpClientOn(
      "behind",
      { host: "127.0.0.1", port, pathPrefix: "/es", sslMode: "disabled", auth: "none" },
      async (client) => {
        const result = (await client.callTool({
          name: "list_tables",
          arguments: { connection: "behind" },
        })) as { isError?: boolean; content: { text: string }[] };
        assert.notEqual(result.isError, true, JSON.stringify(result));
        assert.match(result.content.map((c) => c.text).join("\n"), new RegExp(INDEX));
      },
    );
  });
});

describe("a cluster behind nginx under /es/: the editor", () => {
  const { app, browser, page } = appWithBrowser();

  it("fills the Path prefix from a pasted URL and connects through it", async () => {
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: app.origin,
    });
    await page.goto(`${app.url}#/connections/new/elasticsearch`);
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
    await page.getByLabel("Auth Method").selectOption("none");
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(`${nginx.origin}/es/`)})`);
    const host = page.getByLabel("Host");
    await host.click();
    await host.press("Control+V");
    await page.getByTestId("paste-note").waitFor();
    assert.equal(await page.getByLabel("Path prefix").inputValue(), "/es");
    assert.equal(await page.getByLabel("SSL Mode").inputValue(), "disabled");
    await page.getByLabel("Name", { exact: true }).fill("behind nginx");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page
      .getByTestId("test-result")
      .getByText(/Connected to Elasticsearch 8\./)
      .waitFor({ timeout: 60_000 });
    await screenshot(page, "connection-path-prefix");
  });
});
