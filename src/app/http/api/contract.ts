/**
 * The JSON shapes of the UI's HTTP API (`/api/...`), shared by the routes and the browser code.
 * Types, and one constant: the header that carries the per-run secret (the browser, the app's
 * server and other Quarry processes all take its name from here).
 *
 * Every failure is `{ "error": { code, message, remedy, details } }` (a QuarryError) with an HTTP
 * status that says who is at fault (400 input, 404 unknown, 409 conflict, 502 cluster, 500 bug).
 */
import type { ChangeRefusal, ChangeSet, SaveResult } from "../../../core/changes.ts";
import type { AiPolicy, ExternalClientsLevel, SavedConnection } from "../../../core/connections.ts";
import type {
  ConsoleRequest,
  ConsoleResult,
  RequestClass,
  ResultTable,
  TaskReport,
} from "../../../core/console.ts";
import type { ReferenceLink } from "../../../core/console-completion.ts";
import type { HistoryEntry } from "../../../core/console-work.ts";
import type { ServerInfo } from "../../../core/driver.ts";
import type { ExportFormat, ExportProgress, ExportReport } from "../../../core/export.ts";
import type { BrowseRequest, BrowseResult, Column, TableInfo } from "../../../core/grid.ts";
import type { Impact } from "../../../core/impact.ts";
import type { JobProgress } from "../../../core/jobs.ts";
import type { PackedPage } from "../../../core/packed-page.ts";
import type {
  SettingCondition,
  SettingField,
  SettingsForm,
  SettingValue,
} from "../../../core/settings-form.ts";

/** The header every API request carries: the per-run secret. */
export const SECRET_HEADER = "x-quarry-secret";

export type * from "./cluster-admin-contract.ts";
export type * from "./cluster-contract.ts";
export type * from "./compare-contract.ts";
export type * from "./integrations-contract.ts";
export type * from "./table-admin-contract.ts";

import type { CompareJobResult } from "./compare-contract.ts";
import type { CopyJobResult, ImportJobResult } from "./transfer-contract.ts";

export type * from "./transfer-contract.ts";
export type {
  BrowseRequest,
  BrowseResult,
  ChangeRefusal,
  ChangeSet,
  Column,
  ConsoleRequest,
  ConsoleResult,
  ExportFormat,
  ExportProgress,
  ExportReport,
  RequestClass,
  ResultTable,
  SaveResult,
  ServerInfo,
  SettingCondition,
  SettingField,
  SettingsForm,
  SettingValue,
  TableInfo,
  TaskReport,
};

export interface ErrorBody {
  error: { code: string; message: string; remedy: string; details: Record<string, unknown> };
}

/** One choice of a select field: the stored value and the label people see. */
export interface Choice<T extends string = string> {
  value: T;
  label: string;
}

// ---------------------------------------------------------------------------------------------
// Database types (the connection chooser) and plugins (Settings > Plugins)

export interface DatabaseType {
  /** Driver type id, e.g. "elasticsearch". */
  type: string;
  displayName: string;
  /** Whether the driver plugin is installed and loadable. */
  installed: boolean;
  installedVersion: string | null;
  /** The catalog's version, when the catalog lists this driver. */
  availableVersion: string | null;
  /** A driver that failed to load says why (message + remedy), without taking the app down. */
  loadError?: ErrorBody["error"];
}

export interface PluginEntry extends DatabaseType {
  description: string;
  updateAvailable: boolean;
}

/**
 * The connection editor of a database type: its settings as the driver describes them (fields,
 * kinds, choices, when each shows), which the editor renders without knowing the database, then
 * the policies every connection has.
 */
export interface ConnectionForm {
  type: string;
  displayName: string;
  /** A new connection's settings: every field's default. */
  defaults: Record<string, unknown>;
  settings: SettingsForm;
  externalClients: Choice<ExternalClientsLevel>[];
  aiPolicies: Choice<AiPolicy>[];
  defaultExternalClients: ExternalClientsLevel;
  defaultAiPolicy: AiPolicy;
}

// ---------------------------------------------------------------------------------------------
// Saved connections

/** A saved connection as the UI sees it: its settings (never a secret) and what is stored. */
export interface ConnectionView extends SavedConnection {
  /** Whether a password / API key is saved (the editor shows dots, never the value). */
  hasPassword: boolean;
  hasApiKey: boolean;
  /** The names of the secrets saved (a secret field's key), whatever the database. */
  storedSecrets: string[];
  driverInstalled: boolean;
}

/**
 * Secrets sent by the editor: a field left out keeps what is saved; an empty string clears it.
 * They travel from the browser to the app only, never back.
 */
export interface SecretsInput {
  password?: string;
  apiKey?: string;
  clientKeyPassphrase?: string;
  proxyPassword?: string;
  sshPassphrase?: string;
}

export interface ConnectionInput {
  name: string;
  type: string;
  settings: Record<string, unknown>;
  secrets?: SecretsInput;
  externalClients: ExternalClientsLevel;
  aiPolicy: AiPolicy;
}

