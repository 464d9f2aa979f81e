/**
 * quarry-mcp finding, trusting and launching the app, through the official MCP client over stdio: no app at all (the bridge launches the
 * `quarry` beside it in the background, then the call succeeds); a launcher that does nothing (the
 * 10-second failure); a launcher that fails (at once); a foreign process on the handshake's port
 * (the proof fails, and it never sees the token); a handshake file or folder others can read
 * (refused); an app build that does not speak 2026-07-28.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmod, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ensureSystemPackages } from "../../scripts/system-packages.ts";
import {
  appInBridgeHome,
  type BridgeHome,
  bridgeClient,
  bridgeHome,
  type Era,
  MODERN_META,
  QUARRY,
  rawBridge,
  rpcErrorOf,
} from "../support/bridge.ts";
import { startForeignListener, startOldApp } from "../support/old-app.ts";

/**
 * How long the bridge waits for a Quarry it launched. A refusal that came sooner did not
 * wait for it; how much sooner depends on how busy the machine is, so no tighter bound is set.
 */
const LAUNCH_WAIT_MS = 10_000;

async function listConnections(home: BridgeHome, era: Era, env: Record<string, string> = {}) {
  const s = await bridgeClient(home, era, env);
  try {
    const res = (await s.client.callTool({ name: "list_connections", arguments: {} })) as {
      content: { text?: string }[];
    };
    return { text: res.content[0]?.text ?? "", stderr: s.stderr() };
  } finally {
    await s.close();
  }
}

/** A session that must fail to start: its error and how long it took. */
async function refusedStart(
  home: BridgeHome,
  env: Record<string, string>,
  era: Era = "2025-11-25",
) {
  const started = Date.now();
  const e = await rpcErrorOf(bridgeClient(home, era, env).then((s) => s.close()));
  return { ...e, ms: Date.now() - started };
}

