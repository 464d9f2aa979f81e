/**
 * Repositories and snapshots on the Templates page, in a real browser on 8.x: a shared file
 * system repository registered from the form the cluster's own answers make (at the node's
 * `path.repo`, docs/testing.md "Snapshots"; one outside it refused with the cluster's reason),
 * verified by its nodes; a snapshot of an own index
 * taken and followed until SUCCESS, its detail shown; the snapshot deleted and the repository
 * removed only once their names are typed (Send disabled until then). On 7.17, 8.x and 9.x the
 * routes the forms are made from: the repository kinds and a repository's snapshots.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Locator } from "playwright-core";
import { SECRET_HEADER } from "../../src/app/http/api/contract.ts";
import type { BackupSummary, RepositoryKind } from "../../src/core/cluster-admin.ts";
import type { EsSession } from "../../src/drivers/elasticsearch/session.ts";
import { node, sessionTo } from "../support/cluster.ts";
import { deleteIndices, loadOrders } from "../support/datasets.ts";
import { describeOnMajors } from "../support/majors.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const { app, page } = appWithBrowser();
const RUN = randomBytes(3).toString("hex");

async function open(hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${app.url}${hash}`);
}

/** A GET of the UI's API, as the page sends it (with the run's secret). */
async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`${app.origin}/api${path}`, { headers: { [SECRET_HEADER]: app.secret } });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as T;
}

