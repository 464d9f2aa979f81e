/**
 * Impact before a security write, the pure half (docs/decisions.md, "Security impact"): which
 * `_security` reads measure a console request that changes a user, a role, a role mapping or API
 * keys, and what their answers mean, naming who is affected:
 * - a user saved, deleted, enabled, disabled or given a new password: that user, with its roles
 *   (`GET /_security/user/<name>`; the caller's own password: `GET /_security/_authenticate`);
 * - a role saved or deleted: the users holding it and the role mappings granting it
 *   (`GET /_security/role/<name>`, `GET /_security/user`, `GET /_security/role_mapping`);
 * - a role mapping saved or deleted: the roles it grants (`GET /_security/role_mapping/<name>`);
 * - API keys invalidated (`DELETE /_security/api_key`) or updated (`PUT /_security/api_key/<id>`):
 *   each live key matched, with its id, name and owner (`GET /_security/api_key`).
 * Creating an API key, and every other request, measures nothing here: null.
 */
import type { ConsoleRequest } from "../../../core/console.ts";
import { type AffectedPrincipal, type Impact, namesText } from "../../../core/impact.ts";
import { pathSegment } from "../wire/paths.ts";
import type { EsRequest } from "../wire/transport.ts";

export type SecurityImpactKind = "user" | "role" | "role-mapping" | "keys";

/** The reads that measure one security write, and the words for what it does. */
export interface SecurityImpactPlan {
  kind: SecurityImpactKind;
  /** What the request does, as a verb phrase ("deletes", "disables", "changes the password of"). */
  verb: string;
  /** The user, role or mapping the request names; null: the caller itself, or keys by filter. */
  name: string | null;
  /** Sent in order; each answer is handed to `securityImpactOf` in the same order. */
  reads: EsRequest[];
  /** Keys matched by id only (a filter the list read cannot apply). */
  ids?: string[];
}

const WRITE = new Set(["PUT", "POST", "DELETE"]);

function segmentsOf(path: string): string[] {
  const bare = path.split("?")[0] ?? "";
  return bare
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

function bodyObject(body: unknown): Record<string, unknown> {
  let b = body;
  if (typeof b === "string") {
    try {
      b = JSON.parse(b);
    } catch {
      return {};
    }
  }
  return b !== null && typeof b === "object" && !Array.isArray(b)
    ? (b as Record<string, unknown>)
    : {};
}

const get = (path: string, query?: EsRequest["query"]): EsRequest => ({
  method: "GET",
  path,
  ...(query ? { query } : {}),
});

/** Pure: the reads that measure `request`; null when it is no security write measured here. */
export function securityImpactPlan(request: ConsoleRequest): SecurityImpactPlan | null {
  const method = String(request.method ?? "").toUpperCase();
  if (!WRITE.has(method)) return null;
  const [root, what, name, action, ...rest] = segmentsOf(String(request.path ?? ""));
  if (root !== "_security" || rest.length > 0) return null;
  if (what === "user") return userPlan(method, name, action);
  if (what === "role" && name && !action && !name.startsWith("_"))
    return {
      kind: "role",
      verb: method === "DELETE" ? "deletes" : "saves",
      name,
      reads: [
        get(`/_security/role/${pathSegment(name)}`),
        get("/_security/user"),
        get("/_security/role_mapping"),
      ],
    };
  if (what === "role_mapping" && name && !action && !name.startsWith("_"))
    return {
      kind: "role-mapping",
      verb: method === "DELETE" ? "deletes" : "saves",
      name,
      reads: [get(`/_security/role_mapping/${pathSegment(name)}`)],
    };
  if (what === "api_key") return keysPlan(method, name, action, bodyObject(request.body));
  return null;
}

function userPlan(
  method: string,
  name: string | undefined,
  action: string | undefined,
): SecurityImpactPlan | null {
  if (!name) return null;
  // `/_security/user/_password`: the caller changes its own password.
  if (name === "_password" && !action)
    return {
      kind: "user",
      verb: "changes the password of",
      name: null,
      reads: [get("/_security/_authenticate")],
    };
  if (name.startsWith("_")) return null;
  const verbs: Record<string, string> = {
    _password: "changes the password of",
    _enable: "enables",
    _disable: "disables",
  };
  const verb = action ? verbs[action] : method === "DELETE" ? "deletes" : "saves";
  if (!verb) return null;
  return { kind: "user", verb, name, reads: [get(`/_security/user/${pathSegment(name)}`)] };
}

function keysPlan(
  method: string,
  id: string | undefined,
  action: string | undefined,
  body: Record<string, unknown>,
): SecurityImpactPlan | null {
  if (action) return null;
  // `PUT /_security/api_key/<id>`: one key's role descriptors or metadata changed.
  if (id && !id.startsWith("_") && method === "PUT")
    return {
      kind: "keys",
      verb: "updates",
      name: null,
      reads: [get("/_security/api_key", { id })],
    };
  if (id || method !== "DELETE") return null;
  const text = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : undefined);
  const ids = Array.isArray(body.ids)
    ? body.ids.filter((x): x is string => typeof x === "string")
    : text("id")
      ? [text("id") as string]
      : undefined;
  const query: Record<string, string | boolean> = {};
  for (const k of ["name", "username", "realm_name"] as const) {
    const v = text(k);
    if (v !== undefined) query[k] = v;
  }
  if (body.owner === true) query.owner = true;
  // A single id is a filter the list read takes; several are matched once the keys are read.
  if (ids?.length === 1) query.id = ids[0] as string;
  return {
    kind: "keys",
    verb: "invalidates",
    name: null,
    reads: [get("/_security/api_key", query)],
    ...(ids && ids.length > 1 ? { ids } : {}),
  };
}

