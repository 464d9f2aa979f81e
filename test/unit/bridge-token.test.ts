/**
 * The bridge token's life in the app (src/mcp/bridge-token.ts): a token is good from the moment
 * the handshake file that carries it can be read, earlier tokens stay good after a rotation, and a
 * token whose file could not be written is never accepted.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BridgeTokens } from "../../src/mcp/bridge-token.ts";

const HOUR = 3_600_000;
const times = { lifetimeMs: HOUR, rotateBeforeMs: HOUR / 4 };

test("a token is accepted as soon as its handshake file can be read", async () => {
  const seen: boolean[] = [];
  const tokens = new BridgeTokens({
    now: () => 0,
    times,
    // The file is written here: a bridge may read it and present the token at once.
    onMint: async (token) => {
      seen.push(tokens.check(token).ok);
    },
  });
  await tokens.start();
  tokens.stop();
  assert.deepEqual(seen, [true]);
});

test("an earlier token stays good after the next one is minted", async () => {
  const minted: string[] = [];
  const tokens = new BridgeTokens({
    now: () => 0,
    times,
    onMint: async (t) => void minted.push(t),
  });
  await tokens.start();
  await tokens.start();
  assert.equal(minted.length, 2);
  for (const t of minted) assert.equal(tokens.check(t).ok, true);
  tokens.stop();
});

test("a token whose handshake file could not be written is not accepted", async () => {
  let written = "";
  const tokens = new BridgeTokens({
    now: () => 0,
    times,
    onMint: async (t) => {
      written = t;
    },
  });
  await tokens.start();
  let lost = "";
  const failing = new BridgeTokens({
    now: () => 0,
    times,
    onMint: async (t) => {
      lost = t;
      throw new Error("disk full");
    },
  });
  await assert.rejects(failing.start(), /disk full/);
  assert.equal(failing.check(lost).ok, false);
  assert.equal(tokens.check(written).ok, true);
  tokens.stop();
  failing.stop();
});
