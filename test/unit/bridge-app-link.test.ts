/**
 * Finding the app (src/bridge/app-link.ts), with the proof, the launcher and the clock's waits
 * injected and a real handshake file in a temporary folder: polling until a trusted handshake
 * appears, the fallback launcher when the first fails, the timeout's message, an unproven file not
 * challenged twice, a rewritten file noticed before the next request, a killed app's leftover
 * endpoint never used.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { AppLink, type LinkDeps } from "../../src/bridge/app-link.ts";
import type { Launch, LaunchCommand } from "../../src/bridge/launcher.ts";
import type { ProofResult } from "../../src/bridge/upstream.ts";

const dirs: string[] = [];
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "qt-bridge-link-"));
  dirs.push(d);
  return d;
}

async function writeHs(
  dir: string,
  port = 4000,
  token = `qry_${randomBytes(32).toString("base64url")}`,
  pid = process.pid,
) {
  const hs = {
    version: 1,
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    tokenExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    instanceId: randomUUID(),
    proofKey: randomBytes(32).toString("base64url"),
    pid,
    protocolVersions: ["2026-07-28"],
    quarryVersion: "0.1.0",
    startedAt: new Date().toISOString(),
    writtenAt: new Date().toISOString(),
  };
  await writeFile(join(dir, "mcp-handshake.json"), JSON.stringify(hs), { mode: 0o600 });
  return hs;
}

function cmd(how: string, fallback?: LaunchCommand): LaunchCommand {
  return { kind: "command", command: how, args: [], how, ...(fallback ? { fallback } : {}) };
}

function deps(dir: string, over: Partial<LinkDeps>): LinkDeps & { logs: string[]; proofs: number } {
  const logs: string[] = [];
  const d = {
    dir,
    now: Date.now,
    log: (l: string) => logs.push(l),
    prove: async (): Promise<ProofResult> => {
      d.proofs++;
      return { ok: true };
    },
    verify: async () => {},
    plan: () => cmd("launcher"),
    launch: (): Launch => ({ how: "launcher", ended: new Promise(() => {}), release() {} }),
    pollMs: 20,
    timeoutMs: 400,
    logs,
    proofs: 0,
    ...over,
  };
  return d;
}

test("polls until the launched app writes a trusted handshake", async () => {
  const dir = await folder();
  const d = deps(dir, {
    launch: () => {
      setTimeout(() => void writeHs(dir, 4321), 80);
      return { how: "launcher", ended: Promise.resolve(undefined), release() {} };
    },
  });
  const ep = await new AppLink(d).connect(true);
  assert.equal(ep.port, 4321);
  assert.ok(d.logs.some((l) => /launching Quarry: launcher/.test(l)));
});

test("a launcher that fails hands over to the fallback within the same wait", async () => {
  const dir = await folder();
  const launched: string[] = [];
  const d = deps(dir, {
    plan: () => cmd("xdg-open", cmd("quarry open-url")),
    launch: (c) => {
      launched.push(c.how);
      if (c.how === "xdg-open")
        return {
          how: c.how,
          ended: Promise.resolve("xdg-open failed (exit status 3)"),
          release() {},
        };
      setTimeout(() => void writeHs(dir), 30);
      return { how: c.how, ended: new Promise(() => {}), release() {} };
    },
  });
  await new AppLink(d).connect(true);
  assert.deepEqual(launched, ["xdg-open", "quarry open-url"]);
});

test("no trusted handshake in time: Quarry is not running, naming the launcher and the last reason", async () => {
  const dir = await folder();
  const started = Date.now();
  await assert.rejects(new AppLink(deps(dir, {})).connect(true), (e: Error & { code: string }) => {
    assert.equal(e.code, "app_not_running");
    assert.match(
      e.message,
      /no trusted handshake within 0 s of launching it \(launcher\); last: there is no handshake file/,
    );
    return true;
  });
  assert.ok(Date.now() - started >= 380);
});

test("an endpoint that failed the proof is not challenged again until its file changes", async () => {
  const dir = await folder();
  await writeHs(dir);
  const d = deps(dir, {
    prove: async () => {
      d.proofs++;
      return { ok: false, listening: true, detail: "its proof is wrong" };
    },
  });
  await assert.rejects(new AppLink(d).connect(true), /did not prove it belongs to the app/);
  assert.equal(d.proofs, 1);
});

test("a rewritten handshake (a rotation) is read before the next request, without a new proof", async () => {
  const dir = await folder();
  const first = await writeHs(dir, 4000, `qry_${"a".repeat(43)}`);
  const d = deps(dir, {});
  const link = new AppLink(d);
  assert.equal((await link.connect(false)).token, first.token);
  assert.equal((await link.fresh())?.token, first.token);
  const rotated = { ...first, token: `qry_${"b".repeat(43)}`, writtenAt: new Date().toISOString() };
  await new Promise((r) => setTimeout(r, 5));
  await writeFile(join(dir, "mcp-handshake.json"), JSON.stringify(rotated), { mode: 0o600 });
  assert.equal((await link.fresh())?.token, rotated.token);
  assert.equal(d.proofs, 1, "the same instance proved itself once");
  // The file gone: the token held is used while it lasts (the app may still run).
  await rm(join(dir, "mcp-handshake.json"));
  assert.equal((await link.fresh())?.token, rotated.token);
});

test("an app whose process is gone is not sent the token, though its file and token remain", async () => {
  const dir = await folder();
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  const pid = child.pid ?? 0;
  await writeHs(dir, 4000, undefined, pid);
  const link = new AppLink(deps(dir, {}));
  assert.equal((await link.connect(false)).pid, pid);
  child.kill("SIGKILL");
  await once(child, "exit");
  await assert.rejects(link.fresh(), (e: Error & { code: string }) => {
    assert.equal(e.code, "app_not_running");
    assert.match(e.message, new RegExp(`names process ${pid}, which is not running`));
    return true;
  });
  await assert.rejects(link.fresh(), /which is not running/, "asked again: still no app");
  // A new app writes its file: the next request goes to it.
  const next = await writeHs(dir, 4001);
  assert.equal((await link.fresh())?.token, next.token);
});
