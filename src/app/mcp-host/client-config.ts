/**
 * The configuration snippet each AI client family needs to reach Quarry (docs/mcp.md):
 * over stdio, only the absolute path of this install's `quarry-mcp` (links resolved; no
 * arguments, no port, no token; `QUARRY_HOME` when this Quarry keeps its data somewhere other than
 * the default folder, so the bridge finds this Quarry); over HTTP, the URL and a Bearer token.
 * Quarry never edits another
 * application's configuration file: `quarry mcp config <client>` prints the snippet and the UI's
 * Connect a Client sheet shows it, both from `clientSnippet`, which is pure.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { installPaths } from "../process/install.ts";
import { appDataDir } from "../storage/paths.ts";

export const CLIENTS = [
  "claude-desktop",
  "cursor",
  "vscode",
  "continue",
  "zed",
  "goose",
  "claude-code",
  "http",
] as const;
export type ClientId = (typeof CLIENTS)[number];

export const DEFAULT_SERVER_NAME = "quarry";
/** The Goose-style extension timeout (seconds). */
export const GOOSE_TIMEOUT = 300;
/** Shown instead of a token when none is given; never a real token. */
export const TOKEN_PLACEHOLDER = "<TOKEN: quarry tokens create --name <client> --scope read-write>";

export interface ClientInfo {
  id: ClientId;
  /** The client as people call it. */
  title: string;
  format: "json" | "yaml" | "shell";
  /** Where the snippet goes. */
  where: string;
}

export const CLIENT_INFO: Record<ClientId, ClientInfo> = {
  "claude-desktop": {
    id: "claude-desktop",
    title: "Claude Desktop",
    format: "json",
    where:
      "Claude Desktop > Settings > Developer > Edit Config: claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/; Windows: %APPDATA%\\Claude\\). Merge the mcpServers entry, then restart Claude Desktop.",
  },
  cursor: {
    id: "cursor",
    title: "Cursor",
    format: "json",
    where:
      "~/.cursor/mcp.json for every project, or .cursor/mcp.json in one project. Merge the mcpServers entry.",
  },
  vscode: {
    id: "vscode",
    title: "Visual Studio Code",
    format: "json",
    where:
      ".vscode/mcp.json in the workspace, or the command MCP: Open User Configuration. The key is servers, not mcpServers.",
  },
  continue: {
    id: "continue",
    title: "Continue",
    format: "yaml",
    where:
      "Save as .continue/mcpServers/quarry.yaml in the workspace (or add the mcpServers entry to ~/.continue/config.yaml).",
  },
  zed: {
    id: "zed",
    title: "Zed",
    format: "json",
    where:
      "Zed's settings.json (zed: open settings): merge the context_servers entry. The Agent Panel's Add Custom Server dialog takes the same entry.",
  },
  goose: {
    id: "goose",
    title: "Goose",
    format: "yaml",
    where: "~/.config/goose/config.yaml: merge the entry under extensions.",
  },
  "claude-code": {
    id: "claude-code",
    title: "Claude Code",
    format: "shell",
    where: "Run it in a terminal; claude mcp list then shows quarry.",
  },
  http: {
    id: "http",
    title: "Any client over HTTP (streamable HTTP)",
    format: "json",
    where:
      "For a client that connects over HTTP instead of starting quarry-mcp. Needs a token: quarry tokens create --name <client> --scope read-write (shown once). Some clients do not want the type field; drop it if yours refuses it.",
  },
};

export interface SnippetOptions {
  /** The absolute path of `quarry-mcp` (bridgeExecutable()). */
  bridge: string;
  /** The server's name in the client (default "quarry"). */
  name?: string;
  /** For `http`: the endpoint's URL and the token (a placeholder when absent). */
  url?: string;
  token?: string;
  /** The bridge's environment (bridgeEnvironment()): set only when it must find another folder. */
  env?: Record<string, string>;
}

export interface Snippet extends ClientInfo {
  /** The text to paste (ends with a newline). */
  text: string;
}

