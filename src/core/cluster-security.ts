/**
 * Who may do what on the database, in neutral words (part of core/cluster-admin.ts's facet): users,
 * roles with their table and service privileges, role mappings, and access keys. Passwords and key
 * secrets travel only inside the requests sent: a plan shows them hidden (`ClusterAdminPlan.shown`)
 * and no view returns them (docs/decisions.md, "Security administration").
 */

export interface UserInfo {
  name: string;
  fullName: string | null;
  email: string | null;
  roles: string[];
  enabled: boolean;
  /** Built into the database (e.g. its superuser): it cannot be changed or deleted here. */
  reserved: boolean;
}

/** Privileges on the tables whose names match. */
export interface TablePrivileges {
  names: string[];
  privileges: string[];
}

export interface RoleInfo {
  name: string;
  /** Privileges on the service itself (monitor, manage, …). */
  cluster: string[];
  tables: TablePrivileges[];
  reserved: boolean;
  /** As the database states it. */
  definition: unknown;
}

export interface RoleMappingInfo {
  name: string;
  roles: string[];
  enabled: boolean;
  /** Which users it matches, as the database states it. */
  rules: unknown;
}

export interface AccessKeyInfo {
  id: string;
  name: string;
  owner: string | null;
  createdAt: string | null;
  expiresAt: string | null;
  invalidated: boolean;
}

/** A user as a form gives it; the password only when one is set. */
export interface UserDraft {
  name: string;
  password?: string;
  roles: string[];
  fullName?: string;
  email?: string;
  enabled?: boolean;
}

export type SecurityInput =
  | { action: "user-save"; user: UserDraft; mode: "create" | "replace" }
  | { action: "user-password"; name: string; password: string }
  | { action: "user-enable"; name: string; enabled: boolean }
  | { action: "user-delete"; name: string }
  | {
      action: "role-save";
      name: string;
      /** From a form: service and table privileges (JSON wins where given). */
      cluster?: string[];
      tables?: TablePrivileges[];
      /** The role in the database's own words. */
      definition?: Record<string, unknown>;
    }
  | { action: "role-delete"; name: string }
  | {
      action: "role-mapping-save";
      name: string;
      roles: string[];
      rules: Record<string, unknown>;
      enabled: boolean;
    }
  | { action: "role-mapping-delete"; name: string }
  | {
      action: "key-create";
      name: string;
      /** How long it lives, in the database's words (e.g. "1d"); none: until invalidated. */
      expiration?: string;
      /** What it may do, narrower than its owner; none: all its owner may. */
      roleDescriptors?: Record<string, unknown>;
    }
  | { action: "key-invalidate"; name: string; id?: string };

export type SecurityAction = SecurityInput["action"];

export const SECURITY_ACTIONS: readonly SecurityAction[] = [
  "user-save",
  "user-password",
  "user-enable",
  "user-delete",
  "role-save",
  "role-delete",
  "role-mapping-save",
  "role-mapping-delete",
  "key-create",
  "key-invalidate",
];

/** The name a security write is confirmed with: the user's, role's, mapping's or key's. */
export function securityName(input: SecurityInput): string {
  return input.action === "user-save" ? input.user.name : input.name;
}
