import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { exactIntegerText, isExactInteger, parseJsonExact } from "../../src/core/exact-json.ts";

describe("parseJsonExact", () => {
  it("keeps integers beyond 2^53 digit for digit, and writes them back the same", () => {
    const text =
      '{"a":12345678901234567891,"b":[-9223372036854775808,1],"c":"12345678901234567891"}';
    const v = parseJsonExact(text) as { a: unknown; b: unknown[]; c: unknown };
    assert.ok(isExactInteger(v.a));
    assert.equal(exactIntegerText(v.a), "12345678901234567891");
    assert.ok(isExactInteger(v.b[0]));
    assert.equal(v.b[1], 1);
    assert.equal(v.c, "12345678901234567891", "strings are strings");
    assert.equal(JSON.stringify(v), text);
  });

  it("leaves safe integers and floats as numbers", () => {
    const v = parseJsonExact('{"a":9007199254740991,"b":1.5,"c":12345678901234567.5,"d":1e300}');
    assert.deepEqual(v, {
      a: 9007199254740991,
      b: 1.5,
      c: Number("12345678901234567.5"),
      d: 1e300,
    });
  });

  it("parses like JSON.parse when no number is long enough, errors included", () => {
    assert.deepEqual(parseJsonExact('{"a":[1,2,{"b":null}]}'), { a: [1, 2, { b: null }] });
    assert.throws(() => parseJsonExact("{nope"), SyntaxError);
    assert.throws(() => parseJsonExact('{"a":12345678901234567891'), SyntaxError);
  });

  it("is not fooled into rounding by a number at the start or after whitespace", () => {
    const v = parseJsonExact("[\n  12345678901234567891 ]") as unknown[];
    assert.equal(JSON.stringify(v), "[12345678901234567891]");
    assert.equal(JSON.stringify(parseJsonExact("12345678901234567891")), "12345678901234567891");
  });
});
