/**
 * What the cluster keeps and who may change it, in neutral words: backup repositories and the
 * backups in them (snapshots), the templates new tables are made from, who may do what (users,
 * roles, role mappings, access keys: core/cluster-security.ts), and each change planned as the console requests it sends, so a
 * surface shows the exact requests before anything goes out (docs/decisions.md, "Cluster
 * administration"). A driver offers it as the `clusterAdmin` facet (core/facets.ts); the app
 * runs a confirmed plan through the console's own checks (app/connections/cluster-admin-actions.ts). Nothing here
 * sends anything.
 */
import type {
  AccessKeyInfo,
  RoleInfo,
  RoleMappingInfo,
  SecurityInput,
  UserInfo,
} from "./cluster-security.ts";
import type { Classification, ConsoleRequest } from "./console.ts";

/** A registered backup repository, with its settings as the database states them. */
export interface RepositoryInfo {
  name: string;
  type: string;
  settings: Record<string, unknown>;
}

/** One setting of a repository kind's form. */
export interface RepositoryField {
  name: string;
  label: string;
  required: boolean;
  /** Values the service accepts, when it says (e.g. the folders it allows for a file system). */
  choices?: string[];
  kind: "text" | "boolean";
}

/** A kind of repository this service offers, read from its own answers, with its form. */
export interface RepositoryKind {
  type: string;
  label: string;
  fields: RepositoryField[];
}

/** A shard a backup could not copy, and why. */
export interface BackupShardFailure {
  table: string;
  shard: number;
  node: string | null;
  reason: string;
}

export interface BackupSummary {
  repository: string;
  name: string;
  /** In the database's words: SUCCESS, PARTIAL, FAILED, IN_PROGRESS, INCOMPATIBLE. */
  state: string;
  tables: string[];
  includesGlobalState: boolean | null;
  startedAt: string | null;
  durationMs: number | null;
  shards: { total: number; successful: number; failed: number };
  failures: BackupShardFailure[];
}

/** One table within a backup: its shards done and failed, its size. */
export interface BackupTable {
  name: string;
  shards: { total: number; done: number; failed: number };
  sizeBytes: number | null;
}

/** A backup in full, or one still being taken: its progress. */
export interface BackupDetail extends BackupSummary {
  /** Whether it is still being taken. */
  running: boolean;
  shardsDone: number;
  sizeBytes: number | null;
  doneBytes: number | null;
  perTable: BackupTable[];
  /** Parts that could not be read, and why. */
  notes: string[];
}

/** A template new tables are made from: a table template, or a component table templates compose. */
export type TemplateKind = "table" | "component";

export interface TemplateInfo {
  kind: TemplateKind;
  name: string;
  /** Name patterns of the tables it applies to (table templates only). */
  patterns: string[];
  priority: number | null;
  /** The components it is composed of, in order (table templates only). */
  composedOf: string[];
  /** Settings, schema and other names, as the database states them. */
  template: Record<string, unknown>;
  /** The whole definition, as the database states it. */
  definition: unknown;
}

/** A template as a form and JSON give it, to be checked by the database and saved. */
export interface TemplateDraft {
  kind: TemplateKind;
  name: string;
  patterns?: string[];
  priority?: number;
  composedOf?: string[];
  /** Settings, schema and other names, in the database's own words. */
  template: Record<string, unknown>;
  /** `create`: refused if one of that name exists; `replace`: saved over it. */
  mode: "create" | "replace";
}

/** What a new table would be made of, as the database works it out. */
export interface TemplateSimulation {
  /** Settings, schema and other names of the resulting table. */
  result: Record<string, unknown>;
  /** Other templates that match the same names, which this one wins over or loses to. */
  overlapping: { name: string; patterns: string[] }[];
}

