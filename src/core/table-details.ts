/**
 * One table in full, and the everyday operations on it, in neutral words: its definition
 * (settings and schema as the database states them), its size, its other names, its partitions;
 * the service's read-only objects around tables (templates, lifecycle policies, backups); and each
 * operation planned as the one console request it sends. A driver fills them
 * (the `tableAdmin` facet); surfaces show the plan, have it confirmed, and run it through the
 * console's own checks (`console.check`, `console.run`), so nothing here sends anything.
 */
import type { PartitionInfo, TableStats } from "./catalog.ts";
import type { Classification, ConsoleRequest } from "./console.ts";

/** An extra name a table answers to, with what the database attaches to it. */
export interface TableAlias {
  name: string;
  /** Filter, routing and write flag, as the database states them; empty when none. */
  properties: Record<string, unknown>;
}

/** A feature the service may lack (a module not installed, a right not held). */
export interface Availability {
  available: boolean;
  /** Why not, in a sentence the surfaces show as it is. */
  note?: string;
}

/** A field of the schema as a tree: its type, and its sub-fields and alternative forms. */
export interface SchemaField {
  name: string;
  type: string;
  children: SchemaField[];
}

export interface TableDetails {
  name: string;
  /** Open or closed, in the database's words ("open", "close"); null when unknown. */
  state: string | null;
  /** Green, yellow or red for this table; null when unknown. */
  health: string | null;
  /** Null when the database gives none (a closed table). */
  stats: TableStats | null;
  /** The table's settings, as the database states them (JSON). */
  settings: unknown;
  /** The table's schema, as the database states it (JSON). */
  schema: unknown;
  /** The same schema as a tree of fields, for reading. */
  fields: SchemaField[];
  aliases: TableAlias[];
  partitions: PartitionInfo[];
  /** Whether copying into a new table (`copy`) can run on this service. */
  copy: Availability;
  /** Parts that could not be read, and why (the rest is still shown). */
  notes: string[];
}

/** One named object of the service, with a short summary line and its definition. */
export interface ServiceObject {
  name: string;
  /** The kind within its list, e.g. "composable" or "legacy" templates. */
  kind?: string;
  /** One line: what it applies to, its phases, its state. */
  summary: string;
  /** As the database states it. */
  definition: unknown;
}

export interface ObjectList extends Availability {
  items: ServiceObject[];
}

/** The service's read-only objects around tables, each list saying when the service has none. */
export interface ServiceObjects {
  templates: ObjectList;
  lifecyclePolicies: ObjectList;
  backupRepositories: ObjectList;
  backups: ObjectList;
}

export const TABLE_ACTIONS = [
  "create",
  "open",
  "close",
  "refresh",
  "flush",
  "compact",
  "clear-cache",
  "alias-add",
  "alias-remove",
  "copy",
  "delete",
] as const;
export type TableAction = (typeof TABLE_ACTIONS)[number];

/** A field of a table created from a form: its name and type, in the database's type names. */
export interface FieldDefinition {
  name: string;
  type: string;
}

/** What one action is asked for; each action reads the fields it needs. */
export interface TableActionInput {
  action: TableAction;
  table: string;
  /** alias-add / alias-remove: the other name. */
  alias?: string;
  /** compact: the number of storage segments to merge down to. */
  maxSegments?: number;
  /** copy: the new table the records are copied into. */
  target?: string;
  /** create, from a form: partitions, copies and fields. */
  partitions?: number;
  replicas?: number;
  fields?: FieldDefinition[];
  /** create, as JSON in the database's own words; wins over the form's fields. */
  definition?: Record<string, unknown>;
}

/** The one request an action sends, its class, and what must be typed to confirm it. */
export interface TableActionPlan {
  input: TableActionInput;
  request: ConsoleRequest;
  classification: Classification;
  /** The name to type before it is sent; null when a plain confirmation is enough. */
  confirmName: string | null;
  /** What it does, in a sentence ("closes logs: it cannot be searched until opened again"). */
  summary: string;
}

/** The table views and operations of one connection. Reads only, and plans: nothing is sent. */
export interface TableAdmin {
  details(table: string, options?: { signal?: AbortSignal }): Promise<TableDetails>;
  objects(options?: { signal?: AbortSignal }): Promise<ServiceObjects>;
  /** Plans an action (reading what it needs to, e.g. whether copying is available); throws a refusal. */
  plan(input: TableActionInput, options?: { signal?: AbortSignal }): Promise<TableActionPlan>;
}

/** Pure: whether a plan's request is the very one confirmed, method, path and body. */
export function samePlannedRequest(plan: ConsoleRequest, confirmed: unknown): boolean {
  if (!confirmed || typeof confirmed !== "object") return false;
  const c = confirmed as Partial<ConsoleRequest>;
  return (
    String(c.method ?? "").toUpperCase() === plan.method.toUpperCase() &&
    c.path === plan.path &&
    JSON.stringify(c.body ?? null) === JSON.stringify(plan.body ?? null)
  );
}

/** Pure: whether `typed` confirms the plan (the exact name when one is asked for). */
export function typedConfirms(plan: TableActionPlan, typed: string | undefined): boolean {
  return plan.confirmName === null || typed === plan.confirmName;
}
