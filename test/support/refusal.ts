/** What a refused call throws or rejects with, checked once (docs/testing.md, "Fixtures"). */
import assert from "node:assert/strict";
import { isQuarryError, QuarryError } from "../../src/core/errors.ts";

/**
 * The QuarryError `fn` throws; anything else, or nothing, fails the test. With `code`, the error
 * must carry that code and a remedy.
 */
export function refusal(fn: () => unknown, code?: string): QuarryError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof QuarryError, `expected a QuarryError, got ${String(e)}`);
    if (code !== undefined) {
      assert.equal(e.code, code);
      assert.ok(e.remedy.length > 0, "every refusal carries a remedy");
    }
    return e;
  }
  assert.fail("expected a refusal");
}

/**
 * The QuarryError `p` rejects with, recognized by its shape (a driver loaded as a plugin has its
 * own copy of the class); anything else, or no rejection, fails the test. With `code`, the error
 * must carry that code and a remedy.
 */
export async function refusalOf(p: Promise<unknown>, code?: string): Promise<QuarryError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isQuarryError(e), `expected a QuarryError, got ${String((e as Error)?.stack ?? e)}`);
    if (code !== undefined) {
      assert.equal(e.code, code, `${e.code}: ${e.message}`);
      assert.ok(e.remedy.length > 0, "every refusal carries a remedy");
    }
    return e;
  }
  assert.fail(code === undefined ? "expected a refusal" : `expected a refusal with ${code}`);
}
