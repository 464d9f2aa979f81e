/**
 * Security in a real browser on the secured 8.x node (the Templates page's security section): a
 * role made with the form (one index privilege) and seen as JSON; a user disabled and enabled
 * again, its password changed and signed in with, seeing what its role allows and refused the rest
 * with the cluster's reason, then deleted only once its name is typed; a role mapping created and
 * deleted; an API key created with an expiry and role descriptors, its key shown once and gone
 * once the dialog closes (never in the list), used, invalidated only once its name is typed, then
 * refused; the console's confirmation of a role delete names the user holding it; no password or
 * key secret is left in the app's data folder; Settings > Integrations lists the writes in the
 * administration audit log; an AI client's role delete, asked in the app, lists the user holding
 * the role. Then the same routes without a browser on 7.17 and 9.x (role mapping, API key). Names
 * are this file's own (`t-uisec-…`), removed after; `elastic` is never changed.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import type { Locator } from "playwright-core";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import type {
  AdminActionRun,
  PlannedAdminAction,
} from "../../src/app/http/api/cluster-admin-contract.ts";
import { McpSettingsStore } from "../../src/app/mcp-host/mcp-settings.ts";
import { readAdminAudit } from "../../src/app/storage/admin-audit.ts";
import type { ClusterAdminInput } from "../../src/core/cluster-admin.ts";
import type { AccessKeyInfo, RoleMappingInfo } from "../../src/core/cluster-security.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import {
  connectionTo,
  type NodeName,
  node,
  securedConfig,
  session,
  sessionTo,
} from "../support/cluster.ts";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { connectClient } from "../support/mcp.ts";
import { assertNoSecretUnder, removeSecurityObjects } from "../support/security-objects.ts";
import {
  addNodeConnection,
  appWithBrowser,
  screenshot,
  startUiApp,
  type UiApp,
} from "../support/ui.ts";

const RUN = randomBytes(3).toString("hex");
const ROLE = `t-uisec-role-${RUN}`;
const USER = `t-uisec-user-${RUN}`;
const MAPPING = `t-uisec-map-${RUN}`;
const KEY = `t-uisec-key-${RUN}`;
const ALLOWED = `t-uisec-idx-${RUN}`;
const DENIED = `t-uisec-other-${RUN}`;
const FIRST = `pw-${RUN}-first`;
const SECOND = `pw-${RUN}-second`;

/** The status of a GET as this user or key: its answer's, or the refusal the transport threw. */
async function statusAs(who: EsSession, path: string): Promise<{ status: number; reason: string }> {
  try {
    const res = await who.transport.request<{ error?: { reason?: string } }>({
      method: "GET",
      path,
    });
    return { status: res.status, reason: res.body?.error?.reason ?? "" };
  } catch (e) {
    const details = (e as { details?: { status?: number } }).details;
    return { status: details?.status ?? 0, reason: (e as Error).message };
  } finally {
    await who.close();
  }
}

const asUser = (password: string) =>
  session(securedConfig({ username: USER }).config, { password });

const asKey = (encoded: string) => {
  const { username: _u, ...config } = securedConfig().config;
  return session({ ...config, auth: "api-key" }, { apiKey: encoded });
};

