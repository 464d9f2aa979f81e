/** What a refused call throws, checked once for unit tests of pure rules (docs/testing.md, "Fixtures"). */
import assert from "node:assert/strict";
import { QuarryError } from "../../src/core/errors.ts";

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
