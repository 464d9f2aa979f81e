/**
 * The app's V8 flags (docs/decisions.md, "The app's young generation") are given in two places:
 * the launcher, for the app it runs itself, and the background spawn. They must be the same.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { APP_NODE_FLAGS } from "../../src/app/process/node-flags.ts";

const root = join(import.meta.dirname, "..", "..");

test("the launcher runs the app with the flags the background app is spawned with", () => {
  const launcher = readFileSync(join(root, "bin", "node-runtime.sh"), "utf8");
  const appCase = /^\s*"" \| start \| -\*\) node_flags="([^"]*)" ;;$/m.exec(launcher);
  assert.ok(appCase, "bin/node-runtime.sh has a case for the app's commands");
  assert.equal(appCase[1], APP_NODE_FLAGS.join(" "));
});
