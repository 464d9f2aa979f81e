/**
 * `quarry mcp config [client]`: prints the snippet that connects an AI client to Quarry
 * (docs/cli.md), with the absolute path of this install's `quarry-mcp`. Only the snippet goes to
 * standard output (so it can be piped into a file); where to paste it goes to standard error.
 * Quarry never edits another application's configuration file.
 */
import type { Command } from "commander";
import {
  bridgeEnvironment,
  bridgeExecutable,
  CLIENT_INFO,
  CLIENTS,
  type ClientId,
  clientSnippet,
  isClientId,
} from "../../app/mcp-host/client-config.ts";
import { McpSettingsStore } from "../../app/mcp-host/mcp-settings.ts";
import { appDataDir, ensureAppDataDir } from "../../app/storage/paths.ts";
import { QuarryError } from "../../core/errors.ts";
import { looksLikeToken } from "../../mcp/policy/tokens.ts";
import { wantsJson } from "../context.ts";
import { printJson, printLine } from "../output.ts";
import { probeRunningServer } from "./mcp/probe.ts";

interface ConfigFlags {
  name?: string;
  token?: string;
}

/** Adds `config` to the `quarry mcp` command group (registered by commands/mcp.ts). */
export function registerMcpConfigCommand(program: Command): void {
  const mcp = program.commands.find((c) => c.name() === "mcp");
  if (!mcp) throw new Error("register the mcp command group before its config command");
  mcp
    .command("config")
    .argument("[client]", `one of: ${CLIENTS.join(", ")}`)
    .description("print the configuration that connects an AI client to Quarry (nothing is edited)")
    .option("--name <name>", "the server's name in the client", "quarry")
    .option("--token <token>", "http only: the token to put in the Authorization header")
    .action(async (client: string | undefined, flags: ConfigFlags, cmd: Command) => {
      if (client === undefined) {
        if (wantsJson(cmd)) printJson({ clients: CLIENTS.map((c) => CLIENT_INFO[c]) });
        else {
          printLine("quarry mcp config <client> prints the configuration for one of:");
          for (const c of CLIENTS) printLine(`  ${c.padEnd(15)} ${CLIENT_INFO[c].title}`);
        }
        return;
      }
      const id = client.trim().toLowerCase();
      if (!isClientId(id))
        throw new QuarryError(
          "invalid_input",
          `"${client}" is not a client quarry mcp config knows`,
          `Use one of: ${CLIENTS.join(", ")}. Most other clients take the claude-desktop form (mcpServers > name > command).`,
          { client },
        );
      const name = flags.name?.trim() || "quarry";
      if (flags.token !== undefined && id !== "http")
        throw new QuarryError(
          "invalid_input",
          "--token applies to the http form only",
          `Drop --token: ${CLIENT_INFO[id].title} starts quarry-mcp, which reads its token by itself.`,
        );
      if (flags.token !== undefined && !looksLikeToken(flags.token.trim()))
        throw new QuarryError(
          "invalid_input",
          "--token is not a Quarry token (qry_ and 43 characters)",
          "Create one with quarry tokens create --name <client> --scope read-write, and pass what it prints.",
        );
      const http = id === "http" ? await httpEndpoint() : undefined;
      const bridgeEnv = bridgeEnvironment(appDataDir());
      const snippet = clientSnippet(id as ClientId, {
        bridge: bridgeExecutable(),
        name,
        env: bridgeEnv,
        ...(http ? { url: http.url } : {}),
        ...(flags.token ? { token: flags.token.trim() } : {}),
      });
      if (wantsJson(cmd)) {
        printJson({
          client: snippet.id,
          title: snippet.title,
          format: snippet.format,
          where: snippet.where,
          bridge: bridgeExecutable(),
          ...(Object.keys(bridgeEnv).length && id !== "http" ? { env: bridgeEnv } : {}),
          ...(http ? { url: http.url, serverRunning: http.running } : {}),
          snippet: snippet.text,
        });
        return;
      }
      process.stdout.write(snippet.text);
      const notes = [`${snippet.title}: ${snippet.where}`];
      if (bridgeEnv.QUARRY_HOME && id !== "http")
        notes.push(
          `This Quarry keeps its data in ${bridgeEnv.QUARRY_HOME} (not the default folder), so the snippet sets QUARRY_HOME for quarry-mcp.`,
        );
      if (http && !http.running)
        notes.push(
          `Quarry's MCP server is not running now; the URL uses the preferred port, which it takes unless another program holds it (quarry mcp status shows the port in use).`,
        );
      if (id === "http" && !flags.token)
        notes.push("Replace the <TOKEN: …> placeholder with a token (or pass --token).");
      for (const n of notes) process.stderr.write(`# ${n}\n`);
    });
}

async function httpEndpoint(): Promise<{ url: string; running: boolean }> {
  const dir = await ensureAppDataDir();
  const running = await probeRunningServer(dir);
  if (running.running) return { url: running.url, running: true };
  const settings = await new McpSettingsStore(dir).read();
  return { url: `http://127.0.0.1:${settings.preferredPort}/mcp`, running: false };
}
