/**
 * The cluster's answers about users, roles, role mappings and API keys in core's words
 * (core/cluster-security.ts): `GET /_security/user`, `…/role`, `…/role_mapping`, `…/api_key`.
 * Pure; no answer read here carries a password or a key's secret.
 */
import type {
  AccessKeyInfo,
  RoleInfo,
  RoleMappingInfo,
  UserInfo,
} from "../../../../core/cluster-security.ts";

type Meta = { metadata?: { _reserved?: boolean } };

export type UsersBody = Record<
  string,
  Meta & {
    username?: string;
    roles?: string[];
    full_name?: string | null;
    email?: string | null;
    enabled?: boolean;
  }
>;

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export function usersOf(body: UsersBody): UserInfo[] {
  return Object.entries(body)
    .map(([name, u]) => ({
      name,
      fullName: u.full_name ?? null,
      email: u.email ?? null,
      roles: u.roles ?? [],
      enabled: u.enabled ?? true,
      reserved: u.metadata?._reserved === true,
    }))
    .sort(byName);
}

export type RolesBody = Record<
  string,
  Meta & { cluster?: string[]; indices?: { names?: string[] | string; privileges?: string[] }[] }
>;

export function rolesOf(body: RolesBody): RoleInfo[] {
  return Object.entries(body)
    .map(([name, r]) => ({
      name,
      cluster: r.cluster ?? [],
      tables: (r.indices ?? []).map((i) => ({
        names: Array.isArray(i.names) ? i.names : i.names ? [i.names] : [],
        privileges: i.privileges ?? [],
      })),
      reserved: r.metadata?._reserved === true,
      definition: r,
    }))
    .sort(byName);
}

export type RoleMappingsBody = Record<
  string,
  { roles?: string[]; enabled?: boolean; rules?: unknown }
>;

export function roleMappingsOf(body: RoleMappingsBody): RoleMappingInfo[] {
  return Object.entries(body)
    .map(([name, m]) => ({
      name,
      roles: m.roles ?? [],
      enabled: m.enabled ?? true,
      rules: m.rules ?? {},
    }))
    .sort(byName);
}

export interface ApiKeysBody {
  api_keys?: {
    id: string;
    name?: string | null;
    username?: string;
    creation?: number;
    expiration?: number;
    invalidated?: boolean;
  }[];
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export function accessKeysOf(body: ApiKeysBody): AccessKeyInfo[] {
  return (body.api_keys ?? []).map((k) => ({
    id: k.id,
    name: k.name ?? "",
    owner: k.username ?? null,
    createdAt: iso(k.creation),
    expiresAt: iso(k.expiration),
    invalidated: k.invalidated === true,
  }));
}
