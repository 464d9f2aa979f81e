/**
 * `quarry tokens create|list|revoke`: tokens for MCP clients that connect over HTTP (Settings >
 * Integrations > Authentication). A new token is printed once and never again: only its salted
 * hash is stored. The stdio bridge's token is Quarry's own and never listed here.
 */
import type { Command } from "commander";
import { ConnectionStore } from "../../app/storage/connection-store.ts";
import { ensureAppDataDir } from "../../app/storage/paths.ts";
import { TokenStore } from "../../app/storage/token-store.ts";
import { errors } from "../../core/errors.ts";
import {
  parseLifetime,
  parseScope,
  type StoredToken,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  tokenStatus,
} from "../../core/tokens.ts";
import { wantsJson } from "../context.ts";
import { printJson, printLine, printTable } from "../output.ts";

/** A token as shown: never its salt or hash. */
function shown(t: StoredToken, connectionNames: Map<string, string>, now = Date.now()) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scope: t.scope,
    connections:
      t.connections === null ? null : t.connections.map((id) => connectionNames.get(id) ?? id),
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    revokedAt: t.revokedAt,
    lastUsedAt: t.lastUsedAt ?? null,
    status: tokenStatus(t, now),
  };
}

async function connectionNames(dir: string): Promise<Map<string, string>> {
  const all = await new ConnectionStore(dir).list().catch(() => []);
  return new Map(all.map((c) => [c.id, c.name]));
}

export function registerTokenCommands(program: Command): void {
  const tokens = program
    .command("tokens")
    .description("tokens for MCP clients that connect over HTTP (Authorization: Bearer)");

  tokens
    .command("create")
    .description("create a token and print it once")
    .requiredOption("--name <name>", "a name that says which client uses it")
    .requiredOption("--scope <scope>", `${TOKEN_SCOPES.join(" | ")}`)
    .option(
      "--connections <list>",
      "comma-separated connection names or ids it may use (default: all)",
    )
    .option("--expires <lifetime>", "lifetime such as 30d, 12h, 2w, or never (default 90d)", "90d")
    .action(
      async (
        flags: { name: string; scope: string; connections?: string; expires: string },
        cmd: Command,
      ) => {
        const scope = parseScope(flags.scope);
        if (!scope)
          throw errors.invalidConfig(
            "Scope",
            `"${flags.scope}" is not a scope`,
            `Use one of: ${TOKEN_SCOPES.map((s) => `${s} (${TOKEN_SCOPE_LABELS[s]})`).join(", ")}.`,
          );
        const lifetimeMs = parseLifetime(flags.expires);
        if (lifetimeMs === undefined)
          throw errors.invalidConfig(
            "Expires",
            `"${flags.expires}" is not a lifetime`,
            "Use a number and a unit (m, h, d, w), e.g. 30d or 12h, or never.",
          );
        const dir = await ensureAppDataDir();
        let connections: string[] | null = null;
        if (flags.connections !== undefined) {
          const store = new ConnectionStore(dir);
          const refs = flags.connections
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
          if (refs.length === 0)
            throw errors.invalidConfig(
              "Connections",
              "the list is empty",
              "Name at least one connection, or leave --connections out for all of them.",
            );
          connections = [];
          for (const ref of refs) connections.push((await store.require(ref)).id);
        }
        const { token, record } = await new TokenStore(dir).create({
          name: flags.name,
          scope,
          connections,
          lifetimeMs,
        });
        const names = await connectionNames(dir);
        if (wantsJson(cmd)) {
          printJson({ token, ...shown(record, names) });
          return;
        }
        printLine(`Token "${record.name}" (${TOKEN_SCOPE_LABELS[record.scope]}) created:`);
        printLine();
        printLine(`  ${token}`);
        printLine();
        printLine("Copy it now: Quarry shows it only this once. Clients send it as");
        printLine(`  Authorization: Bearer ${record.prefix}…`);
        printLine(
          `Connections: ${record.connections === null ? "all" : shown(record, names).connections?.join(", ")}; expires: ${record.expiresAt ?? "never"}`,
        );
      },
    );

  tokens
    .command("list")
    .description("list the tokens (never the tokens themselves)")
    .action(async (_flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const names = await connectionNames(dir);
      const all = (await new TokenStore(dir).list()).map((t) => shown(t, names));
      if (wantsJson(cmd)) {
        printJson({ tokens: all });
        return;
      }
      if (all.length === 0) {
        printLine(
          "No tokens yet. Create one: quarry tokens create --name <client> --scope read-only",
        );
        return;
      }
      printTable(
        ["NAME", "PREFIX", "SCOPE", "CONNECTIONS", "CREATED", "EXPIRES", "LAST USED", "STATUS"],
        all.map((t) => [
          t.name,
          t.prefix,
          TOKEN_SCOPE_LABELS[t.scope],
          t.connections === null ? "all" : t.connections.join(", "),
          t.createdAt.slice(0, 10),
          t.expiresAt?.slice(0, 10) ?? "never",
          // To the minute: the store records use at most once a minute.
          t.lastUsedAt ? t.lastUsedAt.slice(0, 16).replace("T", " ") : "-",
          t.status,
        ]),
      );
    });

  tokens
    .command("revoke")
    .description("revoke a token: its requests in flight end and later ones are refused")
    .argument("<name>", "the token's name, id or prefix")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const dir = await ensureAppDataDir();
      const revoked = await new TokenStore(dir).revoke(name);
      if (wantsJson(cmd)) printJson(shown(revoked, await connectionNames(dir)));
      else printLine(`Token "${revoked.name}" revoked.`);
    });
}
