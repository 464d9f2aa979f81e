/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, its `server` scenarios)
 * against Quarry's real HTTP endpoint. docs/mcp.md lists every server scenario and why the others
 * do not apply (they call the reference server's own test tools, prompts and resources, or send a
 * revision Quarry refuses).
 *
 * The suite cannot send a bearer token, and Quarry serves nobody without one, so the suite talks
 * to a pass-through on another loopback port that adds `Authorization` and maps its own port to
 * Quarry's in Host and Origin (so the DNS-rebinding scenario's foreign Host still arrives as sent).
 * Nothing else is changed in either direction.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { mcpTestServer } from "../support/mcp.ts";
import { orderedBefore } from "../support/ordered-before.ts";

const SUITE = join(
  import.meta.dirname,
  "..",
  "..",
  "node_modules",
  "@modelcontextprotocol",
  "conformance",
  "dist",
  "index.js",
);

/** The server scenarios that apply to Quarry (docs/mcp.md, "Conformance"). */
const APPLICABLE = [
  "server-initialize",
  "ping",
  "logging-set-level",
  "tools-list",
  "resources-list",
  "prompts-list",
  "dns-rebinding-protection",
];

const srv = mcpTestServer({
  connections: async () => {},
  token: { name: "conformance", scope: "read-only" },
});
let proxy: Server;
let url: string;
let out: string;

/** A pass-through that adds the bearer token; Host and Origin keep their name, get Quarry's port. */
function authProxy(quarryPort: number, token: string): Server {
  const server = createServer((req, res) => {
    const own = (server.address() as AddressInfo).port;
    const headers: IncomingHttpHeaders = { ...req.headers, authorization: `Bearer ${token}` };
    const swapPort = (v: string) => v.replace(new RegExp(`:${own}$`), `:${quarryPort}`);
    if (headers.host) headers.host = swapPort(headers.host);
    if (typeof headers.origin === "string") headers.origin = swapPort(headers.origin);
    const upstream = request(
      { host: "127.0.0.1", port: quarryPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return server;
}

orderedBefore(async () => {
  proxy = authProxy(srv.server.port, srv.token);
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  // The suite's own localhost checks want a loopback name; "localhost" is one Quarry accepts.
  url = `http://localhost:${(proxy.address() as AddressInfo).port}/mcp`;
  out = await mkdtemp(join(tmpdir(), "qt-conformance-"));
});

after(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

/** Runs one scenario with the suite's own command line; its checks from its output folder. */
async function runScenario(scenario: string): Promise<{ code: number | null; checks: Check[] }> {
  const dir = join(out, scenario);
  const child = spawn(
    process.execPath,
    [SUITE, "server", "--url", url, "--scenario", scenario, "--output-dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  child.stdout.on("data", (c: Buffer) => {
    text += c.toString("utf8");
  });
  child.stderr.on("data", (c: Buffer) => {
    text += c.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const runs = await readdir(dir).catch(() => [] as string[]);
  assert.equal(runs.length, 1, `the suite wrote one result folder for ${scenario}:\n${text}`);
  const checks = JSON.parse(await readFile(join(dir, runs[0]!, "checks.json"), "utf8")) as Check[];
  return { code, checks };
}

for (const scenario of APPLICABLE) {
  test(`conformance: ${scenario}`, async () => {
    const { code, checks } = await runScenario(scenario);
    const failed = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    assert.deepEqual(
      failed.map((c) => `${c.id}: ${c.errorMessage ?? c.status}`),
      [],
      `${scenario} has failing checks`,
    );
    assert.ok(
      checks.some((c) => c.status === "SUCCESS"),
      `${scenario} passed at least one check`,
    );
    assert.equal(code, 0);
  });
}
