/**
 * ES|QL completion in the console, in a real browser on each supported major: inside
 * `POST /_query` `"query": """`, `FROM sam` offers the index names, `| WHERE cust` the FROM index's
 * fields with their types, `| STATS` the aggregate functions; on 7.17 the list says ES|QL is not
 * available. Saves artifacts/esql-completion.png (support/ui.ts, artifact).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { completionOption, typeInConsole } from "../support/console-page.ts";
import { describeOnMajors } from "../support/majors.ts";
import { ownIndex } from "../support/own-index.ts";
import { addNodeConnection, appWithBrowser, artifact } from "../support/ui.ts";

const option = completionOption;

const QUERY = 'POST /_query\n{\n  "query": """';

describe("ES|QL completion in the console on every supported major", () => {
  const { app, page } = appWithBrowser();

  describeOnMajors(
    (name) => name,
    (name) => {
      const index = `sample-orders-t-esql-${randomBytes(3).toString("hex")}`;
      const _es = ownIndex(name, index, [["o1", { customer_name: "Ada", total: 12.5 }]], {
        mappings: {
          properties: { customer_name: { type: "keyword" }, total: { type: "double" } },
        },
      });

      before(async () => {
        const connectionId = await addNodeConnection(app, name);
        await page.goto("about:blank");
        await page.goto(`${app.url}#/c/${connectionId}/console`);
      });

      if (name === "es7") {
        it("says ES|QL is not available", async () => {
          await typeInConsole(page, QUERY, "FROM sam");
          const line = option(page, "ES|QL is not available on this cluster");
          await line.waitFor();
          assert.match(
            await line.locator(".cm-completionDetail").innerText(),
            /7\.17\.\d+; ES\|QL came in 8\.11/,
          );
        });
        return;
      }

      it('"""FROM sam offers the index names', async () => {
        await typeInConsole(page, QUERY, "FROM sam");
        await option(page, index).waitFor();
        if (name === "es8") await option(page, "sample-orders").waitFor();
        await option(page, index).click();
        await page.locator(".cm-line", { hasText: `"""FROM ${index}` }).waitFor();
      });

      it("| WHERE cust offers the index's fields with their types", async () => {
        await typeInConsole(page, `${QUERY}FROM ${index} | WHERE `, "cust");
        await option(page, "customer_name").waitFor();
        assert.equal(
          await option(page, "customer_name").locator(".cm-completionDetail").innerText(),
          "keyword",
        );
      });

      it("| STATS offers aggregate functions", async () => {
        await typeInConsole(page, `${QUERY}FROM ${index} | STATS `, "C");
        await option(page, "COUNT").waitFor();
        assert.equal(
          await option(page, "COUNT").locator(".cm-completionDetail").innerText(),
          "aggregate function",
        );
        await page.keyboard.press("Backspace");
        await page.keyboard.type("A");
        await option(page, "AVG").waitFor();
        if (name === "es8") await artifact(page, "esql-completion");
        await page.keyboard.press("Escape");
      });
    },
  );
});