/** An answer to one read: its status and body (a 404: no user, role or mapping of that name). */
export interface ReadAnswer {
  status: number;
  body: unknown;
}

type Named = Record<string, { roles?: unknown; enabled?: unknown }>;

const rolesOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((r): r is string => typeof r === "string") : [];

const record = (a: ReadAnswer | undefined): Named =>
  a && a.status >= 200 && a.status < 300 && a.body && typeof a.body === "object"
    ? (a.body as Named)
    : {};

/** Pure: the impact from the reads' answers, in the order `plan.reads` gave them. */
export function securityImpactOf(plan: SecurityImpactPlan, answers: ReadAnswer[]): Impact {
  const affected =
    plan.kind === "user"
      ? userAffected(plan, answers)
      : plan.kind === "role"
        ? roleAffected(plan, answers)
        : plan.kind === "role-mapping"
          ? mappingAffected(plan, answers)
          : keysAffected(plan, answers);
  return {
    named: plan.name === null ? [] : [plan.name],
    resolved: [],
    widens: false,
    targets: [],
    affected,
    summary: securitySummary(plan, affected, answers),
  };
}

function userAffected(plan: SecurityImpactPlan, answers: ReadAnswer[]): AffectedPrincipal[] {
  const answer = answers[0];
  if (plan.name === null) {
    const me = (answer?.body ?? {}) as { username?: unknown; roles?: unknown };
    const name = typeof me.username === "string" ? me.username : "(the connection's user)";
    return [
      { kind: "user", name, note: `the connection's own user; roles ${rolesText(me.roles)}` },
    ];
  }
  const user = record(answer)[plan.name];
  if (!user) return plan.verb === "saves" ? [{ kind: "user", name: plan.name, note: "new" }] : [];
  const state = user.enabled === false ? "disabled" : "enabled";
  return [{ kind: "user", name: plan.name, note: `${state}; roles ${rolesText(user.roles)}` }];
}

const rolesText = (v: unknown) => rolesOf(v).join(", ") || "(none)";

function roleAffected(plan: SecurityImpactPlan, answers: ReadAnswer[]): AffectedPrincipal[] {
  const role = plan.name as string;
  const exists = record(answers[0])[role] !== undefined;
  const users = Object.entries(record(answers[1]))
    .filter(([, u]) => rolesOf(u.roles).includes(role))
    .map(([name, u]) => ({
      kind: "user" as const,
      name,
      note: `holds ${role}${u.enabled === false ? " (disabled)" : ""}`,
    }));
  const mappings = Object.entries(record(answers[2]))
    .filter(([, m]) => rolesOf(m.roles).includes(role))
    .map(([name, m]) => ({
      kind: "role mapping" as const,
      name,
      note: `grants ${role}${m.enabled === false ? " (disabled)" : ""}`,
    }));
  const self =
    exists || plan.verb === "saves"
      ? [{ kind: "role" as const, name: role, note: exists ? "exists" : "new" }]
      : [];
  return [...self, ...users, ...mappings].sort(byKind);
}

