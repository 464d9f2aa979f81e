/**
 * Quarry as people install it (docs/decisions.md, "Quarry as an installed package"): the project
 * packed as `npm pack` makes it, installed with `npm install -g` into an empty prefix, with `npx`,
 * and from the self-contained archive, each run with a PATH whose only `node` is the machine's own
 * (older than Quarry needs) and nothing of this checkout. On a real secured 8.x node: a connection
 * saved with an older build survives the upgrade (its secret, a token, the driver plugin brought up
 * to the shipped version), every command works, the UI is served and opened and renders in
 * Chromium, quarry-mcp answers the official MCP client from an empty environment, and a data folder
 * of a newer Quarry is refused and left as it was.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { chromium } from "playwright-core";
import { listingProblems, type PackedListing, packedListing } from "../../scripts/package-files.ts";
import { buildArchive, packPackage } from "../../scripts/release.ts";
import { node, sessionTo } from "../support/cluster.ts";
import {
  copyCheckout,
  run,
  setVersion,
  testNpmCache,
  userNpmEnvironment,
} from "../support/installed.ts";
import { ensureChromium } from "../support/ui.ts";

const RUN = randomBytes(3).toString("hex");
const INDEX = `qt-install-${RUN}`;
const CONN = "secured";
const secure = node("es8-secure");
const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as {
    version: string;
  }
).version;

let base: string;
let tarball: string;
let olderTarball: string;
/** npm's listing of the copy as the current build left it: what `npm publish` would send. */
let listing: PackedListing;
/** The environment of every installed command: the system PATH and the test's own folders. */
let env: NodeJS.ProcessEnv;

before(async () => {
  base = await mkdtemp(join(tmpdir(), "qt-install-"));
  // npm itself runs on the machine's Node; the packed build runs the project's (npm run adds it).
  env = userNpmEnvironment({
    HOME: join(base, "home"),
    QUARRY_HOME: join(base, "data"),
    QUARRY_SECRET_STORE: "file",
    XDG_DATA_HOME: join(base, "xdg-data"),
    XDG_CONFIG_HOME: join(base, "xdg-config"),
    XDG_CACHE_HOME: join(base, "xdg-cache"),
    npm_config_cache: testNpmCache(),
    npm_config_update_notifier: "false",
  });
  const nodes = run("node", ["--version"], { env }).stdout.trim();
  process.stdout.write(`# the PATH's node: ${nodes} (Quarry needs 22.18 or newer)\n`);
  const copy = copyCheckout(join(import.meta.dirname, "..", ".."), join(base, "checkout"));
  const packEnv = userNpmEnvironment({
    HOME: join(base, "pack-home"),
    npm_config_cache: testNpmCache(),
  });
  // An older build of this same Quarry (its plugin is that version too), then the current one.
  setVersion(copy, "0.0.1");
  olderTarball = packPackage(join(base, "older"), copy, packEnv);
  setVersion(copy, version);
  tarball = packPackage(join(base, "packed"), copy, packEnv);
  listing = packedListing(copy, packEnv);
  const session = sessionTo(secure);
  try {
    await session.transport.request({
      method: "PUT",
      path: `/${INDEX}`,
      body: {
        settings: { number_of_replicas: 0 },
        mappings: { properties: { n: { type: "integer" } } },
      },
    });
    const lines = Array.from({ length: 25 }, (_, i) => [
      JSON.stringify({ index: { _id: `d${i}` } }),
      JSON.stringify({ n: i, name: `row ${i}` }),
    ]).flat();
    await session.transport.request({
      method: "POST",
      path: `/${INDEX}/_bulk?refresh=true`,
      body: `${lines.join("\n")}\n`,
    });
  } finally {
    await session.close();
  }
});

after(async () => {
  const session = sessionTo(secure);
  try {
    for (const index of [INDEX, `${INDEX}-copy`, `${INDEX}-imported`]) {
      await session.transport.request({
        method: "DELETE",
        path: `/${index}?ignore_unavailable=true`,
      });
    }
  } finally {
    await session.close();
  }
  await rm(base, { recursive: true, force: true });
});

function npmInstallGlobal(prefix: string, file: string): void {
  run("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", file], { env });
}