describe("no app running", { concurrency: true }, () => {
  test("the bridge launches the quarry beside it in the background, then answers", async () => {
    const home = await bridgeHome();
    try {
      const started = Date.now();
      // A legacy client spawns the bridge once (a 2026-07-28 SDK client probes in a second process).
      const { text, stderr } = await listConnections(home, "2025-11-25");
      const ms = Date.now() - started;
      assert.deepEqual(JSON.parse(text), { connections: [] });
      assert.match(
        stderr,
        /launching Quarry: .*bin\/quarry open-url quarry:\/\/integrations\/start-mcp/,
      );
      assert.match(stderr, /Quarry answered \d+ ms after launching it/);
      assert.ok(ms < 10_000, `answered after ${ms} ms`);
      // The app runs in the background (no window) with its MCP server; a second bridge uses it.
      const status = JSON.parse(await readFile(join(home.dir, "instance.json"), "utf8")) as {
        pid: number;
      };
      assert.ok(status.pid > 0);
      const again = await listConnections(home, "2026-07-28");
      assert.doesNotMatch(again.stderr, /launching Quarry/);
    } finally {
      await home.cleanup(); // quarry stop
    }
  });

  test("in a graphical session, the registered quarry:// handler is opened with xdg-open", async () => {
    ensureSystemPackages(["xdg-utils"]); // xdg-open and xdg-mime, when this file runs alone
    const home = await bridgeHome();
    try {
      // The desktop entries of `quarry install-desktop`, in this test's own XDG folders.
      const installed = spawnSync(QUARRY, ["install-desktop"], { env: home.env, encoding: "utf8" });
      assert.equal(installed.status, 0, installed.stderr);
      // xdg-open needs only $DISPLAY to be set to run the handler's Exec line (no X server).
      const { text, stderr } = await listConnections(home, "2025-11-25", { DISPLAY: ":99" });
      assert.deepEqual(JSON.parse(text), { connections: [] });
      assert.match(
        stderr,
        /launching Quarry: xdg-open quarry:\/\/integrations\/start-mcp \(handler quarry-url-handler\.desktop\)/,
      );
      assert.doesNotMatch(
        stderr,
        /open-url quarry:\/\/integrations\/start-mcp$/m,
        "no fallback needed",
      );
    } finally {
      await home.cleanup();
    }
  });

  test("a launcher that does nothing: Quarry is not running, after 10 seconds", async () => {
    const home = await bridgeHome();
    try {
      const e = await refusedStart(home, { QUARRY_LAUNCHER: "/bin/true" });
      assert.equal(e.code, -33000, e.message);
      assert.match(
        e.message,
        /^quarry-mcp \(the stdio bridge\): Quarry is not running: no trusted handshake within 10 s of launching it \(\/bin\/true quarry:\/\/integrations\/start-mcp/,
      );
      // The remedy of an app that does not answer.
      assert.match(
        e.message,
        /Open Quarry; check that its MCP server runs in Settings > Integrations.*toggle Enable MCP Server off and on.*relaunch the AI client/,
      );
      assert.ok(e.ms >= 10_000 && e.ms < 30_000, `failed after ${e.ms} ms`);
    } finally {
      await home.cleanup();
    }
  });

  test("a launcher that fails: Quarry is not running, at once", async () => {
    const home = await bridgeHome();
    try {
      const e = await refusedStart(home, { QUARRY_LAUNCHER: "/bin/false" });
      assert.equal(e.code, -33000);
      assert.match(
        e.message,
        /Quarry is not running: launching it failed: \/bin\/false quarry:\/\/integrations\/start-mcp \(QUARRY_LAUNCHER\) failed \(exit status 1\)/,
      );
      // At once: before the 10-second wait for a launched Quarry would have ended.
      assert.ok(e.ms < LAUNCH_WAIT_MS, `failed after ${e.ms} ms`);
    } finally {
      await home.cleanup();
    }
  });

  test("a foreign process on the handshake's port: the endpoint did not prove itself", async () => {
    const home = await bridgeHome();
    const foreign = await startForeignListener(home.dir);
    try {
      const e = await refusedStart(home, { QUARRY_LAUNCHER: "/bin/true" });
      assert.equal(e.code, -33000, e.message);
      assert.match(
        e.message,
        /The endpoint did not prove it belongs to the app: the process on 127\.0\.0\.1:\d+ named by .*mcp-handshake\.json failed Quarry's challenge \(its proof is wrong\)/,
      );
      assert.match(e.message, /Quit Quarry, delete .*mcp-handshake\.json, and reopen Quarry/);
      // It was challenged, once (the unchanged file is not challenged again), and never given the
      // token nor any MCP request.
      assert.deepEqual(
        foreign.seen.map((r) => `${r.method} ${r.url}`),
        ["POST /mcp/proof"],
      );
      assert.ok(foreign.seen.every((r) => r.authorization === undefined));
    } finally {
      await foreign.close();
      await home.cleanup();
    }
  });
});

describe("a running app whose handshake others could read", () => {
  const { home, app } = appInBridgeHome();

  test("a handshake file readable by others is refused; at 0600 it is trusted again", async () => {
    const file = join(home.dir, "mcp-handshake.json");
    await chmod(file, 0o644);
    const e = await refusedStart(home, { QUARRY_LAUNCHER: "none" });
    assert.equal(e.code, -33000);
    assert.match(
      e.message,
      /The handshake file .*mcp-handshake\.json is not trusted: it can be read or written by other users \(mode 0644; Quarry writes it 0600\)/,
    );
    assert.ok(e.ms < LAUNCH_WAIT_MS, `refused after ${e.ms} ms`);
    await chmod(file, 0o600);
    const ok = await listConnections(home, "2025-11-25", { QUARRY_LAUNCHER: "none" });
    assert.deepEqual(JSON.parse(ok.text), { connections: [] });
  });

  test("a data folder others can read is refused too", async () => {
    // The app tightens its folder to 0700 when it first opens its audit log, which the call above
    // made it do: that must be over before the folder is loosened, or it would undo the loosening.
    await app.mcpService!.audit.flush();
    await chmod(home.dir, 0o755);
    try {
      const e = await refusedStart(home, { QUARRY_LAUNCHER: "none" });
      assert.equal(e.code, -33000);
      assert.match(
        e.message,
        /is not trusted: its folder can be read or written by other users \(mode 0755/,
      );
    } finally {
      await chmod(home.dir, 0o700);
    }
  });
});

describe("an app build that does not speak 2026-07-28 (the bridge is newer)", () => {
  for (const [what, versions] of [
    ["its handshake says so", ["2025-11-25", "2025-06-18"]],
    [
      "its handshake claims 2026-07-28 but its endpoint does not speak it",
      ["2026-07-28", "2025-11-25"],
    ],
  ] as const) {
    test(what, async () => {
      const home = await bridgeHome();
      const old = await startOldApp(home.dir, [...versions]);
      try {
        for (const era of ["2025-11-25", "2025-06-18"] as const) {
          const e = await refusedStart(home, { QUARRY_LAUNCHER: "none" }, era);
          assert.equal(e.code, -33000, e.message);
          assert.match(e.message, /app build does not speak 2026-07-28 — update the app/);
          assert.match(e.message, /Update Quarry/);
          assert.ok(e.ms < LAUNCH_WAIT_MS, `refused after ${e.ms} ms`);
        }
        // A 2026-07-28 client's first request gets the same error (the SDK's pinned client
        // reports only that negotiation failed, so this one is read raw).
        const raw = await rawBridge(home.bridgeEnv({ QUARRY_LAUNCHER: "none" }), [
          { jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: MODERN_META } },
        ]);
        const err = raw.messages[0]?.error as { code: number; message: string };
        assert.equal(err.code, -33000);
        assert.match(err.message, /app build does not speak 2026-07-28 — update the app/);
        assert.match(raw.stderr, /app build does not speak 2026-07-28 — update the app/);
        // Whatever it speaks, it proved itself first: only then did it see the token.
        assert.equal(old.seen[0]?.url, "/mcp/proof");
        assert.ok(old.seen.filter((r) => r.url === "/mcp/proof").every((r) => !r.authorization));
      } finally {
        await old.close();
        await home.cleanup();
      }
    });
  }
});
