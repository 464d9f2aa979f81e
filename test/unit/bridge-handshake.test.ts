/**
 * The bridge's trust checks on the handshake file (src/bridge/handshake-trust.ts): its content
 * (shape, format version, loopback URL, expiry) as pure checks, and the file itself on disk
 * (owner, permissions of the file and its folder, a link, size, JSON).
 */
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { chmod, chown, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  checkHandshake,
  fileIdentity,
  fileProblem,
  folderProblem,
  readTrustedHandshake,
} from "../../src/bridge/handshake-trust.ts";

const NOW = Date.parse("2026-03-01T10:00:00Z");

function good(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 1,
    port: 23510,
    url: "http://127.0.0.1:23510/mcp",
    token: `qry_${randomBytes(32).toString("base64url")}`,
    tokenExpiresAt: new Date(NOW + 3_600_000).toISOString(),
    instanceId: randomUUID(),
    proofKey: randomBytes(32).toString("base64url"),
    pid: 4242,
    protocolVersions: ["2026-07-28", "2025-11-25", "2025-06-18"],
    quarryVersion: "0.1.0",
    startedAt: new Date(NOW).toISOString(),
    writtenAt: new Date(NOW).toISOString(),
    ...overrides,
  };
}

test("a well-formed, current handshake is accepted, with the endpoint's path from its url", () => {
  const r = checkHandshake(good(), NOW);
  assert.ok(r.ok);
  assert.equal(r.path, "/mcp");
  assert.equal(r.expiresAt, NOW + 3_600_000);
  // Unknown extra fields are fine (a later build may add some within the same format version).
  assert.ok(checkHandshake(good({ extra: true }), NOW).ok);
});

test("every malformed field is refused by name", () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ version: 2 }, /format version 2, and this quarry-mcp reads version 1/],
    [{ version: undefined }, /format version null/],
    [{ port: 0 }, /"port"/],
    [{ port: "23510" }, /"port"/],
    [{ token: "secret" }, /"token"/],
    [{ tokenExpiresAt: "tomorrow" }, /"tokenExpiresAt"/],
    [{ instanceId: "" }, /"instanceId"/],
    [{ proofKey: "short" }, /"proofKey"/],
    [{ url: "http://example.com:23510/mcp" }, /"url" must be http:\/\/127\.0\.0\.1:23510/],
    [{ url: "https://127.0.0.1:23510/mcp" }, /"url"/],
    [{ url: "http://127.0.0.1:9999/mcp" }, /"url"/],
    [{ pid: -1 }, /"pid"/],
    [{ protocolVersions: "2026-07-28" }, /"protocolVersions"/],
  ];
  for (const [o, problem] of cases) {
    const r = checkHandshake(good(o), NOW);
    assert.equal(r.ok, false, JSON.stringify(o));
    if (!r.ok) assert.match(r.problem, problem);
  }
  for (const raw of [null, [], "x", 1]) assert.equal(checkHandshake(raw, NOW).ok, false);
});

test("an expired token makes the handshake stale", () => {
  const r = checkHandshake(good({ tokenExpiresAt: new Date(NOW - 1).toISOString() }), NOW);
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.equal(r.expired, true);
    assert.match(r.problem, /expired at/);
  }
});

test("permission rules: owner, and nothing for group or others", () => {
  const dir = (mode: number, uid = 1000) => ({
    uid,
    mode,
    isFile: () => false,
    isDirectory: () => true,
  });
  const file = (mode: number, uid = 1000) => ({
    uid,
    mode,
    isFile: () => true,
    isDirectory: () => false,
  });
  assert.equal(folderProblem(dir(0o40700), 1000), undefined);
  assert.equal(folderProblem(dir(0o40711), 1000), undefined, "others may pass through, not read");
  assert.match(folderProblem(dir(0o40755), 1000) ?? "", /mode 0755/);
  assert.match(folderProblem(dir(0o40720), 1000) ?? "", /read or written by other users/);
  assert.match(
    folderProblem(dir(0o40700, 0), 1000) ?? "",
    /belongs to another user \(uid 0; you are uid 1000\)/,
  );
  assert.match(folderProblem(file(0o100600), 1000) ?? "", /not a folder/);
  assert.equal(fileProblem(file(0o100600), 1000), undefined);
  for (const mode of [0o100640, 0o100604, 0o100644, 0o100610, 0o100601])
    assert.match(fileProblem(file(mode), 1000) ?? "", /other users/, mode.toString(8));
  assert.match(fileProblem(file(0o100600, 1001), 1000) ?? "", /belongs to another user/);
  assert.match(fileProblem(dir(0o40700), 1000) ?? "", /not a regular file/);
});

let base: string;
before(async () => {
  base = await mkdtemp(join(tmpdir(), "qt-bridge-hs-"));
});
after(async () => {
  await rm(base, { recursive: true, force: true });
});

