/**
 * How quarry-mcp launches Quarry on each platform (src/bridge/launcher.ts), and the shortened
 * bridge token lifetimes the app takes from its environment (src/app/mcp-host/bridge-token-env.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { bridgeTokenTimesFromEnv } from "../../src/app/mcp-host/bridge-token-env.ts";
import { launch, launchPlan, quarryBesideBridge } from "../../src/bridge/launcher.ts";

const base = { env: {}, schemeHandler: undefined, quarryBeside: "/opt/quarry/bin/quarry" };

test("macOS: open -g quarry://integrations/start-mcp", () => {
  assert.deepEqual(launchPlan({ ...base, platform: "darwin", schemeHandler: "x.desktop" }), {
    kind: "command",
    command: "/usr/bin/open",
    args: ["-g", "quarry://integrations/start-mcp"],
    how: "open -g quarry://integrations/start-mcp",
  });
});

test("Linux: the registered quarry:// handler, else the quarry beside the bridge in the background", () => {
  const handler = launchPlan({
    ...base,
    env: { DISPLAY: ":0" },
    platform: "linux",
    schemeHandler: "quarry-url-handler.desktop",
  });
  assert.equal(handler.kind, "command");
  if (handler.kind === "command") {
    assert.equal(handler.command, "xdg-open");
    assert.deepEqual(handler.args, ["quarry://integrations/start-mcp"]);
    assert.equal(
      handler.fallback?.command,
      "/opt/quarry/bin/quarry",
      "the quarry beside if it fails",
    );
  }
  // Without a graphical session xdg-open cannot open a scheme: the quarry beside, directly.
  const headless = launchPlan({
    ...base,
    platform: "linux",
    schemeHandler: "quarry-url-handler.desktop",
  });
  assert.equal(headless.kind === "command" && headless.command, "/opt/quarry/bin/quarry");
  const beside = launchPlan({ ...base, platform: "linux" });
  assert.equal(beside.kind, "command");
  if (beside.kind === "command") {
    assert.equal(beside.command, "/opt/quarry/bin/quarry");
    assert.deepEqual(beside.args, ["open-url", "quarry://integrations/start-mcp"]);
  }
  const nothing = launchPlan({ ...base, platform: "linux", quarryBeside: undefined });
  assert.equal(nothing.kind, "none");
});

test("QUARRY_LAUNCHER names another launcher (with the URL), or none", () => {
  const chosen = launchPlan({
    ...base,
    platform: "darwin",
    env: { QUARRY_LAUNCHER: "/usr/local/bin/l" },
  });
  assert.deepEqual(chosen.kind === "command" && [chosen.command, chosen.args], [
    "/usr/local/bin/l",
    ["quarry://integrations/start-mcp"],
  ]);
  const none = launchPlan({ ...base, platform: "linux", env: { QUARRY_LAUNCHER: "none" } });
  assert.deepEqual(none, { kind: "none", why: 'QUARRY_LAUNCHER is "none"' });
});

test("the quarry beside the bridge is this install's bin/quarry", () => {
  assert.match(quarryBesideBridge() ?? "", /\/bin\/quarry$/);
});

test("a launcher's failure says how it failed, with the last line it printed", async () => {
  const l = launch(
    {
      kind: "command",
      command: "/bin/sh",
      args: ["-c", "echo first >&2; echo 'no app here' >&2; exit 3"],
      how: "sh",
    },
    process.env,
  );
  assert.equal(await l.ended, "sh failed (exit status 3): no app here");
  l.release();
  const ok = launch({ kind: "command", command: "/bin/true", args: [], how: "true" }, process.env);
  assert.equal(await ok.ended, undefined);
  ok.release();
  const missing = launch(
    { kind: "command", command: "/no/such/launcher", args: [], how: "missing" },
    process.env,
  );
  assert.match((await missing.ended) ?? "", /^missing could not run \(ENOENT\)/);
  missing.release();
});

test("bridge token lifetimes from the environment (tests only)", () => {
  assert.deepEqual(bridgeTokenTimesFromEnv({}), {});
  assert.deepEqual(
    bridgeTokenTimesFromEnv({
      QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "3000",
      QUARRY_BRIDGE_TOKEN_ROTATE_BEFORE_MS: "1500",
    }),
    { times: { lifetimeMs: 3000, rotateBeforeMs: 1500 } },
  );
  assert.deepEqual(bridgeTokenTimesFromEnv({ QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "4000" }), {
    times: { lifetimeMs: 4000, rotateBeforeMs: 1000 },
  });
  for (const env of [
    { QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "10" },
    { QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "1h" },
    { QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "3000", QUARRY_BRIDGE_TOKEN_ROTATE_BEFORE_MS: "3000" },
  ])
    assert.match(bridgeTokenTimesFromEnv(env).problem ?? "", /ignored$/);
});
