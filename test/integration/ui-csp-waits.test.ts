/**
 * How a browser test may wait on the app's page, whose Content-Security-Policy allows no eval
 * (src/app/http/api/assets.ts: `default-src 'self'`, no 'unsafe-eval'; docs/decisions.md).
 * Playwright evaluates the text of a `waitForFunction` predicate inside the page: at once, within
 * its own protocol call, which the policy lets through, and again at every later poll, from the
 * page's own animation frames, which the policy refuses. A function predicate is evaluated once and
 * the function kept and called at each poll; a locator is polled by Playwright's own script.
 *
 * Each predicate here is false for its first polls, so Playwright must poll it: the first test is
 * the failure the suite once had at random (a predicate that was not yet true when first asked),
 * made certain; the rule that keeps it out of the suite is test/unit/test-waits.test.ts.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { appWithBrowser } from "../support/ui.ts";

describe("UI: waiting on a page that allows no eval", () => {
  const { app, browser, page } = appWithBrowser();

  before(async () => {
    const answer = await page.goto(app.url);
    assert.doesNotMatch(answer?.headers()["content-security-policy"] ?? "", /unsafe-eval/);
    await page.locator("main").waitFor();
  });

  const resetPolls = (p: Page) => p.evaluate("globalThis.polls = 0");

  it("a predicate given as text fails once it is polled: the page refuses to evaluate it", async () => {
    // A page of its own: the refused eval may also surface as the page's uncaught error, which
    // the fixture's page reports as a failure when it closes.
    const own = await browser.context.newPage();
    try {
      await own.goto(app.url);
      await own.locator("main").waitFor();
      await resetPolls(own);
      // The one predicate given as text in the suite, on purpose (test-waits.test.ts allows it).
      const polled = own.waitForFunction("(globalThis.polls += 1) > 3", undefined, {
        timeout: 60_000,
      });
      await assert.rejects(polled, /EvalError: .*'unsafe-eval' is not an allowed source of script/);
      assert.equal(await own.evaluate("globalThis.polls"), 1, "only the first evaluation ran");
    } finally {
      await own.close();
    }
  });

  it("a function predicate is polled until it holds", async () => {
    await resetPolls(page);
    await page.waitForFunction(
      () => {
        const g = globalThis as { polls?: number };
        g.polls = (g.polls ?? 0) + 1;
        return g.polls > 3;
      },
      undefined,
      { timeout: 60_000 },
    );
    assert.equal(await page.evaluate("globalThis.polls"), 4);
  });

  it("a locator waits on the page without evaluating text", async () => {
    const later = page
      .locator('body[data-later="yes"]')
      .waitFor({ state: "attached", timeout: 60_000 });
    await page.evaluate("document.body.dataset.later = 'yes'");
    await later;
  });
});