async function folderWith(content: string | undefined, mode = 0o600): Promise<string> {
  const dir = await mkdtemp(join(base, "d-"));
  await chmod(dir, 0o700);
  if (content !== undefined) {
    await writeFile(join(dir, "mcp-handshake.json"), content, { mode });
    await chmod(join(dir, "mcp-handshake.json"), mode);
  }
  return dir;
}

test("reading the file: trusted, missing, loose modes, a link, too large, not JSON, stale", async () => {
  const text = JSON.stringify(
    good({ tokenExpiresAt: new Date(Date.now() + 60_000).toISOString() }),
  );
  const ok = readTrustedHandshake(await folderWith(text), Date.now());
  assert.ok(ok.ok);
  assert.ok(ok.identity.length > 0);

  const none = readTrustedHandshake(await folderWith(undefined), Date.now());
  assert.ok(!none.ok && none.missing);
  if (!none.ok) assert.equal(none.error.code, "app_not_running");

  const gone = readTrustedHandshake(join(base, "no-such-folder"), Date.now());
  assert.ok(!gone.ok && gone.missing);

  const loose = readTrustedHandshake(await folderWith(text, 0o644), Date.now());
  assert.ok(!loose.ok && !loose.missing);
  if (!loose.ok) {
    assert.equal(loose.error.code, "handshake_untrusted");
    assert.match(loose.error.message, /mode 0644/);
    assert.match(
      loose.error.remedy,
      /Quit Quarry, delete .*mcp-handshake\.json, and reopen Quarry/,
    );
    assert.doesNotMatch(`${loose.error.message}${loose.error.remedy}`, /qry_/);
  }

  const openFolder = await folderWith(text);
  await chmod(openFolder, 0o755);
  const r1 = readTrustedHandshake(openFolder, Date.now());
  assert.ok(!r1.ok);
  if (!r1.ok) assert.match(r1.error.message, /its folder can be read or written by other users/);

  const linked = await folderWith(undefined);
  const target = join(await folderWith(text), "mcp-handshake.json");
  await symlink(target, join(linked, "mcp-handshake.json"));
  const r2 = readTrustedHandshake(linked, Date.now());
  assert.ok(!r2.ok);
  if (!r2.ok) assert.match(r2.error.message, /symbolic link/);

  const big = readTrustedHandshake(await folderWith(" ".repeat(70 * 1024)), Date.now());
  assert.ok(!big.ok);
  if (!big.ok) assert.match(big.error.message, /larger than/);

  const notJson = readTrustedHandshake(await folderWith("{nope"), Date.now());
  assert.ok(!notJson.ok);
  if (!notJson.ok) assert.match(notJson.error.message, /malformed: not valid JSON/);

  const stale = readTrustedHandshake(
    await folderWith(
      JSON.stringify(good({ tokenExpiresAt: new Date(Date.now() - 1000).toISOString() })),
    ),
    Date.now(),
  );
  assert.ok(!stale.ok);
  if (!stale.ok) {
    assert.equal(stale.error.code, "app_not_running");
    assert.match(stale.error.message, /is stale: its bridge token expired/);
  }
});

test("files of another user are refused (when this test may give files away)", async (t) => {
  if (process.getuid?.() !== 0) {
    // Only root can chown; the pure check above covers the rule for everyone else.
    t.diagnostic("not root: covered by the pure folderProblem/fileProblem checks");
  }
  const dir = await folderWith(
    JSON.stringify(good({ tokenExpiresAt: new Date(Date.now() + 60_000).toISOString() })),
  );
  if (process.getuid?.() === 0) {
    await chown(join(dir, "mcp-handshake.json"), 65534, 65534);
    const r = readTrustedHandshake(dir, Date.now());
    assert.ok(!r.ok);
    if (!r.ok)
      assert.match(r.error.message, /it belongs to another user \(uid 65534; you are uid 0\)/);
    await chown(join(dir, "mcp-handshake.json"), 0, 0);
    await chown(dir, 65534, 65534);
    const r2 = readTrustedHandshake(dir, Date.now());
    assert.ok(!r2.ok);
    if (!r2.ok) assert.match(r2.error.message, /its folder belongs to another user/);
  } else {
    assert.ok(readTrustedHandshake(dir, Date.now()).ok);
  }
});

test("the file's identity changes with every rewrite", async () => {
  const dir = await folderWith("{}");
  const path = join(dir, "mcp-handshake.json");
  const a = fileIdentity(path);
  await new Promise((r) => setTimeout(r, 5));
  await writeFile(path, "{ }");
  assert.notEqual(fileIdentity(path), a);
  assert.equal(fileIdentity(join(dir, "missing")), undefined);
});
