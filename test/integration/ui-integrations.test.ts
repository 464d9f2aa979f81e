/**
 * Settings > Integrations against real MCP clients: the official client over HTTP with a token,
 * the app's real MCP service, a real chromium and the es8 node. The Enable MCP Server switch stops
 * and starts the service (and is remembered); Ask Each Time asks in the app's own dialog, whatever
 * screen is open, and each answer (Allow once, Deny, Allow for this session) decides the client's
 * call, while Escape or a click beside the dialog only puts the question off (the top bar's badge
 * brings it back); the audit log and the tokens' Last used show what those calls did.
 */
import assert from "node:assert/strict";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type { McpService, McpStatus } from "../../src/app/mcp-host/mcp-service.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { node, plainConfig, session } from "../support/cluster.ts";
import { deleteIndices, loadIndex } from "../support/datasets.ts";
import { connectClient } from "../support/mcp.ts";
import { appWithBrowser, screenshot, uiIndex } from "../support/ui.ts";

const CLIENT_NAME = "quarry-test-2026-07-28";

const DOCS: [string, Record<string, unknown>][] = [
  ["a", { name: "alpha", qty: 1 }],
  ["b", { name: "bravo", qty: 2 }],
  ["c", { name: "charlie", qty: 3 }],
];

interface RpcFailure {
  code: number;
  message: string;
  data: { layer: string; rule: string; remedy: string; connection: string };
}

async function refused(p: Promise<unknown>): Promise<RpcFailure> {
  try {
    await p;
  } catch (e) {
    return e as RpcFailure;
  }
  assert.fail("expected the call to be refused with a JSON-RPC error");
}