/** `POST /api/connections/test`: test unsaved settings; with `id`, missing secrets come from it. */
export interface TestInput {
  id?: string;
  type: string;
  settings: Record<string, unknown>;
  secrets?: SecretsInput;
}

// ---------------------------------------------------------------------------------------------
// Grid

/** Operators the filter row offers for one column, as the driver compiles them. */
export interface ColumnFilterOps {
  column: string;
  ops: Choice[];
}

/** Opening a grid; with `first`, its first page comes in the same answer (one round trip). */
export interface GridOpen {
  first?: BrowseRequest;
}

export interface GridOpened {
  gridId: string;
  columns: Column[];
  /** The filter operators per filterable column. */
  filterOps: ColumnFilterOps[];
  /** The page `first` asked for, read as the grid's first page (columns and data current). */
  first?: PackedPage;
}

export interface DeletePlan {
  request: ConsoleRequest;
  /** The request as the confirmation shows it: `DELETE /<index>`. */
  text: string;
}

/** The current view as a console request ("Open in console") and as curl ("Copy as curl"). */
export interface ViewAsRequest {
  request: ConsoleRequest;
  consoleText: string;
  curl: string;
}

export interface ExportInput {
  format: ExportFormat;
  filters?: BrowseRequest["filters"];
  rawQuery?: string;
  /** Documents per search request (default 5,000, at most 10,000): lower for large documents. */
  batchSize?: number;
}

// ---------------------------------------------------------------------------------------------
// Console

export interface ParsedConsoleRequest {
  /** 0-based line numbers of the request in the editor text, inclusive. */
  startLine: number;
  endLine: number;
  request?: ConsoleRequest;
  classification?: RequestClass;
  /** What the request does, in the classifier's words ("deletes the index x"), for confirmations. */
  reason?: string;
  /** What the reading changed in the request as written (a URL's host dropped). */
  note?: string;
  /** Why this block is not a request (bad JSON body, unknown method...). */
  error?: ErrorBody["error"] & { line?: number };
}

/** `POST /connections/:id/console/impact`: what a request would affect, measured now. */
export interface ConsoleImpact {
  /** Null when the driver measures nothing for this request. */
  impact: Impact | null;
}

export interface ConsoleRun {
  request: ConsoleRequest;
  classification: RequestClass;
  result: ConsoleResult;
  durationMs: number;
}

/**
 * `GET|PUT /connections/:id/console/tabs` (ConsoleTabs), `…/console/saved` (GET, POST) and
 * `…/console/saved/:saved` (PUT to rename or edit, DELETE) (SavedRequest), `…/console/history`
 * (HistoryEntry).
 */
export type {
  ConsoleTab,
  ConsoleTabs,
  HistoryEntry,
  SavedRequest,
} from "../../../core/console-work.ts";

/** `GET /history`: entries of every connection that match, newest first. */
export interface HistorySearchAnswer {
  entries: (HistoryEntry & {
    /** The connection's id, and its name (null when it is no longer saved). */
    connection: string;
    connectionName: string | null;
  })[];
  /** Every surface the history holds (`ui`, `cli`, `mcp:<token>`…), for a filter to offer. */
  surfaces: string[];
  /** Entries that matched beyond those listed. */
  more: number;
}

/** `GET`/`PUT /connections/:id/console/variables`: the `${NAME}` values of the connection. */
export interface ConsoleVariablesBody {
  variables: { name: string; value: string }[];
}

/** `POST /connections/:id/console/from-curl` with `{ command }`: the console text it makes. */
export interface CurlImportAnswer {
  text: string;
  /** What was left out (host, credentials), to tell the user. */
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// Long tasks (export, plugin install, _delete_by_query): started, then polled

/** What each kind of long task ends with; a kind's poll route answers its own (routes/settings.ts). */
export interface JobResults {
  plugin: { ok: true };
  export: ExportJobResult;
  copy: CopyJobResult;
  import: ImportJobResult;
  console: ConsoleRun;
  compare: CompareJobResult;
}

export type JobKind = keyof JobResults;

export interface JobView<K extends JobKind = JobKind> {
  id: string;
  kind: K;
  state: "running" | "done" | "failed" | "cancelled";
  /** What is being done, in words ("Exporting orders"). */
  label: string;
  progress: JobProgress | null;
  result?: JobResults[K];
  error?: ErrorBody["error"];
  startedAt: string;
  endedAt?: string;
}

export interface ExportJobResult extends ExportReport {
  /** Name of the file for the browser's download. */
  fileName: string;
  downloadUrl: string;
}

/** `POST /connections/:id/console/complete` answers a `CompletionAnswer` (core/console-completion.ts). */
export type { CompletionAnswer, CompletionItem } from "../../../core/console-completion.ts";
export type { PackedPage } from "../../../core/packed-page.ts";

/** `POST /connections/:id/console/reference`: the reference page of the request at the cursor. */
export interface ConsoleReference {
  link: ReferenceLink | null;
}