describe("UI: security on es8-secure", () => {
  const { app, page } = appWithBrowser();
  let s: EsSession;
  let id: string;
  let encoded = "";

  const region = (name: string) => page.getByRole("region", { name });
  const item = (list: string, attr: string, name: string) =>
    region(list).locator(`tr[data-${attr}="${name}"]`);

  /** Shows the request, checks its first line, types the name (Send waits for it), sends. */
  async function confirmAndSend(dialog: Locator, firstLine: RegExp, name: string, shot?: string) {
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(await request.innerText(), firstLine);
    const send = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await send.isDisabled(), true, "Send waits for the name");
    const typed = dialog.getByLabel(`Type ${name} to confirm`);
    await typed.fill(`${name}-not`);
    assert.equal(await send.isDisabled(), true, "a wrong name does not enable Send");
    await typed.fill(name);
    if (shot) await screenshot(page, shot);
    await send.click();
    await dialog
      .getByTestId("admin-outcome")
      .getByText(/^Done \(HTTP 200/)
      .waitFor();
  }

  before(async () => {
    s = sessionTo(node("es8-secure"));
    await loadOrders(s.transport, ALLOWED, 5, { specials: false });
    await loadOrders(s.transport, DENIED, 3, { specials: false });
    id = await addNodeConnection(app, "es8-secure", `uisec-${RUN}`);
  });
  after(async () => {
    await removeSecurityObjects(s.transport, {
      mappings: [MAPPING],
      users: [USER],
      roles: [ROLE],
      keys: [KEY],
    });
    await deleteIndices(s.transport, ALLOWED, DENIED);
    await s.close();
  });

  it("creates a role with the form (one index privilege) and shows it as JSON", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/admin/security`);
    await region("Users").getByTestId("users-list").getByText("elastic", { exact: true }).waitFor();
    await region("Roles").getByRole("button", { name: "New role…" }).click();
    const dialog = page.getByRole("dialog", { name: "New role" });
    await dialog.getByLabel("Role name").fill(ROLE);
    await dialog.getByLabel(/^Cluster privileges/).fill("monitor");
    await dialog.getByRole("button", { name: "Add index privileges" }).click();
    await dialog.getByLabel(/^Indices/).fill(`t-uisec-idx-${RUN}*`);
    await dialog.getByLabel(/^Privileges/).fill("read, view_index_metadata");
    await screenshot(page, "role-editor");
    await dialog.getByRole("button", { name: "JSON", exact: true }).click();
    const json = JSON.parse(await dialog.getByTestId("role-json").inputValue()) as unknown;
    assert.deepEqual(json, {
      cluster: ["monitor"],
      indices: [{ names: [`t-uisec-idx-${RUN}*`], privileges: ["read", "view_index_metadata"] }],
    });
    await screenshot(page, "role-editor-json");
    await confirmAndSend(dialog, new RegExp(`^PUT /_security/role/${ROLE}\\n`), ROLE);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item("Roles", "role", ROLE)
      .getByText(/read, view_index_metadata/)
      .waitFor();
    const got = await s.transport.json<Record<string, { indices: { names: string[] }[] }>>({
      method: "GET",
      path: `/_security/role/${ROLE}`,
    });
    assert.deepEqual(got[ROLE]?.indices[0]?.names, [`t-uisec-idx-${RUN}*`]);
    // The user of the next tests holds the role, made over HTTP.
    await s.transport.json({
      method: "PUT",
      path: `/_security/user/${USER}`,
      body: { password: FIRST, roles: [ROLE] },
    });
  });

  it("disables a user, then enables it again, each once its name is typed", async () => {
    await page.goto("about:blank");
    await page.goto(`${app.url}#/c/${id}/admin/security`);
    await item("Users", "user", USER).getByRole("button", { name: "Disable…" }).click();
    let dialog = page.getByRole("dialog", { name: `Disable user ${USER}` });
    await confirmAndSend(dialog, new RegExp(`^PUT /_security/user/${USER}/_disable`), USER);
    assert.equal((await statusAs(asUser(FIRST), "/_security/_authenticate")).status, 401);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item("Users", "user", USER).getByText("(disabled)").waitFor();
    await item("Users", "user", USER).getByRole("button", { name: "Enable…" }).click();
    dialog = page.getByRole("dialog", { name: `Enable user ${USER}` });
    await confirmAndSend(dialog, new RegExp(`^PUT /_security/user/${USER}/_enable`), USER);
    assert.equal((await statusAs(asUser(FIRST), "/_security/_authenticate")).status, 200);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("changes the password; the user signs in with the new one and sees what its role allows", async () => {
    await item("Users", "user", USER).getByRole("button", { name: "Password…" }).click();
    const dialog = page.getByRole("dialog", { name: `Change the password of ${USER}` });
    await dialog.getByLabel("New password").fill(SECOND);
    await dialog.getByLabel("The same again").fill(SECOND);
    await dialog.getByRole("button", { name: "Show request" }).click();
    const text = await dialog.getByTestId("admin-request").innerText();
    assert.match(text, /"password": "<hidden>"/);
    assert.ok(!text.includes(SECOND), "the password is never shown");
    await confirmAndSend(dialog, new RegExp(`^POST /_security/user/${USER}/_password`), USER);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    assert.equal((await statusAs(asUser(FIRST), "/_security/_authenticate")).status, 401);
    assert.equal((await statusAs(asUser(SECOND), `/${ALLOWED}/_count`)).status, 200);
    const refused = await statusAs(asUser(SECOND), `/${DENIED}/_count`);
    assert.equal(refused.status, 403);
    assert.match(refused.reason, new RegExp(`unauthorized for user \\[${USER}\\]`));
  });

  it("the console's confirmation of a role delete names the user holding it; cancelled, kept", async () => {
    await page.goto(`${app.url}#/c/${id}/console`);
    await replaceConsoleText(page, `DELETE /_security/role/${ROLE}`);
    await page.keyboard.press("ControlOrMeta+Home");
    await clickRun(page);
    const dialog = page.getByRole("dialog", { name: "Run an admin request?" });
    const affected = dialog.getByTestId("impact-affected");
    await affected.getByText(USER, { exact: true }).waitFor();
    assert.match(await dialog.getByTestId("impact").innerText(), /held by 1 user/);
    await screenshot(page, "console-security-impact");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const role = await s.transport.request({ method: "GET", path: `/_security/role/${ROLE}` });
    assert.equal(role.status, 200, "cancelled: the role is still there");
    await page.goto(`${app.url}#/c/${id}/admin/security`);
  });

  it("creates a role mapping and deletes it once its name is typed", async () => {
    await region("Role mappings").getByRole("button", { name: "New role mapping…" }).click();
    const made = page.getByRole("dialog", { name: "New role mapping" });
    await made.getByLabel("Role mapping name").fill(MAPPING);
    await made.getByLabel(/^Roles it grants/).fill(ROLE);
    await made.getByLabel("Rules").fill(JSON.stringify({ field: { username: "t-uisec-nobody" } }));
    await confirmAndSend(
      made,
      new RegExp(`^PUT /_security/role_mapping/${MAPPING}\\n`),
      MAPPING,
      "role-mapping-editor",
    );
    await made.getByRole("button", { name: "Done", exact: true }).click();
    await item("Role mappings", "mapping", MAPPING)
      .getByRole("button", { name: "Delete…" })
      .click();
    const gone = page.getByRole("dialog", { name: `Delete role mapping ${MAPPING}` });
    await confirmAndSend(gone, new RegExp(`^DELETE /_security/role_mapping/${MAPPING}`), MAPPING);
    await gone.getByRole("button", { name: "Done", exact: true }).click();
    await item("Role mappings", "mapping", MAPPING).waitFor({ state: "detached" });
    const res = await s.transport.request({
      method: "GET",
      path: `/_security/role_mapping/${MAPPING}`,
    });
    assert.equal(res.status, 404);
  });

  it("creates an API key shown once, which works, and is gone from the page once closed", async () => {
    await region("API keys").getByRole("button", { name: "New API key…" }).click();
    const dialog = page.getByRole("dialog", { name: "New API key" });
    await dialog.getByLabel("Key name").fill(KEY);
    await dialog.getByLabel(/^Expires after/).fill("1d");
    await dialog.getByLabel("Role descriptors").fill(
      JSON.stringify({
        reader: { indices: [{ names: [`t-uisec-idx-${RUN}*`], privileges: ["read"] }] },
      }),
    );
    await confirmAndSend(dialog, /^POST \/_security\/api_key\n/, KEY);
    encoded = await dialog.getByTestId("api-key-encoded").innerText();
    assert.ok(encoded.length > 20);
    await screenshot(page, "api-key-shown-once");
    assert.equal((await statusAs(asKey(encoded), `/${ALLOWED}/_count`)).status, 200);
    assert.equal((await statusAs(asKey(encoded), `/${DENIED}/_count`)).status, 403);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item("API keys", "key", KEY).waitFor();
    assert.equal(await page.getByText(encoded).count(), 0, "the key is not on the page any more");
    const listed = await region("API keys").innerText();
    const secret = Buffer.from(encoded, "base64").toString().split(":")[1] as string;
    assert.ok(!listed.includes(encoded) && !listed.includes(secret), "never in the list");
    assertNoSecretUnder(app.home, [secret, SECOND, FIRST]);
  });

  it("invalidates the key only once its name is typed; it is refused after", async () => {
    await item("API keys", "key", KEY).getByRole("button", { name: "Invalidate…" }).click();
    const dialog = page.getByRole("dialog", { name: `Invalidate API key ${KEY}` });
    await confirmAndSend(dialog, /^DELETE \/_security\/api_key\n/, KEY, "api-key-invalidate");
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item("API keys", "key", KEY).waitFor({ state: "detached" });
    assert.equal((await statusAs(asKey(encoded), `/${ALLOWED}/_count`)).status, 401);
  });

  it("deletes the user only once its name is typed", async () => {
    await item("Users", "user", USER).getByRole("button", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete user ${USER}` });
    await confirmAndSend(
      dialog,
      new RegExp(`^DELETE /_security/user/${USER}`),
      USER,
      "user-delete-confirm",
    );
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await item("Users", "user", USER).waitFor({ state: "detached" });
    const res = await s.transport.request({ method: "GET", path: `/_security/user/${USER}` });
    assert.equal(res.status, 404);
    const audited = (await readAdminAudit(app.home)).filter((e) => e.surface === "ui");
    assert.ok(audited.some((e) => e.action === "user-delete" && e.subject === USER));
    assert.ok(audited.some((e) => e.action === "key-create" && e.subject === KEY));
  });

  it("Settings > Integrations lists those writes in the administration audit log, its chain whole", async () => {
    await page.goto(`${app.url}#/settings/integrations`);
    const log = region("Administration audit log");
    const row = log.getByTestId("admin-audit-table").locator("tr", { hasText: "user-delete" });
    await row.getByText(USER, { exact: true }).waitFor();
    assert.match(await row.innerText(), new RegExp(`DELETE /_security/user/${USER}`));
    await log
      .getByTestId("admin-audit-chain")
      .getByText(/The chain holds/)
      .waitFor();
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-audit-log");
  });
});

describe("UI: an AI client's role delete, asked in the app, names who holds the role", () => {
  const { app, page } = appWithBrowser({ withMcp: true });
  const role = `t-uisec-mcprole-${RUN}`;
  const user = `t-uisec-mcpuser-${RUN}`;
  let s: EsSession;
  let client: Client | undefined;
  let token = "";

  before(async () => {
    s = sessionTo(node("es8-secure"));
    await s.transport.json({
      method: "PUT",
      path: `/_security/role/${role}`,
      body: { cluster: ["monitor"] },
    });
    await s.transport.json({
      method: "PUT",
      path: `/_security/user/${user}`,
      body: { password: FIRST, roles: [role] },
    });
    const service = app.mcpService!;
    // Off the default port, which other test runs' apps prefer too.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    await new McpSettingsStore(app.home).update((settings) => {
      settings.preferredPort = port;
    });
    await service.reload();
    const { config, secrets } = connectionTo(node("es8-secure"));
    await addConnection(
      app.storage,
      {
        name: "secure",
        type: "elasticsearch",
        settings: { ...config },
        externalClients: "read-write",
        aiPolicy: "always-allow",
      },
      secrets,
    );
    token = (
      await service.tokens.create({
        name: "full",
        scope: "full-access",
        connections: null,
        lifetimeMs: null,
      })
    ).token;
  });
  after(async () => {
    await client?.close().catch(() => {});
    await s.transport.request({ method: "DELETE", path: `/_security/user/${user}` });
    await s.transport.request({ method: "DELETE", path: `/_security/role/${role}` });
    await s.close();
  });

  it("the approval lists the user holding the role; denied, the role stays", async () => {
    await page.goto(app.url);
    const status = app.mcpService!.status();
    assert.equal(status.state, "running");
    client = await connectClient(
      new URL(status.state === "running" ? status.url : ""),
      token,
      "2026-07-28",
    );
    const call = client
      .callTool({
        name: "confirm_destructive_operation",
        arguments: { connection: "secure", method: "DELETE", path: `/_security/role/${role}` },
      })
      .then(
        () => "ran",
        () => "refused",
      );
    const dialog = page.getByRole("dialog", { name: "Approval request" });
    await dialog.getByTestId("impact-affected").getByText(user, { exact: true }).waitFor();
    assert.match(await dialog.getByTestId("impact").innerText(), /held by 1 user/);
    await screenshot(page, "approval-security-impact");
    // An admin request is asked every time: no yes for the session is offered.
    await dialog.getByTestId("approval-each-time").waitFor();
    assert.equal(await dialog.getByRole("button", { name: "Allow for this session" }).count(), 0);
    await dialog.getByRole("button", { name: "Deny" }).click();
    assert.equal(await call, "refused");
    const kept = await s.transport.request({ method: "GET", path: `/_security/role/${role}` });
    assert.equal(kept.status, 200, "denied: the role is still there");
  });
});

