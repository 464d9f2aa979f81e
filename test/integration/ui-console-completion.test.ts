/**
 * Console completion and editor habits in a real browser, on each supported major: `GET /sam`
 * offers the live index names, `"match": { "` the index's fields with their types, `GET /_cat/`
 * that version's cat endpoints; Format body lays out a body with its comments; the reference
 * link follows the request at the cursor. Saves artifacts/console-completion.png.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { node } from "../support/cluster.ts";
import {
  acceptCompletionWithEnter,
  completionOption,
  completionPopup,
  typeInConsole,
} from "../support/console-page.ts";
import { describeOnMajors } from "../support/majors.ts";
import { ownIndex } from "../support/own-index.ts";
import { addNodeConnection, appWithBrowser } from "../support/ui.ts";

const root = join(import.meta.dirname, "..", "..");
const popup = completionPopup;
const option = completionOption;

describe("console completion and editor habits on every supported major", () => {
  const { app, page } = appWithBrowser();

  describeOnMajors(
    (name) => name,
    (name) => {
      // Starts with "sam" so `GET /sam` offers it; unique to this file and run.
      const index = `sample-orders-t-c16c-${randomBytes(3).toString("hex")}`;
      const _es = ownIndex(
        name,
        index,
        [["o1", { customer_name: "Ada", total: 12.5, ordered_at: "2024-01-02" }]],
        {
          mappings: {
            properties: {
              customer_name: { type: "keyword" },
              total: { type: "double" },
              ordered_at: { type: "date" },
            },
          },
        },
      );
      let connectionId: string;

      before(async () => {
        connectionId = await addNodeConnection(app, name);
        await page.goto("about:blank");
        await page.goto(`${app.url}#/c/${connectionId}/console`);
      });

      it("GET /sam offers the index names that start so", async () => {
        await typeInConsole(page, "GET /", "sam");
        await option(page, index).waitFor();
        assert.equal(
          await option(page, index).locator(".cm-completionDetail").innerText(),
          "index",
        );
        if (name === "es8") await option(page, "sample-orders").waitFor();
        // Picking it inserts it.
        await option(page, index).click();
        await page.locator(".cm-line", { hasText: `GET /${index}` }).waitFor();
      });

      it('inside "match": { " offers the index\'s fields with their types', async () => {
        await typeInConsole(page, `GET /${index}/_search\n{\n  "query": {\n    "match": { `, '"');
        await option(page, "customer_name").waitFor();
        assert.equal(
          await option(page, "customer_name").locator(".cm-completionDetail").innerText(),
          "keyword",
        );
        assert.equal(
          await option(page, "total").locator(".cm-completionDetail").innerText(),
          "double",
        );
        if (name === "es8") {
          await mkdir(join(root, "artifacts"), { recursive: true });
          await page.screenshot({ path: join(root, "artifacts", "console-completion.png") });
        }
        await page.keyboard.type("cust");
        await acceptCompletionWithEnter(page, "customer_name");
        await page
          .locator(".cm-line", { hasText: '"match": { "customer_name": ""' })
          .waitFor()
          .catch(async (e: Error) => {
            // Say what the editor holds instead: the line the completion should have made.
            const text = await page.locator(".console-editor .cm-content").innerText();
            throw new Error(`${e.message}\nThe editor holds:\n${text}`);
          });
      });

      it("after GET /_cat/ offers the cat endpoints of this version", async () => {
        await typeInConsole(page, "GET /_cat", "/");
        await option(page, "indices").waitFor();
        await option(page, "shards").waitFor();
        const labels = await popup(page).locator(".cm-completionLabel").allInnerTexts();
        // `_cat/circuit_breaker` is a 9.x endpoint.
        assert.equal(labels.includes("circuit_breaker"), name === "es9", labels.join());
      });

      it("Format body lays out the body at the cursor, comments kept", async () => {
        await typeInConsole(
          page,
          `GET /${index}/_search\n{"query": {"match_all": {}}, // all\n"size": 1}`,
          "",
        );
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Format body" }).click();
        const text = (await page.locator(".console-editor .cm-content").innerText()).replace(
          /\u00a0/g,
          " ",
        );
        assert.match(
          text,
          /\{\n {2}"query": \{\n {4}"match_all": \{\}\n {2}\}, \/\/ all\n {2}"size": 1\n\}/,
        );
      });

      it("links the request at the cursor to its reference page for this version", async () => {
        await typeInConsole(page, `GET /_cat/indices\n\nGET /${index}/_search\n{"size": 1}`, "");
        await page.keyboard.press("Escape");
        const page_ =
          name === "es7"
            ? "reference/7.17/search-search.html"
            : name === "es8"
              ? `reference/${node(name).version.split(".").slice(0, 2).join(".")}/search-search.html`
              : "/docs/api/doc/elasticsearch/operation/operation-search";
        await page.locator(`a.reference-link[href$="${page_}"]`).waitFor();
        // The cursor on the first request: the link follows it.
        await page.keyboard.press("ControlOrMeta+Home");
        await page.locator("a.reference-link", { hasText: "cat.indices" }).waitFor();
      });
    },
  );
});
