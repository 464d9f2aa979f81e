/**
 * An Elastic Cloud ID as a connection's address (the cloud is out of reach here, so nothing is
 * sent): saved from the CLI with an API key from standard input, its decoded endpoint shown by
 * `connections show`, an MCP client's list_connections and the editor; a malformed one refused
 * with what is wrong.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cliRunner } from "../support/cli-runner.ts";
import { withMcpClientOn } from "../support/mcp.ts";
import { appWithBrowser, screenshot } from "../support/ui.ts";

// Elastic's documented example: us-east-1.aws.found.io$cec6f2…$c6c2ca…
const CLOUD_ID =
  "staging:dXMtZWFzdC0xLmF3cy5mb3VuZC5pbyRjZWM2ZjI2MWE3NGJmMjRjZTMzYmI4ODExYjg0Mjk0ZiRjNmMyY2E2ZDA0MjI0OWFmMGNjN2Q3YTllOTYyNTc0Mw==";
const HOST = "cec6f261a74bf24ce33bb8811b84294f.us-east-1.aws.found.io";
const API_KEY = "Zm9vOmJhcg==";

describe("Cloud ID: the CLI", () => {
  const cli = cliRunner("cloud");

  it("saves the connection with an API key; its endpoint is the decoded cluster over HTTPS", async () => {
    const r = await cli.quarry(
      [
        "connections",
        "add",
        "--name",
        "cloud",
        "--cloud-id",
        CLOUD_ID,
        "--api-key-stdin",
        "--no-test",
        "--json",
      ],
      API_KEY,
    );
    assert.equal(r.code, 0, r.err);
    const saved = JSON.parse(r.out) as { endpoint: string; settings: Record<string, unknown> };
    assert.equal(saved.endpoint, `https://${HOST}:443`);
    assert.equal(saved.settings.cloudId, CLOUD_ID);
    assert.equal(saved.settings.auth, "api-key");
    assert.ok(!r.out.includes(API_KEY), "the API key is not shown");
    const shown = await cli.ok(["connections", "show", "cloud"]);
    assert.match(shown.out, /Cloud ID:\s+staging:/);
  });

  it("refuses a malformed Cloud ID, saying what is wrong", async () => {
    const r = await cli.quarry([
      "connections",
      "add",
      "--name",
      "bad",
      "--cloud-id",
      "prod:bm8tZG9sbGFy",
      "--no-test",
    ]);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /Cloud ID: decodes to "no-dollar", which has no \$/);
    assert.match(r.err, /Copy the Cloud ID again/);
  });
});

describe("Cloud ID: an MCP call", () => {
  it("list_connections shows the decoded host and port", async () => {
    await withMcpClientOn(
      "cloud",
      { cloudId: CLOUD_ID, sslMode: "verify-identity", auth: "none" },
      async (client) => {
        const result = (await client.callTool({ name: "list_connections", arguments: {} })) as {
          structuredContent: { connections: { name: string; host?: string; port?: number }[] };
        };
        const cloud = result.structuredContent.connections.find((c) => c.name === "cloud");
        assert.equal(cloud?.host, HOST);
        assert.equal(cloud?.port, 443);
      },
    );
  });
});

describe("Cloud ID: the editor", () => {
  const { app, page } = appWithBrowser();

  it("saves a connection given a Cloud ID and an API key", async () => {
    await page.goto(`${app.url}#/connections/new/elasticsearch`);
    await page.getByRole("form", { name: "Connection editor" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("elastic cloud");
    await page.getByLabel("Cloud ID").fill(CLOUD_ID);
    await page.getByLabel("Auth Method").selectOption("api-key");
    await page.getByLabel("API Key").fill(API_KEY);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("heading", { name: "Edit elastic cloud" }).waitFor();
    assert.equal(await page.getByLabel("Host").inputValue(), HOST);
    assert.equal(await page.getByLabel("Port").inputValue(), "443");
    await screenshot(page, "connection-cloud-id");
  });
});
