/**
 * The connection editor with the route settings (Advanced): a connection tested through a real
 * tinyproxy with its sign-in, through a real sshd with a key, and with several nodes whose first
 * is down. Each screen is kept as an artifact (artifacts/editor-proxy.png, editor-ssh.png,
 * editor-nodes.png).
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { node, portOf } from "../support/cluster.ts";
import {
  freePort,
  type RunningServer,
  type Sshd,
  startSshd,
  startTinyproxy,
} from "../support/route-servers.ts";
import { appWithBrowser, artifact, pressTest } from "../support/ui.ts";

describe("UI: connections through a proxy, an SSH tunnel, several nodes", {
  timeout: 300_000,
}, () => {
  const { app, page } = appWithBrowser();
  const servers: Array<RunningServer | Sshd> = [];
  after(async () => {
    for (const s of servers) await s.stop();
  });

  async function newConnection(): Promise<void> {
    await page.goto(app.url);
    await page.getByRole("heading", { name: "New connection" }).waitFor();
    const tile = page.locator(".type-tile[data-type=elasticsearch]");
    await tile.click();
    const install = page.getByRole("dialog", { name: "Install the Elasticsearch driver" });
    const form = page.getByRole("form", { name: "Connection editor" });
    await Promise.race([form.waitFor(), install.waitFor()]);
    if (await install.isVisible())
      await install.getByRole("button", { name: "Download and install" }).click();
    await form.waitFor({ timeout: 60_000 });
    await page.getByLabel("Host", { exact: true }).fill("127.0.0.1");
    await page.getByLabel("Port", { exact: true }).fill(String(portOf(node("es8"))));
    await page.getByLabel("SSL Mode").selectOption("disabled");
    await page.getByLabel("Auth Method").selectOption("none");
    await page.getByText("Advanced").click();
  }

  async function testShows(expect: RegExp): Promise<void> {
    const res = await pressTest(page);
    assert.ok(res.ok(), await res.text());
    await page.getByTestId("test-result").getByText(expect).waitFor({ timeout: 30_000 });
  }

  it("through an HTTP proxy with its user and password", async () => {
    const proxy = await startTinyproxy({ user: "quarry", password: "ui-proxy-pw" });
    servers.push(proxy);
    await newConnection();
    await page.getByLabel("HTTP proxy").fill(`http://quarry@127.0.0.1:${proxy.port}`);
    await page.getByLabel("Proxy secret").fill("ui-proxy-pw");
    await testShows(/Connected to Elasticsearch 8/);
    await artifact(page, "editor-proxy");
    assert.match(proxy.log(), /127\.0\.0\.1/);
  });

  it("through an SSH tunnel with a key", async () => {
    const sshd = await startSshd();
    servers.push(sshd);
    const knownHosts = join(sshd.dir, "known_hosts");
    writeFileSync(knownHosts, sshd.knownHostsLine(), { mode: 0o600 });
    await newConnection();
    await page.getByLabel("SSH tunnel").fill(`${sshd.user}@127.0.0.1:${sshd.port}`);
    await page.getByLabel("SSH key", { exact: true }).fill(sshd.encryptedKey);
    await page.getByLabel("SSH key passphrase").fill(sshd.passphrase);
    await page.getByLabel("Bastion keys file").fill(knownHosts);
    await testShows(/Connected to Elasticsearch 8/);
    await artifact(page, "editor-ssh");
  });

  it("with several nodes, the first of them down", async () => {
    const down = await freePort();
    await newConnection();
    await page
      .getByLabel("Nodes", { exact: true })
      .fill(`127.0.0.1:${down},127.0.0.1:${portOf(node("es8"))}`);
    await testShows(/Connected to Elasticsearch 8/);
    await artifact(page, "editor-nodes");
  });
});
