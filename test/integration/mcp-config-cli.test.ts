/**
 * `quarry mcp config` for a Quarry whose data folder is not the default one: the snippet carries
 * QUARRY_HOME, and a bridge started exactly as the snippet says (with an AI client's own minimal
 * environment, not this shell's) finds this Quarry. For the default folder the snippet stays the
 * command alone.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type Sandbox, sandbox } from "../support/quarry.ts";

/** The home folder an AI client runs with: empty, so its default Quarry folder holds nothing. */
let clientHome: string;
let box: Sandbox;

before(() => {
  clientHome = mkdtempSync(join(tmpdir(), "qt-client-home-"));
  box = sandbox({ QUARRY_LAUNCHER: "none" });
});
after(async () => {
  await box.dispose();
  rmSync(clientHome, { recursive: true, force: true });
});

interface StdioEntry {
  command: string;
  env?: Record<string, string>;
}

/** Starts the bridge as a client configured with `entry` would, and lists the tools. */
async function listToolsAs(entry: StdioEntry): Promise<string[]> {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: [],
    env: { HOME: clientHome, PATH: "/usr/bin:/bin", QUARRY_LAUNCHER: "none", ...entry.env },
    stderr: "pipe",
  });
  const client = new Client(
    { name: "config-test", version: "1" },
    { supportedProtocolVersions: ["2025-11-25"] },
  );
  try {
    await client.connect(transport);
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close().catch(() => {});
  }
}

describe("quarry mcp config and the data folder", () => {
  test("another folder: QUARRY_HOME is in the snippet, and the bridge it starts finds this Quarry", async () => {
    const printed = box.run(["mcp", "config", "claude-desktop"]);
    assert.equal(printed.status, 0, printed.stderr);
    const entry = (JSON.parse(printed.stdout) as { mcpServers: { quarry: StdioEntry } }).mcpServers
      .quarry;
    assert.deepEqual(entry.env, { QUARRY_HOME: box.home });
    assert.match(printed.stderr, /sets QUARRY_HOME for quarry-mcp/);
    const json = JSON.parse(box.run(["mcp", "config", "zed", "--json"]).stdout) as {
      env: Record<string, string>;
      snippet: string;
    };
    assert.deepEqual(json.env, { QUARRY_HOME: box.home });
    assert.deepEqual(JSON.parse(json.snippet).context_servers.quarry.env, json.env);

    const started = box.run(["start", "--background"]);
    assert.equal(started.status, 0, started.stderr);
    assert.ok((await listToolsAs(entry)).includes("list_connections"));
    // Without it, the bridge looks in the client's default folder, where no Quarry runs.
    await assert.rejects(listToolsAs({ command: entry.command }), /Quarry is not running/);
  });

  test("the default folder: the snippet is the command alone", () => {
    const printed = box.run(["mcp", "config", "cursor", "--json"], {
      env: { QUARRY_HOME: undefined, XDG_DATA_HOME: undefined, HOME: clientHome },
    });
    assert.equal(printed.status, 0, printed.stderr);
    const json = JSON.parse(printed.stdout) as { env?: unknown; snippet: string };
    assert.equal(json.env, undefined);
    assert.deepEqual(Object.keys(JSON.parse(json.snippet).mcpServers.quarry), ["command"]);
  });
});
