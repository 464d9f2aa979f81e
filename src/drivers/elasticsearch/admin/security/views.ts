/**
 * Users, roles, role mappings and API keys on Elasticsearch (core/cluster-security.ts): the reads,
 * and the plans, for which creating a user first checks the name is free and invalidating a key
 * reads its live ids. A cluster without security answers that it has none.
 */
import type { ClusterAdmin } from "../../../../core/cluster-admin.ts";
import type { SecurityInput } from "../../../../core/cluster-security.ts";
import { QuarryError } from "../../../../core/errors.ts";
import { esErrors } from "../../wire/error-catalog.ts";
import { httpError, reasonOf } from "../../wire/errors.ts";
import type { EsTransport } from "../../wire/transport.ts";
import { plainName } from "../snapshots/plans.ts";
import {
  type ApiKeysBody,
  accessKeysOf,
  type RoleMappingsBody,
  type RolesBody,
  roleMappingsOf,
  rolesOf,
  type UsersBody,
  usersOf,
} from "./answers.ts";
import { planSecurityAction } from "./plans.ts";

type Signal = { signal?: AbortSignal };
type SecurityViews = Pick<ClusterAdmin, "users" | "roles" | "roleMappings" | "accessKeys"> & {
  plan: (input: SecurityInput, o?: Signal) => ReturnType<ClusterAdmin["plan"]>;
};

export function esSecurityAdmin(transport: EsTransport, ready: () => Promise<void>): SecurityViews {
  /** A read under `_security`; a cluster with security off serves none (400, 404, 405, 500). */
  const read = async <T>(path: string, signal?: AbortSignal, query = {}): Promise<T> => {
    await ready();
    const res = await transport.request<T>({ method: "GET", path, query, signal });
    if (res.status >= 200 && res.status < 300) return res.body;
    if ([400, 404, 405, 500].includes(res.status) && !path.includes("/_security/user/"))
      throw esErrors.featureUnavailable(
        `This cluster has no security on, so it has no users, roles or API keys (${reasonOf(res.body)}).`,
      );
    throw httpError(res.status, res.body, transport.target);
  };
  return {
    users: async (o: Signal = {}) => usersOf(await read<UsersBody>("/_security/user", o.signal)),
    roles: async (o: Signal = {}) => rolesOf(await read<RolesBody>("/_security/role", o.signal)),
    roleMappings: async (o: Signal = {}) =>
      roleMappingsOf(await read<RoleMappingsBody>("/_security/role_mapping", o.signal)),
    accessKeys: async (o: Signal = {}) =>
      accessKeysOf(await read<ApiKeysBody>("/_security/api_key", o.signal)),
    plan: async (input, o: Signal = {}) => {
      if (input.action === "user-save" && input.mode === "create") {
        await read<UsersBody>("/_security/user", o.signal);
        const res = await transport.request({
          method: "GET",
          path: `/_security/user/${plainName(input.user.name, "user")}`,
          signal: o.signal,
        });
        if (res.status === 200)
          throw new QuarryError(
            "invalid_input",
            `The user ${input.user.name} exists already; nothing was sent`,
            "Choose another name, or change that user (quarry security user edit).",
          );
      }
      if (input.action !== "key-invalidate") return planSecurityAction(input);
      const keys = accessKeysOf(
        await read<ApiKeysBody>("/_security/api_key", o.signal, {
          ...(input.id ? { id: input.id } : { name: input.name }),
        }),
      ).filter((k) => !k.invalidated && k.name === input.name);
      if (keys.length === 0)
        throw new QuarryError(
          "invalid_input",
          `No live API key is named ${input.name}${input.id ? ` with the id ${input.id}` : ""}; nothing was sent`,
          "See quarry security keys for the keys there are.",
        );
      return planSecurityAction(
        input,
        keys.map((k) => k.id),
      );
    },
  };
}
