/**
 * A client session through quarry-mcp across the app's life: bridge
 * token rotations (lifetimes shortened through QUARRY_BRIDGE_TOKEN_LIFETIME_MS, not an hour of
 * sleep) with no failed call and no refused token at the app; the app stopped (-33009), then
 * started again (the same session goes on); the app killed outright, leaving its handshake file.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningApp } from "../../src/app/app.ts";
import { addConnection } from "../../src/app/connections/connection-service.ts";
import {
  type BridgeHome,
  type BridgeSession,
  bridgeClient,
  bridgeHome,
  QUARRY,
  rpcErrorOf,
  startAppIn,
} from "../support/bridge.ts";
import { node, plainConfig } from "../support/cluster.ts";
import { alive, waitFor } from "../support/quarry.ts";

// A new token every 2 s, each still good for 8 s after the next is minted: rotations come fast,
// and a call that a busy machine holds up for seconds still carries a token that is valid.
const SHORT_TOKENS = {
  QUARRY_BRIDGE_TOKEN_LIFETIME_MS: "10000",
  QUARRY_BRIDGE_TOKEN_ROTATE_BEFORE_MS: "8000",
};

async function addEs8(home: BridgeHome): Promise<void> {
  await addConnection(home.storage, {
    name: "life-es8",
    type: "elasticsearch",
    settings: { ...plainConfig(node("es8")) },
    externalClients: "read-write",
    aiPolicy: "always-allow",
  });
}

async function listNames(s: BridgeSession): Promise<string[]> {
  const res = (await s.client.callTool({ name: "list_connections", arguments: {} })) as {
    content: { text?: string }[];
    isError?: boolean;
  };
  assert.notEqual(res.isError, true);
  const parsed = JSON.parse(res.content[0]?.text ?? "{}") as { connections: { name: string }[] };
  return parsed.connections.map((c) => c.name);
}

async function handshakeToken(home: BridgeHome): Promise<string | undefined> {
  try {
    return (
      JSON.parse(await readFile(join(home.dir, "mcp-handshake.json"), "utf8")) as {
        token: string;
      }
    ).token;
  } catch {
    return undefined;
  }
}

/** Refused authentications the app recorded (a bridge presenting a stale token would show here). */
async function refusedAuthentications(home: BridgeHome): Promise<number> {
  const text = await readFile(join(home.dir, "mcp-audit.log"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { outcome?: string; layer?: string })
    .filter((e) => e.outcome === "refused" && e.layer === "authentication").length;
}

describe("an app whose bridge token rotates every 2 s", () => {
  let home: BridgeHome;
  let app: RunningApp | undefined;
  const sessions: BridgeSession[] = [];

  before(async () => {
    home = await bridgeHome();
    await addEs8(home);
    app = await startAppIn(home, SHORT_TOKENS);
    sessions.push(await bridgeClient(home, "2026-07-28"), await bridgeClient(home, "2025-11-25"));
  });
  after(async () => {
    for (const s of sessions) await s.close();
    await app?.stop();
    await home.cleanup();
  });

  test("sessions go on across rotations with no failed call and no refused token", async () => {
    const tokens = new Set<string>();
    // Calls go on until the token has rotated three times and over 100 calls were answered, however
    // long a busy machine takes; the deadline only turns a hang into a failure.
    const deadline = Date.now() + 180_000;
    let calls = 0;
    while ((tokens.size < 4 || calls <= 100) && Date.now() < deadline) {
      const t = await handshakeToken(home);
      if (t) tokens.add(t);
      // Several at once, from both sessions, as a busy agent would.
      const answers = await Promise.all(
        sessions.flatMap((s) => [listNames(s), listNames(s), s.client.listTools()]),
      );
      calls += answers.length;
      for (const a of answers) if (Array.isArray(a)) assert.deepEqual(a, ["life-es8"]);
      await sleep(120);
    }
    assert.ok(tokens.size >= 4, `the token rotated (${tokens.size} tokens seen)`);
    assert.ok(calls > 100, `${calls} calls`);
    assert.equal(
      await refusedAuthentications(home),
      0,
      "the bridge re-read the file before its token expired",
    );
  });

  test("the app stopped: -33009; started again: the same sessions go on", async () => {
    await app?.stop();
    app = undefined;
    for (const s of sessions) {
      const e = await rpcErrorOf(listNames(s));
      assert.equal(e.code, -33009, e.message);
      assert.match(
        e.message,
        /^quarry-mcp \(the stdio bridge\): Unauthenticated: the bridge token is stale and Quarry is not running/,
      );
      assert.match(e.message, /Open Quarry again/);
      assert.match(s.stderr(), /Unauthenticated: the bridge token is stale/);
    }
    app = await startAppIn(home, SHORT_TOKENS);
    for (const s of sessions) assert.deepEqual(await listNames(s), ["life-es8"]);
    // And across a restart between two calls, with no call in between.
    await app.stop();
    app = await startAppIn(home, SHORT_TOKENS);
    for (const s of sessions) assert.deepEqual(await listNames(s), ["life-es8"]);
    assert.equal(await refusedAuthentications(home), 0);
  });
});

test("an app killed outright: its leftover handshake is not trusted, and a new app is", async () => {
  const home = await bridgeHome();
  try {
    await addEs8(home);
    const start = () => {
      const r = spawnSync(QUARRY, ["start", "--background", "--json"], {
        env: home.env,
        encoding: "utf8",
        timeout: 60_000,
      });
      assert.equal(r.status, 0, r.stderr);
      return (JSON.parse(r.stdout) as { pid: number }).pid;
    };
    const pid = start();
    const s = await bridgeClient(home, "2026-07-28");
    try {
      assert.deepEqual(await listNames(s), ["life-es8"]);
      process.kill(pid, "SIGKILL");
      await waitFor(() => !alive(pid), "the killed app to be gone");
      assert.ok(await handshakeToken(home), "the killed app left its handshake file");
      const e = await rpcErrorOf(listNames(s));
      assert.equal(e.code, -33009, e.message);
      assert.match(e.message, /not running/);
      start();
      assert.deepEqual(await listNames(s), ["life-es8"]);
    } finally {
      await s.close();
    }
  } finally {
    await home.cleanup();
  }
});
