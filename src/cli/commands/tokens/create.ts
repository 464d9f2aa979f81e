/** `quarry tokens create`: creates a token and prints it once; only its salted hash is stored. */
import type { Command } from "commander";
import { installedDriver } from "../../../app/connections/driver-registry.ts";
import { ConnectionStore } from "../../../app/storage/connection-store.ts";
import { ensureAppDataDir } from "../../../app/storage/paths.ts";
import { TokenStore } from "../../../app/storage/token-store.ts";
import { errors } from "../../../core/errors.ts";
import {
  parseLifetime,
  parseScope,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
} from "../../../mcp/policy/tokens.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { connectionNames, shown } from "./shared.ts";

export function registerCreate(group: Command): void {
  group
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
          const store = new ConnectionStore(dir, { driverFor: installedDriver });
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
}
