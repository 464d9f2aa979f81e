/**
 * Each security write as the console request it sends (core/cluster-security.ts), and the same
 * request as shown: a password hidden. Every one is admin class and confirmed by the name of the
 * user, role, mapping or key it changes. Pure: views.ts reads what a plan needs (whether a user
 * exists, a key's live ids), the console sends it.
 */
import type { ClusterAdminPlan } from "../../../../core/cluster-admin.ts";
import type { SecurityInput } from "../../../../core/cluster-security.ts";
import { securityName } from "../../../../core/cluster-security.ts";
import type { ConsoleRequest } from "../../../../core/console.ts";
import { QuarryError } from "../../../../core/errors.ts";
import { classifyRequest } from "../../console/classify.ts";
import { plainName } from "../snapshots/plans.ts";

/** What a password is shown as, everywhere but in the request sent. */
export const HIDDEN = "<hidden>";

const userPath = (n: string) => `/_security/user/${plainName(n, "user")}`;

/** Pure: the plan; `keyIds` are the live keys of that name, for an invalidation. */
export function planSecurityAction(input: SecurityInput, keyIds: string[] = []): ClusterAdminPlan {
  const { request, summary, affects } = requestFor(input, keyIds);
  const shown = hidePassword(request);
  return {
    input,
    requests: [request],
    shown: [shown],
    classification: classifyRequest(request),
    confirmName: securityName(input),
    summary,
    affects,
  };
}

function hidePassword(r: ConsoleRequest): ConsoleRequest {
  const body = r.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || !("password" in body)) return r;
  return { ...r, body: { ...body, password: HIDDEN } };
}

function password(p: string | undefined, user: string): string {
  if (p === undefined || p.length < 6)
    throw new QuarryError(
      "invalid_input",
      `The password for ${user} is ${p === undefined ? "missing" : "shorter than 6 characters"}`,
      "Give a password of 6 characters or more (the cluster's minimum).",
    );
  return p;
}

/** Long because it is one table of ten actions, each a few lines. */
function requestFor(
  input: SecurityInput,
  keyIds: string[],
): { request: ConsoleRequest; summary: string; affects: string[] } {
  switch (input.action) {
    case "user-save": {
      const u = input.user;
      const body: Record<string, unknown> = {
        ...(u.password !== undefined || input.mode === "create"
          ? { password: password(u.password, u.name) }
          : {}),
        roles: u.roles,
        ...(u.fullName !== undefined ? { full_name: u.fullName } : {}),
        ...(u.email !== undefined ? { email: u.email } : {}),
        ...(u.enabled !== undefined ? { enabled: u.enabled } : {}),
      };
      return {
        request: { method: "PUT", path: userPath(u.name), body },
        summary: `${input.mode === "create" ? "creates" : "changes"} the user ${u.name} with the roles ${u.roles.join(", ") || "(none)"}`,
        affects: [u.name],
      };
    }
    case "user-password":
      return {
        request: {
          method: "POST",
          path: `${userPath(input.name)}/_password`,
          body: { password: password(input.password, input.name) },
        },
        summary: `changes the password of ${input.name}`,
        affects: [input.name],
      };
    case "user-enable":
      return {
        request: {
          method: "PUT",
          path: `${userPath(input.name)}/${input.enabled ? "_enable" : "_disable"}`,
        },
        summary: input.enabled
          ? `enables ${input.name}: it can sign in again`
          : `disables ${input.name}: it can no longer sign in`,
        affects: [input.name],
      };
    case "user-delete":
      return {
        request: { method: "DELETE", path: userPath(input.name) },
        summary: `deletes the user ${input.name}`,
        affects: [input.name],
      };
    case "role-save":
      return {
        request: {
          method: "PUT",
          path: `/_security/role/${plainName(input.name, "role")}`,
          body: input.definition ?? {
            cluster: input.cluster ?? [],
            indices: (input.tables ?? []).map((t) => ({
              names: t.names,
              privileges: t.privileges,
            })),
          },
        },
        summary: `saves the role ${input.name}: every user and key holding it gets these privileges`,
        affects: [input.name],
      };
    case "role-delete":
      return {
        request: { method: "DELETE", path: `/_security/role/${plainName(input.name, "role")}` },
        summary: `deletes the role ${input.name}: users holding it lose its privileges`,
        affects: [input.name],
      };
    case "role-mapping-save":
      return {
        request: {
          method: "PUT",
          path: `/_security/role_mapping/${plainName(input.name, "role mapping")}`,
          body: { roles: input.roles, rules: input.rules, enabled: input.enabled },
        },
        summary: `saves the role mapping ${input.name}: users its rules match get ${input.roles.join(", ")}`,
        affects: [input.name],
      };
    case "role-mapping-delete":
      return {
        request: {
          method: "DELETE",
          path: `/_security/role_mapping/${plainName(input.name, "role mapping")}`,
        },
        summary: `deletes the role mapping ${input.name}`,
        affects: [input.name],
      };
    case "key-create":
      return keyCreate(input);
    case "key-invalidate":
      return {
        request: { method: "DELETE", path: "/_security/api_key", body: { ids: keyIds } },
        summary: `invalidates the API key ${input.name} (${keyIds.join(", ")}): requests signed with it are refused from now on`,
        affects: keyIds,
      };
  }
}

function keyCreate(input: Extract<SecurityInput, { action: "key-create" }>) {
  if (input.name.trim() === "")
    throw new QuarryError("invalid_input", "The API key has no name", "Name the key.");
  return {
    request: {
      method: "POST",
      path: "/_security/api_key",
      body: {
        name: input.name,
        ...(input.expiration ? { expiration: input.expiration } : {}),
        ...(input.roleDescriptors ? { role_descriptors: input.roleDescriptors } : {}),
      },
    },
    summary: `creates the API key ${input.name}${input.expiration ? `, valid for ${input.expiration}` : ", valid until invalidated"}${input.roleDescriptors ? `, limited to the roles ${Object.keys(input.roleDescriptors).join(", ")}` : ", with all its owner's privileges"}; its secret is shown once`,
    affects: [input.name],
  };
}