/** The security routes as the page calls them, without a browser, on the other majors. */
for (const name of ["es7-secure", "es9"] satisfies NodeName[]) {
  describe(`UI API: role mappings and API keys on ${name}`, () => {
    let app: UiApp;
    let id: string;
    let s: EsSession;
    const mapping = `t-uisec-map-${RUN}-${name}`;
    const key = `t-uisec-key-${RUN}-${name}`;
    const api = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${app.origin}/api/connections/${id}${path}`, {
        method,
        headers: { "content-type": "application/json", "x-quarry-secret": app.secret },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      assert.equal(res.status, 200, text);
      return JSON.parse(text) as T;
    };
    /** Plans the input, then sends it with the shown requests and the name typed. */
    const run = async (input: ClusterAdminInput, typed: string): Promise<AdminActionRun> => {
      const planned = await api<PlannedAdminAction>("POST", "/admin/plan", input);
      return api<AdminActionRun>("POST", "/admin/run", {
        input,
        confirmed: planned.plan.shown,
        typed,
      });
    };

    before(async () => {
      app = await startUiApp();
      id = await addNodeConnection(app, name);
      s = sessionTo(node(name));
    });
    after(async () => {
      await removeSecurityObjects(s.transport, { mappings: [mapping], keys: [key] });
      await s.close();
      await app.close();
    });

    it("saves and deletes a role mapping", async () => {
      const saved = await run(
        {
          action: "role-mapping-save",
          name: mapping,
          roles: ["viewer"],
          rules: { field: { username: "t-uisec-nobody" } },
          enabled: true,
        },
        mapping,
      );
      assert.equal(saved.refusal, null);
      const { roleMappings } = await api<{ roleMappings: RoleMappingInfo[] }>(
        "GET",
        "/admin/role-mappings",
      );
      assert.deepEqual(roleMappings.find((m) => m.name === mapping)?.roles, ["viewer"]);
      assert.equal(
        (await run({ action: "role-mapping-delete", name: mapping }, mapping)).refusal,
        null,
      );
    });

    it("creates an API key whose secret comes back once, lists it without it, invalidates it", async () => {
      const made = await run({ action: "key-create", name: key, expiration: "1d" }, key);
      const raw = (made.results[0] as { raw?: { encoded?: string } }).raw;
      const encoded = raw?.encoded ?? "";
      assert.ok(encoded.length > 20, JSON.stringify(made));
      const listedText = JSON.stringify(await api("GET", "/admin/api-keys"));
      const { keys } = JSON.parse(listedText) as { keys: AccessKeyInfo[] };
      assert.ok(keys.some((k) => k.name === key && !k.invalidated));
      assert.ok(!listedText.includes(encoded), "the list never holds the key");
      assert.equal(
        (await statusAs(asKeyOn(name, encoded), "/_security/_authenticate")).status,
        200,
      );
      assert.equal((await run({ action: "key-invalidate", name: key }, key)).refusal, null);
      assert.equal(
        (await statusAs(asKeyOn(name, encoded), "/_security/_authenticate")).status,
        401,
      );
    });
  });
}

function asKeyOn(name: NodeName, encoded: string): EsSession {
  const { username: _u, ...config } = securedConfig({}, node(name)).config;
  return session({ ...config, auth: "api-key" }, { apiKey: encoded });
}
