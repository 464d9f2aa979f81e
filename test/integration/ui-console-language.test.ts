/**
 * The console's language in a real browser, on every supported major (es9 with security and TLS):
 * a pasted curl command becomes a request and runs; a body with `/* *\/` and `//` comments runs;
 * variables from the Variables panel substitute (and the CLI reads the same store), and an
 * undefined one is a clear error.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { clickRun, replaceConsoleText } from "../support/console-page.ts";
import { describeOnMajors } from "../support/majors.ts";
import { ownIndex } from "../support/own-index.ts";
import { addNodeConnection, appWithBrowser, screenshot } from "../support/ui.ts";

const DOCS = 12;
const unique = () => `t-c16p-ui-${Math.random().toString(16).slice(2, 10)}`;

async function setText(page: Page, text: string): Promise<void> {
  await replaceConsoleText(page, text);
}

/** The editor's lines, as the page shows them. */
const editorText = (page: Page) => page.locator(".console-editor .cm-content").innerText();

/** Runs the request at the cursor and waits for the app's answer. */
async function run(page: Page): Promise<void> {
  const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
  await clickRun(page);
  await ran;
}

/** A real paste event on the editor, with the text on the clipboard as the browser gives it. */
async function paste(page: Page, text: string): Promise<void> {
  await page.locator(".console-editor .cm-content").evaluate((el, t) => {
    // The page's own classes (this file is type-checked without the DOM's types).
    const w = globalThis as unknown as {
      DataTransfer: new () => { setData(type: string, data: string): void };
      ClipboardEvent: new (type: string, init: object) => Event;
    };
    const data = new w.DataTransfer();
    data.setData("text/plain", t);
    el.dispatchEvent(
      new w.ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function hitIds(page: Page): Promise<string[]> {
  const result = page.getByTestId("console-result");
  await result.locator('.ag-cell[col-id="_id"]').first().waitFor();
  return (await result.locator('.ag-cell[col-id="_id"]').allInnerTexts()).map((s) => s.trim());
}

describe("console language in the browser on every supported major", () => {
  const { app, page } = appWithBrowser();

  describeOnMajors(
    (name) => name,
    (name) => {
      const index = unique();
      const docs = Array.from({ length: DOCS }, (_, i): [string, Record<string, unknown>] => [
        `d${i}`,
        { n: i, word: `w${i}` },
      ]);
      const _es = ownIndex(name, index, docs, {
        mappings: { properties: { n: { type: "integer" }, word: { type: "keyword" } } },
      });
      let connectionId: string;

      before(async () => {
        connectionId = await addNodeConnection(app, name);
        await page.goto("about:blank");
        await page.goto(`${app.url}#/c/${connectionId}/console`);
      });

      it("a pasted curl command becomes a request and runs", async () => {
        await setText(page, "");
        const curl = [
          `curl -X GET "localhost:9200/${index}/_search?pretty" \\`,
          `  -u elastic:not-a-real-password \\`,
          `  -H 'Content-Type: application/json' -d'`,
          "{",
          '  "query": { "term": { "word": "w7" } }',
          "}",
          "'",
        ].join("\n");
        const converted = page.waitForResponse((r) => r.url().endsWith("/console/from-curl"));
        await paste(page, curl);
        assert.equal((await converted).status(), 200);
        await page
          .locator(".console-editor .cm-content", { hasText: `GET /${index}/_search?pretty` })
          .waitFor();
        assert.equal(
          await editorText(page),
          `GET /${index}/_search?pretty\n{\n  "query": { "term": { "word": "w7" } }\n}`,
        );
        // What was dropped is said, the password never.
        const note = page.getByText(/Pasted curl as a request/);
        await note.waitFor();
        const said = await note.innerText();
        assert.match(said, /localhost:9200 was dropped/);
        assert.match(said, /\(-u\) were dropped/);
        assert.ok(!said.includes("not-a-real-password"));
        await run(page);
        assert.deepEqual(await hitIds(page), ["d7"]);
        await screenshot(page, `c16p-curl-paste-${name}`);
      });

      it("a curl command the console cannot carry is refused, and nothing is inserted", async () => {
        await setText(page, "");
        await paste(page, `curl -XPOST localhost:9200/_bulk --data-binary @-`);
        await page.getByText(/reads its body from standard input/).waitFor();
        assert.equal((await editorText(page)).trim(), "");
      });

      it("a body with /* */ and // comments runs", async () => {
        await setText(
          page,
          [
            `GET /${index}/_search // the word w3`,
            "{",
            "  /* a block comment,",
            '     over two lines with "quotes" */',
            '  "query": { "term": { "word": "w3" } }, // trailing',
            '  "size": 5 # and a hash',
            "}",
          ].join("\n"),
        );
        await run(page);
        assert.deepEqual(await hitIds(page), ["d3"]);
      });

      it("variables from the panel substitute; an undefined one is a clear error", async () => {
        await page
          .getByRole("toolbar", { name: "Console actions" })
          .getByRole("button", { name: "Variables" })
          .click();
        const dialog = page.getByRole("dialog", { name: "Variables" });
        await dialog.getByText(/not for passwords or API keys/).waitFor();
        const add = async (n: number, key: string, value: string) => {
          await dialog.getByRole("button", { name: "Add variable" }).click();
          await dialog.getByLabel(`Name ${n}`).fill(key);
          await dialog.getByLabel(`Value ${n}`).fill(value);
        };
        await add(1, "IDX", index);
        await add(2, "WORD", "w5");
        await add(3, "QUERY", '{"term": {"n": 5}}');
        const saved = page.waitForResponse(
          (r) => r.url().endsWith("/console/variables") && r.request().method() === "PUT",
        );
        await dialog.getByRole("button", { name: "Save" }).click();
        assert.equal((await saved).status(), 200);
        await dialog.waitFor({ state: "detached" });

        await setText(
          page,
          `GET /\${IDX}/_search\n{"query": {"bool": {"filter": [{"term": {"word": "\${WORD}"}}, \${QUERY}]}}}`,
        );
        await run(page);
        assert.deepEqual(await hitIds(page), ["d5"]);
        await screenshot(page, `c16p-variables-${name}`);

        // Nothing is sent: the request is not whole without its variable.
        let sent = false;
        const watch = (r: { url(): string }) => {
          if (r.url().endsWith("/console/run")) sent = true;
        };
        page.on("request", watch);
        await setText(page, `GET /\${IDX}/_search\n{"size": \${MISSING}}`);
        await clickRun(page);
        const error = page.getByTestId("console-result").getByRole("alert");
        await error.waitFor();
        const text = await error.innerText();
        assert.match(text, /The variable \$\{MISSING\} on line 2 is not defined/);
        assert.match(text, /Define MISSING in the console's Variables panel/);
        page.off("request", watch);
        assert.equal(sent, false);
        // The editor marks the line too.
        await page.locator(".cm-lint-marker-error").first().waitFor();
      });
    },
  );
});
