/**
 * `quarry security key create|invalidate`: a key's secret is printed once, when it is created
 * (the cluster never gives it again); invalidating names the key and the ids it reaches.
 */
import type { Command } from "commander";
import { jsonObject } from "../../flag-values.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { namedWrite } from "./shared.ts";

interface KeyFlags extends AdminFlags {
  expiration?: string;
  roleDescriptors?: string;
  id?: string;
}

interface CreatedKey {
  id?: string;
  name?: string;
  expiration?: number;
  encoded?: string;
}

export function registerKeyCommands(group: Command): void {
  const key = group.command("key").description("create or invalidate an API key");
  namedWrite(key, "create", "create an API key; its secret is printed this once", "key")
    .option("--expiration <time>", "how long it lives, e.g. 1d or 12h (default: until invalidated)")
    .option("--role-descriptors <json|@file>", "what it may do, narrower than yours")
    .action(async (conn: string, name: string, flags: KeyFlags, cmd: Command) =>
      runAdminAction(
        conn,
        {
          action: "key-create",
          name,
          ...(flags.expiration !== undefined ? { expiration: flags.expiration } : {}),
          ...(flags.roleDescriptors !== undefined
            ? { roleDescriptors: await jsonObject(flags.roleDescriptors, "--role-descriptors") }
            : {}),
        },
        flags,
        cmd,
        `Created API key ${name}.`,
        async (_s, outcome) => {
          const k = outcome.results[0]?.raw as CreatedKey | undefined;
          return {
            id: k?.id ?? null,
            name: k?.name ?? name,
            expiresAt: k?.expiration ? new Date(k.expiration).toISOString() : null,
            encoded: k?.encoded ?? null,
          };
        },
        (created) =>
          `API key ${created.name} (id ${created.id}), expires ${created.expiresAt ?? "never"}. Its secret, shown this once (base64 of id:key, for an Authorization: ApiKey header):\n${created.encoded}`,
      ),
    );
  namedWrite(key, "invalidate", "invalidate the live API keys of a name", "key")
    .option("--id <id>", "only the key of this id")
    .action((conn: string, name: string, flags: KeyFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "key-invalidate", name, ...(flags.id !== undefined ? { id: flags.id } : {}) },
        flags,
        cmd,
        `Invalidated API key ${name}.`,
      ),
    );
}
