/**
 * The client snippets (and the HTTP form): each parses in its format (JSON,
 * YAML with a maintained parser, a POSIX shell line) and has the family's shape, with the bridge's
 * absolute path intact whatever characters it holds.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { test } from "node:test";
import { parse as parseYaml } from "yaml";
import {
  bridgeEnvironment,
  bridgeExecutable,
  CLIENTS,
  clientSnippet,
  GOOSE_TIMEOUT,
  shellWord,
  TOKEN_PLACEHOLDER,
  yamlString,
} from "../../src/app/mcp-host/client-config.ts";

const PATHS = [
  "/opt/quarry/bin/quarry-mcp",
  "/Users/ada/Applications/Quarry.app/Contents/MacOS/quarry-mcp",
  '/home/ada/My Apps/quarry\'s "copy" #2/bin/quarry-mcp',
  "/home/zoë/ünïcode/quarry-mcp",
  "/tmp/yes/true/123/quarry-mcp",
];

// biome-ignore lint/suspicious/noExplicitAny: the parsed snippets are checked field by field
type Any = any;

for (const bridge of PATHS) {
  test(`stdio snippets carry exactly the bridge path: ${bridge}`, () => {
    const s = (c: (typeof CLIENTS)[number]) => clientSnippet(c, { bridge });

    for (const c of ["claude-desktop", "cursor"] as const) {
      const v: Any = JSON.parse(s(c).text);
      assert.deepEqual(Object.keys(v), ["mcpServers"]);
      assert.deepEqual(
        v.mcpServers.quarry,
        { command: bridge },
        "only the command: no args, port or token",
      );
    }

    const vscode: Any = JSON.parse(s("vscode").text);
    assert.deepEqual(Object.keys(vscode), ["servers"], "the native-MCP editor wants servers");
    assert.deepEqual(vscode.servers.quarry, { type: "stdio", command: bridge });

    const zed: Any = JSON.parse(s("zed").text);
    assert.deepEqual(Object.keys(zed), ["context_servers"]);
    assert.deepEqual(zed.context_servers.quarry, { command: bridge, args: [] });

    const cont: Any = parseYaml(s("continue").text);
    assert.ok(Array.isArray(cont.mcpServers), "Continue's mcpServers is a list");
    assert.deepEqual(cont.mcpServers, [{ name: "quarry", type: "stdio", command: bridge }]);
    assert.equal(cont.schema, "v1");

    const goose: Any = parseYaml(s("goose").text);
    const ext = goose.extensions.quarry;
    assert.equal(ext.type, "stdio");
    assert.equal(ext.cmd, bridge);
    assert.equal(ext.enabled, true);
    assert.equal(ext.timeout, GOOSE_TIMEOUT);
    assert.equal(GOOSE_TIMEOUT, 300);
    assert.deepEqual(ext.args, []);

    // The CLI agent line, read back by a real shell.
    const line = s("claude-code").text;
    assert.match(line, /^claude mcp add quarry -- /);
    const words = spawnSync(
      "/bin/sh",
      ["-c", `set -- ${line.trim().slice("claude ".length)}; printf '%s\\n' "$@"`],
      {
        encoding: "utf8",
      },
    ).stdout.split("\n");
    assert.deepEqual(words.slice(0, 5), ["mcp", "add", "quarry", "--", bridge]);

    for (const c of CLIENTS) {
      const snippet = s(c);
      assert.ok(snippet.text.endsWith("\n"));
      assert.ok(snippet.where.length > 10, `${c} says where it goes`);
      if (c !== "http") assert.doesNotMatch(snippet.text, /qry_|Bearer|127\.0\.0\.1/);
    }
  });
}

test("the HTTP form: url, a Bearer header, type streamable-http", () => {
  const token = `qry_${"A".repeat(43)}`;
  const v: Any = JSON.parse(
    clientSnippet("http", { bridge: "/x", url: "http://127.0.0.1:23999/mcp", token }).text,
  );
  assert.deepEqual(v.mcpServers.quarry, {
    type: "streamable-http",
    url: "http://127.0.0.1:23999/mcp",
    headers: { Authorization: `Bearer ${token}` },
  });
  const placeholder: Any = JSON.parse(clientSnippet("http", { bridge: "/x" }).text);
  assert.equal(placeholder.mcpServers.quarry.headers.Authorization, `Bearer ${TOKEN_PLACEHOLDER}`);
});

test("another server name is used everywhere", () => {
  const name = "quarry work";
  assert.ok(JSON.parse(clientSnippet("cursor", { bridge: "/b", name }).text).mcpServers[name]);
  assert.equal(
    parseYaml(clientSnippet("continue", { bridge: "/b", name }).text).mcpServers[0].name,
    name,
  );
  assert.equal(
    parseYaml(clientSnippet("goose", { bridge: "/b", name }).text).extensions[name].name,
    name,
  );
  assert.match(clientSnippet("claude-code", { bridge: "/b", name }).text, /add 'quarry work' --/);
});

test("YAML scalars and shell words quote what needs quoting", () => {
  for (const s of ["true", "no", "123", "a: b", "#x", "- x", "x y", "", "'", '"', "ü"])
    assert.equal(parseYaml(`k: ${yamlString(s)}`).k, s, s);
  assert.equal(yamlString("/plain/path-1.2"), "/plain/path-1.2");
  assert.equal(shellWord("/plain/path"), "/plain/path");
  assert.equal(shellWord("it's"), `'it'\\''s'`);
});

test("the bridge path is this install's bin/quarry-mcp, links resolved", () => {
  const path = bridgeExecutable();
  assert.ok(path.startsWith("/"));
  assert.match(path, /\/bin\/quarry-mcp$/);
  assert.ok(existsSync(path));
  assert.equal(realpathSync(path), path);
});

test("QUARRY_HOME goes into every stdio snippet when the data folder is not the default one", () => {
  const bridge = "/opt/quarry/bin/quarry-mcp";
  const home = "/srv/work data/quarry #2";
  const env = { QUARRY_HOME: home };
  const s = (c: (typeof CLIENTS)[number]) => clientSnippet(c, { bridge, env }).text;
  for (const c of ["claude-desktop", "cursor"] as const)
    assert.deepEqual(JSON.parse(s(c)).mcpServers.quarry, { command: bridge, env });
  assert.deepEqual(JSON.parse(s("vscode")).servers.quarry, { type: "stdio", command: bridge, env });
  assert.deepEqual(JSON.parse(s("zed")).context_servers.quarry, { command: bridge, args: [], env });
  assert.deepEqual(parseYaml(s("continue")).mcpServers[0].env, env);
  assert.deepEqual(parseYaml(s("goose")).extensions.quarry.envs, env, "Goose calls it envs");
  const line = s("claude-code");
  const words = spawnSync("/bin/sh", ["-c", `set -- ${line.trim()}; printf '%s\\n' "$@"`], {
    encoding: "utf8",
  }).stdout.split("\n");
  assert.deepEqual(words.slice(0, 8), [
    "claude",
    "mcp",
    "add",
    "quarry",
    "-e",
    `QUARRY_HOME=${home}`,
    "--",
    bridge,
  ]);
  assert.doesNotMatch(s("http"), /QUARRY_HOME/, "the HTTP form starts no bridge");
  // Without an environment the snippets stay as they were: the command alone.
  assert.deepEqual(
    JSON.parse(clientSnippet("cursor", { bridge, env: {} }).text).mcpServers.quarry,
    {
      command: bridge,
    },
  );
});

test("bridgeEnvironment: nothing for the default folder, QUARRY_HOME for any other", () => {
  const linux = { HOME: "/home/ada" };
  assert.deepEqual(bridgeEnvironment("/home/ada/.local/share/quarry", linux, "linux"), {});
  assert.deepEqual(
    bridgeEnvironment(
      "/home/ada/.local/share/quarry",
      { ...linux, QUARRY_HOME: "/home/ada/.local/share/quarry" },
      "linux",
    ),
    {},
    "QUARRY_HOME naming the default folder changes nothing",
  );
  assert.deepEqual(bridgeEnvironment("/tmp/q", { ...linux, QUARRY_HOME: "/tmp/q" }, "linux"), {
    QUARRY_HOME: "/tmp/q",
  });
  assert.deepEqual(
    bridgeEnvironment("/data/xdg/quarry", { ...linux, XDG_DATA_HOME: "/data/xdg" }, "linux"),
    { QUARRY_HOME: "/data/xdg/quarry" },
    "a client may start the bridge without this shell's XDG_DATA_HOME",
  );
  assert.deepEqual(
    bridgeEnvironment(
      "/Users/ada/Library/Application Support/Quarry",
      { HOME: "/Users/ada" },
      "darwin",
    ),
    {},
  );
});
