/**
 * How the app's process runs (docs/decisions.md, "The app's young generation" and "The app's
 * memory under sustained load") is given in two places: the launcher, for the app it runs itself,
 * and the background spawn. They must be the same.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { APP_ENV, APP_NODE_FLAGS } from "../../src/app/process/node-flags.ts";

const root = join(import.meta.dirname, "..", "..");
const launcher = readFileSync(join(root, "bin", "node-runtime.sh"), "utf8");

test("the launcher runs the app with the flags the background app is spawned with", () => {
  const appCase = /^\s*"" \| start \| -\*\) node_flags="([^"]*)"; export \$app_env ;;$/m.exec(
    launcher,
  );
  assert.ok(appCase, "bin/node-runtime.sh has a case for the app's commands");
  assert.equal(appCase[1], APP_NODE_FLAGS.join(" "));
});

test("the launcher gives the app the allocator settings the background app is spawned with", () => {
  const env = /^app_env="([^"]*)"$/m.exec(launcher);
  assert.ok(env, "bin/node-runtime.sh names the app's environment");
  const named = Object.fromEntries((env[1] ?? "").split(" ").map((kv) => kv.split("=")));
  assert.deepEqual(named, APP_ENV);
});