describeOnMajors(
  (name) => `UI API: repository kinds and a repository's snapshots on ${name}`,
  (name) => {
    const repo = `t-uisnap-api-${RUN}-${name}`;
    const location = join(node(name).snapshotPath as string, repo);
    let s: EsSession;
    let id: string;
    before(async () => {
      s = sessionTo(node(name));
      await s.transport.json({
        method: "PUT",
        path: `/_snapshot/${repo}`,
        body: { type: "fs", settings: { location } },
      });
      id = await addNodeConnection(app, name, `snap-api-${name}-${RUN}`);
    });
    after(async () => {
      await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}` });
      await s.close();
      rmSync(location, { recursive: true, force: true });
    });

    it("offers a shared file system at the node's path.repo", async () => {
      const { kinds } = await apiGet<{ kinds: RepositoryKind[] }>(
        `/connections/${id}/admin/repository-kinds`,
      );
      const fs = kinds.find((k) => k.type === "fs");
      assert.deepEqual(fs?.fields.find((f) => f.name === "location")?.choices, [
        node(name).snapshotPath,
      ]);
    });

    it("lists a repository's snapshots (none yet)", async () => {
      const { snapshots } = await apiGet<{ snapshots: BackupSummary[] }>(
        `/connections/${id}/admin/repositories/${repo}/snapshots`,
      );
      assert.deepEqual(snapshots, []);
    });
  },
);

describe("UI: repositories and snapshots on es8", () => {
  const index = `t-uisnap-${RUN}`;
  const repo = `t-uisnap-repo-${RUN}`;
  const snap = `t-uisnap-snap-${RUN}`;
  const location = join(node("es8").snapshotPath as string, repo);
  let s: EsSession;
  let id: string;
  const status = async (path: string) =>
    (await s.transport.request({ method: "GET", path })).status;
  const repositoryItem = () =>
    page
      .getByRole("region", { name: "Snapshot repositories" })
      .locator(`tr[data-repository="${repo}"]`);
  const snapshotItem = () =>
    page.getByRole("region", { name: "Snapshots" }).locator(`tr[data-snapshot="${snap}"]`);
  /** Sends the dialog's planned request and waits for the cluster's answer. */
  const send = async (dialog: Locator, outcome = "Done (HTTP 200).") => {
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByTestId("admin-outcome").getByText(outcome).waitFor();
  };

  before(async () => {
    s = sessionTo(node("es8"));
    await loadOrders(s.transport, index, 20, { specials: false });
    id = await addNodeConnection(app, "es8", `snap-es8-${RUN}`);
  });
  after(async () => {
    await deleteIndices(s.transport, index);
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}/${snap}` });
    await s.transport.request({ method: "DELETE", path: `/_snapshot/${repo}` });
    await s.close();
    rmSync(location, { recursive: true, force: true });
  });

  it("shows the cluster's refusal of a location outside path.repo, registering nothing", async () => {
    await open(`#/c/${id}/admin/snapshots`);
    await page.getByRole("button", { name: "Register repository…" }).click();
    const dialog = page.getByRole("dialog", { name: "Register repository" });
    await dialog.getByLabel("Repository name").fill(repo);
    await dialog.getByLabel("Location").fill(`/var/tmp/not-a-repo-folder-${RUN}`);
    await dialog.getByRole("button", { name: "Show request" }).click();
    await dialog.getByTestId("admin-request").waitFor();
    await dialog.getByRole("button", { name: "Send request" }).click();
    const outcome = dialog.getByTestId("admin-outcome");
    // The refusal says why in its own line: the cause the cluster nests under its reason.
    await outcome
      .getByText(
        /^The cluster refused PUT \/_snapshot\/.*failed to create repository: .*doesn't match any of the locations specified by path\.repo\. Nothing was changed/,
      )
      .waitFor();
    await outcome.getByText("The cluster's answer").click();
    await outcome.locator("pre", { hasText: '"caused_by"' }).waitFor();
    await screenshot(page, "repository-register-refused");
    assert.equal(await status(`/_snapshot/${repo}`), 404);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("registers a shared file system repository from the cluster's form, and verifies it", async () => {
    await page.getByRole("button", { name: "Register repository…" }).click();
    const dialog = page.getByRole("dialog", { name: "Register repository" });
    await dialog.getByLabel("Repository name").fill(repo);
    assert.equal(await dialog.getByLabel("Type").inputValue(), "fs");
    await dialog.getByLabel("Location").fill(location);
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(await request.innerText(), new RegExp(`^PUT /_snapshot/${repo}\\n`));
    assert.equal(await status(`/_snapshot/${repo}`), 404, "nothing is sent before Send");
    await screenshot(page, "repository-register");
    await send(dialog);
    assert.equal(await status(`/_snapshot/${repo}`), 200);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();

    await repositoryItem().getByRole("button", { name: "Verify…" }).click();
    const verify = page.getByRole("dialog", { name: `Verify repository ${repo}` });
    await verify
      .getByTestId("admin-request")
      .getByText(`POST /_snapshot/${repo}/_verify`)
      .waitFor();
    await send(verify);
    const by = await verify.getByTestId("verified-by").innerText();
    assert.match(by, /^Verified by \S/);
    assert.doesNotMatch(by, /no node/);
    await screenshot(page, "repository-verify");
    await verify.getByRole("button", { name: "Done", exact: true }).click();
  });

  it("takes a snapshot, follows its progress until SUCCESS, and shows its detail", async () => {
    await repositoryItem().getByRole("button", { name: "Take snapshot…" }).click();
    const dialog = page.getByRole("dialog", { name: `Take snapshot into ${repo}` });
    await dialog.getByLabel("Snapshot name").fill(snap);
    await dialog.getByLabel(/^Indices/).fill(index);
    await dialog.getByRole("button", { name: "Show request" }).click();
    const request = dialog.getByTestId("admin-request");
    await request.waitFor();
    assert.match(
      await request.innerText(),
      new RegExp(`^PUT /_snapshot/${repo}/${snap}\\?wait_for_completion=false\\n`),
    );
    await send(dialog);
    const state = dialog.getByTestId("snapshot-state");
    await state.waitFor();
    await screenshot(page, "snapshot-take-progress");
    await state.getByText(/^SUCCESS: \d+ of \d+ shards done/).waitFor();
    await dialog.getByRole("button", { name: "Done", exact: true }).click();

    await snapshotItem().getByText("SUCCESS").waitFor();
    await snapshotItem().getByRole("button", { name: "Details" }).click();
    const detail = page
      .locator(`tr[data-snapshot-detail="${snap}"]`)
      .getByTestId("snapshot-detail");
    await detail.locator("td", { hasText: index }).waitFor();
    const row = await detail.locator("tr", { hasText: index }).innerText();
    assert.match(row, /1 of 1\s+0\s+\d/, "one shard done, none failed, its size");
    await screenshot(page, "snapshot-detail");
  });

  it("deletes the snapshot only once its name is typed", async () => {
    await snapshotItem().getByRole("button", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete snapshot ${snap}` });
    await dialog
      .getByTestId("admin-request")
      .getByText(`DELETE /_snapshot/${repo}/${snap}`)
      .waitFor();
    const sendButton = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await sendButton.isDisabled(), true);
    const confirm = dialog.getByLabel(`Type ${snap} to confirm`);
    await confirm.fill(`${snap}x`);
    assert.equal(await sendButton.isDisabled(), true);
    await screenshot(page, "snapshot-delete-typed");
    assert.equal(await status(`/_snapshot/${repo}/${snap}`), 200, "nothing is sent before Send");
    await confirm.fill(snap);
    await send(dialog);
    assert.equal(await status(`/_snapshot/${repo}/${snap}`), 404);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await page
      .getByTestId(`snapshots-of-${repo}`)
      .getByText("No snapshots in this repository.")
      .waitFor();
  });

  it("removes the repository only once its name is typed", async () => {
    await repositoryItem().getByRole("button", { name: "Remove…" }).click();
    const dialog = page.getByRole("dialog", { name: `Remove repository ${repo}` });
    await dialog.getByTestId("admin-request").getByText(`DELETE /_snapshot/${repo}`).waitFor();
    const sendButton = dialog.getByRole("button", { name: "Send request" });
    assert.equal(await sendButton.isDisabled(), true);
    await dialog.getByLabel(`Type ${repo} to confirm`).fill(repo);
    await send(dialog);
    assert.equal(await status(`/_snapshot/${repo}`), 404);
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await repositoryItem().waitFor({ state: "detached" });
  });
});