/** Every file under a folder with its SHA-256: what "left as it was" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath, e.name);
    if (!e.isFile()) continue;
    out[relative(dir, p)] =
      `${statSync(p).mode}:${createHash("sha256").update(readFileSync(p)).digest("hex")}`;
  }
  return out;
}

/** The official MCP client spawning `bridge` with nothing in its environment but the data folder. */
async function mcpRoundTrip(bridge: string): Promise<{ tools: string[]; text: string }> {
  const transport = new StdioClientTransport({
    command: bridge,
    args: [],
    env: { QUARRY_HOME: env.QUARRY_HOME as string },
    stderr: "pipe",
  });
  const client = new Client({ name: "install-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const result = await client.callTool({ name: "list_connections", arguments: {} });
    const text = (result.content as { type: string; text?: string }[])
      .map((c) => c.text ?? "")
      .join("");
    return { tools, text };
  } finally {
    await client.close();
  }
}

test("the package holds exactly the files a user needs, as npm pack lists them", () => {
  const paths = listing.files.map((f) => f.path);
  assert.deepEqual(listingProblems(paths, version), []);
  // The tarball holds what the listing says (packed after the older build, nothing of it left).
  const packed = run("tar", ["-tzf", tarball], { env })
    .stdout.trim()
    .split("\n")
    .map((p) => p.replace(/^package\//, ""));
  assert.deepEqual(packed.toSorted(), paths.toSorted());
  process.stdout.write(
    `# the package: ${paths.length} files, ${(listing.size / 1e6).toFixed(1)} MB packed, ${(listing.unpackedSize / 1e6).toFixed(1)} MB unpacked\n`,
  );
});

describe("npm install -g into an empty prefix, on a PATH whose node is too old", () => {
  const prefix = () => join(base, "prefix");
  const quarry = (args: string[], input?: string) =>
    run(join(prefix(), "bin", "quarry"), args, { env, ...(input ? { input } : {}) });

  test("an older build installs and saves a connection, with its secret, and a token", () => {
    npmInstallGlobal(prefix(), olderTarball);
    assert.equal(quarry(["--version"]).stdout.trim(), "0.0.1");
    const add = quarry(
      [
        "connections",
        "add",
        "--name",
        CONN,
        "--host",
        "127.0.0.1",
        "--port",
        new URL(secure.url).port,
        "--username",
        secure.username ?? "elastic",
        "--password-stdin",
        "--ssl-mode",
        "verify-ca",
        "--ca-file",
        secure.caPath ?? "",
      ],
      `${secure.password}\n`,
    );
    assert.match(add.stdout, /Saved connection "secured"/);
    assert.match(quarry(["tables", CONN]).stdout, new RegExp(INDEX));
    quarry(["tokens", "create", "--name", "kept", "--scope", "read-only"]);
    quarry(["console", CONN, "GET", "/_cluster/health"]);
  });

  test("the current build installed over it keeps the data folder and brings the plugin up", () => {
    npmInstallGlobal(prefix(), tarball);
    assert.equal(quarry(["--version"]).stdout.trim(), version);
    assert.match(quarry(["connections", "list"]).stdout, /secured/);
    // The secret saved by the older build still signs in; the first use brings the plugin up.
    assert.match(quarry(["tables", CONN]).stdout, new RegExp(INDEX));
    const plugins = JSON.parse(quarry(["plugins", "list", "--json"]).stdout) as unknown;
    assert.match(
      JSON.stringify(plugins),
      new RegExp(`"version":"${version.replaceAll(".", "\\.")}"`),
    );
    assert.doesNotMatch(JSON.stringify(plugins), /"version":"0\.0\.1"/);
    assert.match(quarry(["tokens", "list"]).stdout, /kept/);
    assert.ok(existsSync(join(env.QUARRY_HOME as string, "console-history")));
  });

  test("every command works from the installed package", () => {
    const browse = quarry(["browse", CONN, INDEX, "--sort", "n", "--page-size", "3"]).stdout;
    assert.match(browse, /row 0/);
    assert.match(quarry(["describe", CONN, INDEX]).stdout, /integer/);
    assert.match(quarry(["console", CONN, "GET", `/${INDEX}/_count`]).stdout, /"count": 25/);
    const file = join(base, "export.ndjson");
    quarry(["export", CONN, INDEX, "--format", "ndjson", "--out", file]);
    assert.equal(readFileSync(file, "utf8").trim().split("\n").length, 50); // action + source each
    quarry(["copy", `${CONN}/${INDEX}`, `${CONN}/${INDEX}-copy`]);
    quarry(["import", CONN, `${INDEX}-imported`, "--in", file]);
    const tables = quarry(["tables", CONN]).stdout;
    assert.match(tables, new RegExp(`${INDEX}-copy\\s+25`));
    assert.match(tables, new RegExp(`${INDEX}-imported\\s+25`));
    assert.match(quarry(["cluster", "health", CONN]).stdout, /Cluster/);
    assert.match(quarry(["index", "show", CONN, INDEX]).stdout, new RegExp(INDEX));
    // The printed bridge is this install's own, and it runs from a client's empty environment.
    const config = quarry(["mcp", "config", "claude-desktop"]).stdout;
    const bridge = realpathSync(
      join(prefix(), "lib", "node_modules", "quarry", "bin", "quarry-mcp"),
    );
    assert.ok(config.includes(JSON.stringify(bridge).slice(1, -1)), config);
    assert.equal(run(bridge, ["--version"], { env: {} }).stdout.trim(), version);
  });

  test("quarry starts the app, opens its page (rendered in Chromium), and quarry-mcp reaches it", async () => {
    const opened = join(base, "opened-url");
    const recorder = join(base, "record-url.sh");
    writeFileSync(recorder, `#!/bin/sh\necho "$1" > "${opened}"\n`, { mode: 0o755 });
    const app = spawn(join(prefix(), "bin", "quarry"), [], {
      env: { ...env, QUARRY_BROWSER: recorder },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    app.stdout?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    app.stderr?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    try {
      const url = await waitForFile(opened, app, () => output);
      const browser = await chromium.launch({
        executablePath: ensureChromium(),
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"],
      });
      try {
        const page = await browser.newPage();
        await page.goto(url.trim());
        await page.getByText(CONN, { exact: true }).first().waitFor({ timeout: 60_000 });
        assert.match(page.url(), /^http:\/\/127\.0\.0\.1:\d+\//);
      } finally {
        await browser.close();
      }
      const bridge = join(prefix(), "bin", "quarry-mcp");
      const { tools, text } = await mcpRoundTrip(bridge);
      assert.ok(tools.includes("catalog"), tools.join(", "));
      assert.match(text, /secured/);
    } finally {
      run(join(prefix(), "bin", "quarry"), ["stop"], { env });
      await exited(app);
    }
  });

  test("a data folder written by a newer Quarry is refused and left as it was", () => {
    const newer = join(base, "newer-data");
    run("cp", ["-a", env.QUARRY_HOME as string, newer], { env });
    writeFileSync(join(newer, "quarry-data.json"), `${JSON.stringify({ format: 99 })}\n`);
    const before = snapshot(newer);
    const res = spawnSync(join(prefix(), "bin", "quarry"), ["tables", CONN], {
      env: { ...env, QUARRY_HOME: newer },
      encoding: "utf8",
    });
    assert.notEqual(res.status, 0);
    assert.match(res.stderr, /written by a newer Quarry \(data format 99\)/);
    assert.match(res.stderr, /Update Quarry/);
    assert.deepEqual(snapshot(newer), before);
  });
});

test("npx <tarball> runs the commands, with the runtime it brings", () => {
  const npx = (args: string[]) =>
    run("npx", ["--yes", "--package", tarball, "--", "quarry", ...args], { env });
  assert.equal(npx(["--version"]).stdout.trim(), version);
  assert.match(npx(["tables", CONN]).stdout, new RegExp(INDEX));
  // The short form: npx runs a bare path as a command, so a tarball is named as a file: spec.
  const short = run("npx", ["--yes", `file:${tarball}`, "--version"], { env });
  assert.equal(short.stdout.trim(), version);
});

test("the self-contained archive runs with its own runtime, nothing installed", async () => {
  const platform = `${process.platform}-${process.arch}` as "linux-x64";
  const archive = await buildArchive(tarball, platform, join(base, "release"), env);
  assert.match(
    archive,
    new RegExp(`quarry-${version.replaceAll(".", "\\.")}-${platform}\\.tar\\.gz$`),
  );
  const unpacked = join(base, "unpacked");
  mkdirSync(unpacked);
  run("tar", ["-xzf", archive, "-C", unpacked], { env });
  const home = join(unpacked, `quarry-${version}-${platform}`);
  assert.ok(existsSync(join(home, "runtime", "bin", "node")));
  const quarry = join(home, "bin", "quarry");
  assert.equal(run(quarry, ["--version"], { env }).stdout.trim(), version);
  assert.match(run(quarry, ["tables", CONN], { env }).stdout, new RegExp(INDEX));
  try {
    const { tools } = await mcpRoundTrip(join(home, "bin", "quarry-mcp"));
    assert.ok(tools.includes("catalog"));
  } finally {
    run(quarry, ["stop"], { env });
  }
});

/** Resolves with the file's text once the app wrote it; rejects when the app ends first. */
function waitForFile(path: string, app: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      clearInterval(poll);
      app.off("exit", onExit);
      fn();
    };
    const onExit = (code: number | null) =>
      done(() => reject(new Error(`quarry ended (${code}) before opening its page:\n${output()}`)));
    app.on("exit", onExit);
    // Polling the file the browser stand-in writes: the condition, not a fixed wait.
    const poll = setInterval(() => {
      if (existsSync(path) && readFileSync(path, "utf8").trim()) {
        done(() => resolve(readFileSync(path, "utf8")));
      }
    }, 50);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}