export type ClusterAdminInput =
  | {
      action: "repository-register";
      repository: string;
      type: string;
      settings: Record<string, unknown>;
    }
  | { action: "repository-verify"; repository: string }
  | { action: "repository-remove"; repository: string }
  | {
      action: "backup-create";
      repository: string;
      backup: string;
      /** Names or patterns; empty: every table. */
      tables: string[];
      includeGlobalState: boolean;
    }
  | {
      action: "backup-restore";
      repository: string;
      backup: string;
      /** Names or patterns among the backup's tables; empty: all of them. */
      tables: string[];
      renamePattern?: string;
      renameReplacement?: string;
      includeGlobalState?: boolean;
    }
  | { action: "backup-delete"; repository: string; backup: string }
  | { action: "template-save"; draft: TemplateDraft }
  | { action: "template-delete"; kind: TemplateKind; name: string }
  | SecurityInput;

export type ClusterAdminAction = ClusterAdminInput["action"];

/** The requests an action sends, in order, and what must be typed to confirm them. */
export interface ClusterAdminPlan {
  input: ClusterAdminInput;
  /** Sent one after the other; the first that fails stops the rest. Never shown: may hold a password. */
  requests: ConsoleRequest[];
  /** The same requests as shown and confirmed: passwords and secrets hidden. */
  shown: ConsoleRequest[];
  /** The class of the plan's most dangerous request, with its reason. */
  classification: Classification;
  /** The name to type before it is sent; null when the shown requests are confirmation enough. */
  confirmName: string | null;
  /** What it does, in a sentence. */
  summary: string;
  /** What it affects by name (the tables a restore writes, the backup deleted). */
  affects: string[];
  /** A template saved: what a new table would be made of, as the database simulated it. */
  simulation?: TemplateSimulation;
}

/** The cluster's administration views of one connection. Reads only, and plans. */
export interface ClusterAdmin {
  repositories(options?: { signal?: AbortSignal }): Promise<RepositoryInfo[]>;
  repositoryKinds(options?: { signal?: AbortSignal }): Promise<RepositoryKind[]>;
  backups(repository: string, options?: { signal?: AbortSignal }): Promise<BackupSummary[]>;
  backup(
    repository: string,
    backup: string,
    options?: { signal?: AbortSignal },
  ): Promise<BackupDetail>;
  templates(options?: { signal?: AbortSignal }): Promise<TemplateInfo[]>;
  /** What a new table would be made of with this draft; a draft the database refuses throws. */
  simulateTemplate(
    draft: TemplateDraft,
    options?: { signal?: AbortSignal },
  ): Promise<TemplateSimulation>;
  /** What a new table of this name would be made of, from the templates saved now. */
  simulateTable(table: string, options?: { signal?: AbortSignal }): Promise<TemplateSimulation>;
  /** Who may do what; a database without its security on refuses with a QuarryError saying so. */
  users(options?: { signal?: AbortSignal }): Promise<UserInfo[]>;
  roles(options?: { signal?: AbortSignal }): Promise<RoleInfo[]>;
  roleMappings(options?: { signal?: AbortSignal }): Promise<RoleMappingInfo[]>;
  accessKeys(options?: { signal?: AbortSignal }): Promise<AccessKeyInfo[]>;
  /**
   * Plans an action, reading what it needs (the backup's tables, which targets exist; a
   * template's simulation, which refuses a template the database would refuse).
   */
  plan(input: ClusterAdminInput, options?: { signal?: AbortSignal }): Promise<ClusterAdminPlan>;
}

/** Pure: whether the confirmed requests are the plan's as shown, each method, path and body. */
export function samePlannedRequests(plan: ConsoleRequest[], confirmed: unknown): boolean {
  if (!Array.isArray(confirmed) || confirmed.length !== plan.length) return false;
  return plan.every((p, i) => {
    const c = confirmed[i] as Partial<ConsoleRequest> | null;
    if (!c || typeof c !== "object") return false;
    return (
      String(c.method ?? "").toUpperCase() === p.method.toUpperCase() &&
      c.path === p.path &&
      JSON.stringify(c.body ?? null) === JSON.stringify(p.body ?? null)
    );
  });
}
