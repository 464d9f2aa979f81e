/**
 * How the browser tests wait (docs/testing.md, "Reliable on a busy machine"), checked over the
 * tests as they are:
 *
 * - `waitForFunction` is given a function, never text. Playwright evaluates a text predicate again
 *   at every poll, inside the page, and the app's Content-Security-Policy (no 'unsafe-eval',
 *   src/app/http/api/assets.ts) refuses that: a predicate not true at once fails with an EvalError.
 *   A function is evaluated once and kept (test/integration/ui-csp-waits.test.ts shows both).
 * - `waitForResponse`, `waitForRequest` and `waitForEvent` are started before the action that
 *   brings the event, never awaited where they start: started after it, the wait misses an event
 *   that came first and times out.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every TypeScript file under test/, as a path from the root. */
function testFiles(): string[] {
  return readdirSync(join(ROOT, "test"), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** The text predicate that shows the failure on purpose (its file's header says why). */
const TEXT_PREDICATE_ALLOWED = new Set(["test/integration/ui-csp-waits.test.ts"]);
const EVENT_WAITS = new Set(["waitForResponse", "waitForRequest", "waitForEvent"]);

interface Finding {
  file: string;
  line: number;
  what: string;
}

/** `x.name(...)` calls in a source, with the method's name. */
function methodCalls(sf: ts.SourceFile): { call: ts.CallExpression; name: string }[] {
  const out: { call: ts.CallExpression; name: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression))
      out.push({ call: node, name: node.expression.name.text });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The expression that holds `node`'s value, past parentheses. */
function holder(node: ts.Node): ts.Node {
  let at = node.parent;
  while (at && ts.isParenthesizedExpression(at)) at = at.parent;
  return at;
}

export function waitFindings(file: string, text: string): Finding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const findings: Finding[] = [];
  for (const { call, name } of methodCalls(sf)) {
    if (name === "waitForFunction") {
      const predicate = call.arguments[0];
      const isFunction =
        predicate && (ts.isArrowFunction(predicate) || ts.isFunctionExpression(predicate));
      if (!isFunction && !TEXT_PREDICATE_ALLOWED.has(file))
        findings.push({
          file,
          line: line(call),
          what: "waitForFunction with a predicate that is not a function written in place",
        });
    } else if (EVENT_WAITS.has(name) && ts.isAwaitExpression(holder(call))) {
      findings.push({
        file,
        line: line(call),
        what: `${name} awaited where it starts (start it before the action that brings the event)`,
      });
    }
  }
  return findings;
}

test("the rule sees both mistakes, and lets the right forms through", () => {
  const wrong = [
    "await page.waitForFunction(`document.body.dataset.x === 'y'`);",
    'await page.waitForFunction("window.ready");',
    "await page.waitForFunction(READY);",
    "await page.click(); await page.waitForResponse((r) => r.url().endsWith('/x'));",
    "await (page.waitForRequest('**/x'));",
    "const d = await page.waitForEvent('download');",
  ];
  // Inside an async function, as in a test (at a script's top level `await (…)` is a call).
  const inTest = (text: string) =>
    waitFindings("test/x.test.ts", `it("t", async () => { ${text} });`);
  for (const text of wrong) assert.equal(inTest(text).length, 1, `flags: ${text}`);
  const right = [
    "await page.waitForFunction((n) => n > 1, 2);",
    "await page.waitForFunction(function () { return true; });",
    "const r = page.waitForResponse((r) => r.url().endsWith('/x')); await click(); await r;",
    "const [d] = await Promise.all([page.waitForEvent('download'), click()]);",
    "await page.locator('html[data-theme=\"dark\"]').waitFor();",
  ];
  for (const text of right) assert.deepEqual(inTest(text), [], `lets through: ${text}`);
});

test("every test waits in a way the page's CSP cannot refuse, and starts event waits first", () => {
  const findings = testFiles().flatMap((f) => waitFindings(f, readFileSync(join(ROOT, f), "utf8")));
  assert.deepEqual(
    findings.map((f) => `${f.file}:${f.line}: ${f.what}`),
    [],
    "docs/testing.md, Reliable on a busy machine",
  );
});