export function isClientId(s: string): s is ClientId {
  return (CLIENTS as readonly string[]).includes(s);
}

/** The snippet for one client. Pure. */
export function clientSnippet(client: ClientId, options: SnippetOptions): Snippet {
  const name = options.name ?? DEFAULT_SERVER_NAME;
  const command = options.bridge;
  const info = CLIENT_INFO[client];
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const env = options.env && Object.keys(options.env).length ? options.env : undefined;
  const withEnv = env ? { env } : {};
  /** The environment as a YAML map under `key`, indented for the server's entry. */
  const yamlEnv = (key: string) =>
    env
      ? [
          `    ${key}:`,
          ...Object.entries(env).map(([k, v]) => `      ${yamlString(k)}: ${yamlString(v)}`),
        ]
      : [];
  let text: string;
  switch (client) {
    case "claude-desktop":
    case "cursor":
      text = json({ mcpServers: { [name]: { command, ...withEnv } } });
      break;
    case "vscode":
      text = json({ servers: { [name]: { type: "stdio", command, ...withEnv } } });
      break;
    case "zed":
      text = json({ context_servers: { [name]: { command, args: [], ...withEnv } } });
      break;
    case "continue":
      text = [
        "name: Quarry",
        "version: 0.0.1",
        "schema: v1",
        "mcpServers:",
        `  - name: ${yamlString(name)}`,
        "    type: stdio",
        `    command: ${yamlString(command)}`,
        ...yamlEnv("env"),
        "",
      ].join("\n");
      break;
    case "goose":
      text = [
        "extensions:",
        `  ${yamlString(name)}:`,
        `    name: ${yamlString(name)}`,
        "    type: stdio",
        `    cmd: ${yamlString(command)}`,
        "    args: []",
        "    enabled: true",
        `    timeout: ${GOOSE_TIMEOUT}`,
        `    description: ${yamlString("Quarry: your saved Elasticsearch connections")}`,
        ...yamlEnv("envs"),
        "",
      ].join("\n");
      break;
    case "claude-code":
      text = `claude mcp add ${shellWord(name)}${Object.entries(env ?? {})
        .map(([k, v]) => ` -e ${shellWord(`${k}=${v}`)}`)
        .join("")} -- ${shellWord(command)}\n`;
      break;
    case "http":
      text = json({
        mcpServers: {
          [name]: {
            type: "streamable-http",
            url: options.url ?? "http://127.0.0.1:23510/mcp",
            headers: { Authorization: `Bearer ${options.token ?? TOKEN_PLACEHOLDER}` },
          },
        },
      });
      break;
  }
  return { ...info, text };
}

/**
 * A YAML scalar: plain when it is obviously safe, else double-quoted with JSON's escapes (a JSON
 * string is a valid YAML double-quoted scalar), so any path survives, spaces, quotes, `#` and all.
 */
export function yamlString(s: string): string {
  return /^[A-Za-z0-9_/][A-Za-z0-9_./-]*$/.test(s) &&
    !/^(true|false|yes|no|on|off|null|~|[0-9.+-].*)$/i.test(s)
    ? s
    : JSON.stringify(s);
}

/** One POSIX shell word: as is when it needs no quoting, else single-quoted. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The environment the bridge needs to find the Quarry that keeps its data in `dataDir`: nothing
 * when that is the default folder (where the bridge looks by itself), else `QUARRY_HOME`. An AI
 * client starts the bridge with its own environment, which need not carry this shell's
 * QUARRY_HOME or XDG_DATA_HOME (a macOS app never does), so the default is the one the home
 * folder alone gives. Pure: reads only the given environment and platform.
 */
export function bridgeEnvironment(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const { QUARRY_HOME: _q, XDG_DATA_HOME: _x, ...rest } = env;
  const standard = appDataDir(rest, platform);
  return resolve(dataDir) === standard ? {} : { QUARRY_HOME: resolve(dataDir) };
}

/** The absolute path of this install's `quarry-mcp`, with every link resolved. */
export function bridgeExecutable(): string {
  return realpathSync(installPaths.quarryMcp);
}
