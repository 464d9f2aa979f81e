/**
 * The role editor's pure parts (web/src/index-page/admin/security/role-form.ts): the form's role
 * body and back, and which roles open in JSON because the form cannot show all of them.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  formOf,
  jsonOnlyDefinition,
  list,
  parsedObject,
  roleBody,
} from "../../web/src/admin/security/role-form.ts";

describe("the role editor's form and JSON", () => {
  test("a form's role body reads back as the same form", () => {
    const body = roleBody(list("monitor, , manage_ilm"), [
      { names: list("logs-*,metrics"), privileges: list("read") },
    ]);
    assert.deepEqual(body, {
      cluster: ["monitor", "manage_ilm"],
      indices: [{ names: ["logs-*", "metrics"], privileges: ["read"] }],
    });
    assert.deepEqual(formOf(body), {
      cluster: ["monitor", "manage_ilm"],
      tables: [{ names: ["logs-*", "metrics"], privileges: ["read"] }],
    });
  });

  test("JSON that is not an object says why", () => {
    assert.match(String(parsedObject("[1]")), /must be a JSON object/);
    assert.match(String(parsedObject("{")), /not valid/);
  });

  test("a role as the cluster states it opens in the form unless it holds more", () => {
    const plain = {
      cluster: ["monitor"],
      indices: [{ names: ["a"], privileges: ["read"], allow_restricted_indices: false }],
      applications: [],
      run_as: [],
      metadata: {},
      transient_metadata: { enabled: true },
    };
    assert.equal(jsonOnlyDefinition(plain), null);
    const withFields = {
      ...plain,
      indices: [{ names: ["a"], privileges: ["read"], field_security: { grant: ["x"] } }],
    };
    const json = JSON.parse(jsonOnlyDefinition(withFields) ?? "null") as Record<string, unknown>;
    assert.deepEqual(json.indices, withFields.indices);
    assert.equal("transient_metadata" in json, false);
    assert.notEqual(jsonOnlyDefinition({ ...plain, run_as: ["bob"] }), null);
  });
});