const KIND_ORDER: AffectedPrincipal["kind"][] = ["role", "role mapping", "user", "api key"];
const byKind = (a: AffectedPrincipal, b: AffectedPrincipal) =>
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name);

function mappingAffected(plan: SecurityImpactPlan, answers: ReadAnswer[]): AffectedPrincipal[] {
  const mapping = record(answers[0])[plan.name as string];
  if (!mapping)
    return plan.verb === "saves"
      ? [{ kind: "role mapping", name: plan.name as string, note: "new" }]
      : [];
  return [
    {
      kind: "role mapping",
      name: plan.name as string,
      note: `grants ${rolesText(mapping.roles)} to the users its rules match${mapping.enabled === false ? " (disabled)" : ""}`,
    },
  ];
}

interface KeyRow {
  id?: unknown;
  name?: unknown;
  username?: unknown;
  invalidated?: unknown;
}

function keysAffected(plan: SecurityImpactPlan, answers: ReadAnswer[]): AffectedPrincipal[] {
  const a = answers[0];
  const body = (a && a.status < 300 ? a.body : {}) as { api_keys?: KeyRow[] };
  const wanted = plan.ids ? new Set(plan.ids) : null;
  return (body.api_keys ?? [])
    .filter((k) => typeof k.id === "string" && k.invalidated !== true)
    .filter((k) => !wanted || wanted.has(k.id as string))
    .map((k) => ({
      kind: "api key" as const,
      name: typeof k.name === "string" && k.name !== "" ? k.name : "(unnamed)",
      note: `id ${k.id as string}, owner ${typeof k.username === "string" ? k.username : "unknown"}`,
    }))
    .sort(byKind);
}

function securitySummary(
  plan: SecurityImpactPlan,
  affected: AffectedPrincipal[],
  answers: ReadAnswer[],
): string {
  const of = (kind: AffectedPrincipal["kind"]) => affected.filter((p) => p.kind === kind);
  const list = (ps: AffectedPrincipal[], one: string, many: string) =>
    `${ps.length} ${ps.length === 1 ? one : many} (${namesText(ps.map((p) => p.name))})`;
  switch (plan.kind) {
    case "user": {
      const user = affected[0];
      if (!user) return `no user is named ${plan.name}: nothing would be affected`;
      if (user.note === "new") return `creates the user ${user.name}`;
      return `${plan.verb} the user ${user.name} (${user.note})`;
    }
    case "role": {
      const users = of("user");
      const mappings = of("role mapping");
      const exists = record(answers[0])[plan.name as string] !== undefined;
      if (!exists && plan.verb === "deletes")
        return `no role is named ${plan.name}: nothing would be affected`;
      const holders = [
        users.length > 0 ? `held by ${list(users, "user", "users")}` : "held by no user",
        mappings.length > 0
          ? `granted by ${list(mappings, "role mapping", "role mappings")}`
          : "granted by no role mapping",
      ].join(" and ");
      const verb = exists ? plan.verb : "creates";
      const effect = !exists
        ? ""
        : plan.verb === "deletes"
          ? ": they lose its privileges"
          : ": they get the privileges saved";
      return `${verb} the role ${plan.name}, ${holders}${effect}`;
    }
    case "role-mapping": {
      const m = affected[0];
      if (!m) return `no role mapping is named ${plan.name}: nothing would be affected`;
      if (m.note === "new") return `creates the role mapping ${m.name}`;
      return `${plan.verb} the role mapping ${m.name}, which ${m.note}`;
    }
    case "keys": {
      const keys = of("api key");
      if (keys.length === 0)
        return `no live API key matches: nothing would be ${plan.verb === "updates" ? "updated" : "invalidated"}`;
      const named = keys.map((k) => `${k.name} (${k.note})`);
      return `${plan.verb} ${keys.length} API key${keys.length === 1 ? "" : "s"}: ${namesText(named)}`;
    }
  }
}
