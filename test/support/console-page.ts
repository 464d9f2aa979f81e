/** The console page driven as a person drives it, for the browser tests (test/integration/ui-*). */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/** Replaces the console editor's text with `text`, pasted in one go. */
export async function replaceConsoleText(page: Page, text: string): Promise<void> {
  const editor = page.locator(".console-editor .cm-content");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

/** Presses Run in the console's toolbar. */
export async function clickRun(page: Page): Promise<void> {
  await page
    .getByRole("toolbar", { name: "Console actions" })
    .getByRole("button", { name: "Run", exact: true })
    .click();
}

/** Presses Run and waits for the console's answer, which must be a 200. */
export async function runAndWait(page: Page): Promise<void> {
  const ran = page.waitForResponse((r) => r.url().endsWith("/console/run"));
  await clickRun(page);
  assert.equal((await ran).status(), 200);
}

/** Empties the editor, puts `text` in, then types `typed` key by key (typing opens completion). */
export async function typeInConsole(page: Page, text: string, typed: string): Promise<void> {
  const editor = page.locator(".console-editor .cm-content");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.press("Escape");
  if (text) await page.keyboard.insertText(text);
  await page.keyboard.type(typed);
}

/** The completion popup. */
export const completionPopup = (page: Page) => page.locator(".cm-tooltip-autocomplete");

/** The popup's option whose label is exactly `label`. */
export const completionOption = (page: Page, label: string) =>
  completionPopup(page).locator("li", {
    has: page.locator(".cm-completionLabel", {
      hasText: new RegExp(`^${label.replace(/[|]/g, "\\|")}$`),
    }),
  });

/** The completion list while it takes keys (the editor marks it disabled while an answer is due). */
const ENABLED_LIST = ".cm-tooltip-autocomplete:not(.cm-tooltip-autocomplete-disabled)";

/** CodeMirror autocomplete's default `interactionDelay`, which the console keeps. */
const INTERACTION_DELAY_MS = 75;

/**
 * Presses Enter on the completion list once the editor would take it: the list enabled (not
 * waiting on a new answer), `label` selected, and open longer than CodeMirror's
 * `interactionDelay` (75 ms), before which Enter inserts a line break instead. The list's opening
 * time is not in the page, so the wait counts from the first moment this sees it open, which is
 * never before it opened.
 */
export async function acceptCompletionWithEnter(page: Page, label: string): Promise<void> {
  await page
    .locator(ENABLED_LIST)
    .locator('li[aria-selected="true"]', { hasText: label })
    .waitFor();
  await page.waitForFunction(
    ([selector, delay]) => {
      // In the page; typed by hand (this project's TypeScript has no DOM types).
      const page = globalThis as unknown as {
        document: { querySelector(s: string): { seenAt?: number } | null };
      };
      const list = page.document.querySelector(selector);
      if (!list) return false;
      list.seenAt ??= performance.now();
      return performance.now() - list.seenAt > delay;
    },
    [ENABLED_LIST, INTERACTION_DELAY_MS] as const,
    { polling: "raf" },
  );
  await page.keyboard.press("Enter");
}