/** A port nothing listens on now (the kernel's pick), for the server to prefer. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function runningPort(s: McpStatus): number {
  assert.equal(s.state, "running", `the MCP service is ${JSON.stringify(s)}`);
  return s.state === "running" ? s.port : 0;
}

describe("UI: Settings > Integrations with real MCP clients", () => {
  const es = session(plainConfig(node("es8")));
  const index = uiIndex("mcp");
  const { app, page } = appWithBrowser({ withMcp: true });
  let service: McpService;
  const tokens: Record<"agent" | "helper" | "idle", string> = { agent: "", helper: "", idle: "" };
  const clients: Client[] = [];
  const startedAt = Date.now();
  /** Every question the app asked the user, in order: `token tool`. */
  const asked: string[] = [];

  const client = async (token: string): Promise<Client> => {
    const s = service.status();
    assert.equal(s.state, "running");
    const c = await connectClient(new URL(s.state === "running" ? s.url : ""), token, "2026-07-28");
    clients.push(c);
    return c;
  };

  const openIntegrations = async () => {
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Integrations" }).waitFor();
  };

  before(async () => {
    await loadIndex(es.transport, index, DOCS, {
      mappings: { properties: { name: { type: "keyword" }, qty: { type: "integer" } } },
    });
    service = app.mcpService!;
    // Off the default port, which other test runs prefer too: once this server lets its port go,
    // no other app should take it before the test checks that nothing answers there.
    const preferred = await freePort();
    await new McpSettingsStore(app.home).update((s) => {
      s.preferredPort = preferred;
    });
    assert.equal(runningPort(await service.reload()), preferred);
    await addConnection(app.storage, {
      name: "asks",
      type: "elasticsearch",
      settings: { ...plainConfig(node("es8")) },
      externalClients: "read-write",
      aiPolicy: "ask-each-time",
    });
    for (const name of ["agent", "helper", "idle"] as const)
      tokens[name] = (
        await service.tokens.create({
          name,
          scope: "read-write",
          connections: null,
          lifetimeMs: null,
        })
      ).token;
    const seen = new Set<string>();
    service.approvals.onChange(() => {
      for (const p of service.approvals.pending())
        if (!seen.has(p.id)) {
          seen.add(p.id);
          asked.push(`${p.tokenName} ${p.target}`);
        }
    });
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await deleteIndices(es.transport, index);
    await es.close();
  });

  it("Enable MCP Server stops the app's MCP service and starts it again; the choice is saved", async () => {
    await page.goto(app.url);
    await openIntegrations();
    const status = page.getByTestId("mcp-status");
    const enable = page.getByRole("checkbox", { name: "Enable MCP Server" });
    await status.getByText("running").waitFor();
    const oldPort = runningPort(service.status());
    const oldUrl = `http://127.0.0.1:${oldPort}/mcp`;
    assert.equal((await page.getByTestId("mcp-port").textContent())?.trim(), String(oldPort));
    assert.equal(await enable.isChecked(), true);

    // Off: the server is gone from its port, for raw HTTP and for the official client alike.
    await enable.click();
    await status.getByText("off").waitFor();
    assert.equal(await enable.isChecked(), false);
    assert.equal((await page.getByTestId("mcp-port").textContent())?.trim(), "—");
    assert.deepEqual(service.status(), { state: "disabled" });
    const raw = await fetch(oldUrl, { method: "POST" }).then(
      () => "answered",
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    );
    assert.equal(raw, "ECONNREFUSED");
    await assert.rejects(connectClient(new URL(oldUrl), tokens.agent, "2026-07-28"));

    // Saved where the service reads it at every start, so a restarted app stays off; a reloaded
    // page shows it.
    assert.equal((await new McpSettingsStore(app.home).read()).enabled, false);
    await page.reload();
    await status.getByText("off").waitFor();
    assert.equal(await enable.isChecked(), false);

    // On again: running on the port it shows, and a client connects and works.
    await enable.click();
    await status.getByText("running").waitFor();
    assert.equal(await enable.isChecked(), true);
    const port = runningPort(service.status());
    assert.equal((await page.getByTestId("mcp-port").textContent())?.trim(), String(port));
    assert.equal((await new McpSettingsStore(app.home).read()).enabled, true);
    const c = await client(tokens.agent);
    const listed = (await c.callTool({ name: "list_connections", arguments: {} }))
      .structuredContent as { connections: { name: string; asks_first: boolean }[] };
    assert.deepEqual(
      listed.connections.map((x) => [x.name, x.asks_first]),
      [["asks", true]],
    );
    await screenshot(page, "integrations-mcp-reenabled");
  });

  it("an enabled server that cannot start says why, and starts once the cause is gone", async () => {
    // A folder where the handshake file must go: the server cannot publish itself, so it stops.
    const handshake = join(app.home, "mcp-handshake.json");
    const status = page.getByTestId("mcp-status");
    const enable = page.getByRole("checkbox", { name: "Enable MCP Server" });
    await enable.click();
    await status.getByText("off").waitFor();
    await mkdir(handshake);
    await writeFile(join(handshake, "in-the-way"), "");
    await enable.click();
    await status.getByText("failed").waitFor();
    assert.equal(service.status().state, "failed");
    const note = (await page.getByTestId("mcp-error").textContent()) ?? "";
    assert.match(note, /^The MCP server did not start: Cannot write .*mcp-handshake\.json/);
    assert.equal((await page.getByTestId("mcp-port").textContent())?.trim(), "—");
    await screenshot(page, "integrations-mcp-failed");

    await rm(handshake, { recursive: true });
    await enable.click();
    await status.getByText("off").waitFor();
    await enable.click();
    await status.getByText("running").waitFor();
    assert.equal(await page.getByTestId("mcp-error").count(), 0);
    assert.equal(
      (await page.getByTestId("mcp-port").textContent())?.trim(),
      String(runningPort(service.status())),
    );
  });

  it("Ask Each Time asks in the app on any screen: Allow once, Deny, Allow for this session", async () => {
    // Away from Settings: the question is the app's, not the screen's.
    await page.getByRole("button", { name: "Quarry", exact: true }).click();
    await page.getByRole("heading", { name: "Integrations" }).waitFor({ state: "detached" });
    const dialog = page.getByRole("dialog", { name: "Approval request" });
    const agent = await client(tokens.agent);
    const search = {
      connection: "asks",
      method: "POST",
      path: `/${index}/_search`,
      body: { query: { term: { name: "bravo" } } },
    };

    // 1. Allow once: the call runs and returns the cluster's real answer.
    const first = agent.callTool({ name: "execute_query", arguments: search });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? "";
    assert.match(
      text,
      new RegExp(`agent \\(${CLIENT_NAME}\\) wants to run execute_query on asks:`),
    );
    assert.equal(
      (await dialog.getByTestId("approval-request").textContent())?.trim(),
      `POST /${index}/_search\n${JSON.stringify(search.body, null, 2)}`,
    );
    await screenshot(page, "integrations-approval-prompt");

    // Escape, and a click beside the dialog, answer nothing: the question waits, the client's call
    // with it, and the top bar's badge brings it back.
    let settled = false;
    const settle = () => {
      settled = true;
    };
    first.then(settle, settle);
    const badge = page.getByRole("button", { name: "1 approval waiting" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await badge.click();
    await dialog.filter({ hasText: "execute_query" }).waitFor();
    await page.locator(".modal-backdrop").click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: "detached" });
    // Past a poll of the page: a dismissal that answered would have reached the app by now.
    await new Promise((r) => setTimeout(r, 2_000));
    assert.equal(settled, false, "the client's call still waits");
    assert.equal(service.approvals.pending().length, 1, "the question is still open");
    await badge.click();
    await dialog.getByRole("button", { name: "Allow once" }).click();
    const allowed = await first;
    assert.equal(allowed.isError ?? false, false, JSON.stringify(allowed.content));
    const hits = JSON.stringify(allowed.structuredContent);
    assert.match(hits, /"_id":"b"/);
    assert.match(hits, /"bravo"/);
    assert.doesNotMatch(hits, /"alpha"|"charlie"/);
    await dialog.waitFor({ state: "detached" });

    // 2. Once means once: the next call asks again; Deny refuses it with the spec's error.
    // Its failure is caught from the start: it may come back before the click does.
    const second = refused(
      agent.callTool({
        name: "browse_table",
        arguments: { connection: "asks", table: index, page_size: 0 },
      }),
    );
    await dialog.filter({ hasText: "browse_table" }).waitFor();
    assert.match(
      (await dialog.textContent()) ?? "",
      new RegExp(`agent \\(${CLIENT_NAME}\\) wants to run browse_table on asks`),
    );
    await dialog.getByRole("button", { name: "Deny" }).click();
    const denied = await second;
    assert.equal(denied.code, -33007);
    assert.equal(
      denied.message,
      `Forbidden by the user's answer in Quarry: the user denied this request on connection "asks"`,
    );
    assert.equal(denied.data.layer, "ai-policy");
    assert.equal(denied.data.rule, "approval-denied");
    assert.match(denied.data.remedy, /^Do not retry/);
    await dialog.waitFor({ state: "detached" });

    // A retry within the cool-off is refused without asking again.
    const retry = await refused(
      agent.callTool({
        name: "browse_table",
        arguments: { connection: "asks", table: index, page_size: 0 },
      }),
    );
    assert.match(retry.message, /the user denied this request on connection "asks" \(a moment ago/);

    // 3. Allow for this session: this token's next calls on the connection run without a question.
    const helper = await client(tokens.helper);
    const third = helper.callTool({ name: "execute_query", arguments: search });
    await dialog.filter({ hasText: `helper (${CLIENT_NAME})` }).waitFor();
    await dialog.getByRole("button", { name: "Allow for this session" }).click();
    assert.equal((await third).isError ?? false, false);
    const count = await helper.callTool({
      name: "browse_table",
      arguments: { connection: "asks", table: index, page_size: 0 },
    });
    assert.deepEqual(count.structuredContent, { total: 3 });
    assert.equal(await dialog.count(), 0);

    assert.deepEqual(asked, ["agent execute_query", "agent browse_table", "helper execute_query"]);
    await screenshot(page, "integrations-approvals-answered");
  });

  it("the audit log and Last used show those calls", async () => {
    await service.tokens.settled();
    await openIntegrations();
    const audit = page.getByTestId("audit-table");
    const rows = audit.locator("tbody tr");
    await rows.first().waitFor();
    const table = async () =>
      (
        await rows.evaluateAll((trs) =>
          trs.map((tr) => ({
            cells: [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
            title: tr.getAttribute("title") ?? "",
          })),
        )
      ).map(({ cells, title }) => ({
        token: cells[1],
        connection: cells[2],
        tool: cells[3],
        cls: cells[4],
        outcome: cells[5],
        title,
      }));

    const seen = (await table()).filter((r) => r.connection === "asks");
    // Newest first.
    assert.deepEqual(
      seen.map((r) => [r.token, r.tool, r.outcome]),
      [
        ["helper", "browse_table", "allowed"],
        ["helper", "execute_query", "allowed"],
        ["agent", "browse_table", "refused (ai-policy)"],
        ["agent", "browse_table", "refused (ai-policy)"],
        ["agent", "execute_query", "allowed"],
      ],
    );
    assert.deepEqual(
      seen.map((r) => r.title.match(/approval: (\w+)/)?.[1]),
      ["remembered", "approved", "remembered", "denied", "approved"],
    );
    assert.equal(seen[1]!.cls, "read", "execute_query's request is classified");
    assert.match(seen[1]!.title, new RegExp(`POST /${index}/_search`));
    const listing = (await table()).find((r) => r.tool === "list_connections");
    assert.deepEqual(
      [listing?.token, listing?.connection, listing?.outcome],
      ["agent", "—", "allowed"],
    );

    // Refresh shows a call made after the log was loaded.
    const helper = clients.at(-1)!;
    await helper.callTool({ name: "list_tables", arguments: { connection: "asks" } });
    await page.getByRole("button", { name: "Refresh" }).click();
    await audit.getByRole("cell", { name: "list_tables" }).waitFor();
    const top = (await table())[0]!;
    assert.deepEqual(
      [top.token, top.connection, top.tool, top.outcome],
      ["helper", "asks", "list_tables", "allowed"],
    );

    // Last used: a time for the tokens the clients used, true to the minute, none for the other.
    const stored = new Map((await service.tokens.list()).map((t) => [t.name, t.lastUsedAt]));
    const tokenRow = (name: string) =>
      page.getByTestId("token-table").getByRole("row", { name: new RegExp(`^${name} `) });
    for (const name of ["agent", "helper"]) {
      const at = stored.get(name);
      assert.ok(at, `${name} has a last use on record`);
      const ms = Date.parse(at);
      assert.ok(ms >= startedAt - 1000 && ms <= Date.now(), `${name} last used ${at}`);
      const shown = await page.evaluate((iso) => new Date(iso).toLocaleString(), at);
      assert.equal((await tokenRow(name).locator("td").nth(4).textContent())?.trim(), shown);
    }
    assert.equal(stored.get("idle") ?? null, null);
    assert.equal((await tokenRow("idle").locator("td").nth(4).textContent())?.trim(), "—");
    await audit.scrollIntoViewIfNeeded();
    await screenshot(page, "integrations-audit-log");
  });

  it("the audit view shows that the log's chain holds, and where it breaks once a line is edited", async () => {
    await service.audit.flush();
    await openIntegrations();
    const chain = page.getByTestId("audit-chain");
    await chain.waitFor();
    const lines = (await readFile(join(app.home, "mcp-audit.log"), "utf8")).trim().split("\n");
    assert.equal(
      (await chain.textContent())?.trim(),
      `✓ The chain holds: ${lines.length} lines, none edited, removed or moved.`,
    );
    // Someone edits the second line by hand: the view names the line after it.
    const edited = lines[1]!.replace(/"durationMs":\d+/, '"durationMs":987654');
    assert.notEqual(edited, lines[1]);
    lines[1] = edited;
    await writeFile(join(app.home, "mcp-audit.log"), `${lines.join("\n")}\n`);
    await page.getByRole("button", { name: "Refresh" }).click();
    await chain.filter({ hasText: "breaks" }).waitFor();
    assert.equal(
      (await chain.textContent())?.trim(),
      "The chain breaks at mcp-audit.log line 3: it does not follow mcp-audit.log line 2: that line was edited, or lines between them were removed or moved. The log was changed after Quarry wrote it; keep a copy of both audit files as they are.",
    );
    await screenshot(page, "integrations-audit-chain-broken");
  });
});
