/**
 * The console (docs/decisions.md, "The console"): requests in, classified answers out. Types, and
 * the one way a request is written as console text (the driver, the CLI and the web UI all use it).
 */
import type { Column, PartialResult, Row } from "./grid.ts";
import type { QueryPosition, QueryTable } from "./query-table.ts";

export interface ConsoleRequest {
  method: string;
  /** Relative to the cluster: must start with a single "/". May carry a query string. */
  path: string;
  /** JSON body (already parsed), or NDJSON text for `_bulk` / `_msearch`. */
  body?: unknown;
}

/**
 * The one classifier's answer, used by the console, the UI and the MCP server. Destructive
 * requests delete data; admin ones change who can do what on the database or how it runs. Both
 * are confirmed before they run.
 */
export type RequestClass = "read" | "write" | "destructive" | "admin";

/** The classifier's answer with its reason, for refusals and confirmations ("deletes index x"). */
export interface Classification {
  class: RequestClass;
  reason: string;
}

/** One request of console text, or why that part of the text is not one. */
export interface ConsoleBlock {
  /** 0-based line numbers of the block in the text, inclusive. */
  startLine: number;
  endLine: number;
  request?: ConsoleRequest;
  /** What the reading changed in the request as written (a URL's host dropped), for the user. */
  note?: string;
  error?: { code: string; message: string; remedy: string; line: number };
}

/** Progress of a long task the console waits for (a delete by query). */
export interface TaskProgress {
  task: string;
  /** Documents handled so far (deleted, conflicting or no-op). */
  done: number;
  /** Documents the task will handle; null until the cluster knows. */
  total: number | null;
  deleted: number;
  versionConflicts: number;
  /** For a query run as an async one: milliseconds it has run (its progress is the time). */
  elapsedMs?: number;
}

export interface ConsoleRunOptions {
  signal?: AbortSignal;
  /** Called while a long task runs, each time its status is polled. */
  onProgress?: (p: TaskProgress) => void;
  /**
   * How a search answer comes back: as grid rows (the default; reads the mapping of the hits'
   * indices for the columns) or as JSON exactly as the cluster gave it, which skips that read. The
   * MCP server asks for JSON: a model reads the hits, not the grid's cells.
   */
  searchAs?: "grid" | "json";
  /**
   * Add `tables` to answers that hold summaries or a text listing, for a person to read (the web
   * UI asks; the MCP server and the CLI read the answer itself).
   */
  tables?: boolean;
}

/** One document a bulk delete could not delete, and why. */
export interface DocumentFailure {
  index: string | null;
  id: string | null;
  status: number | null;
  type: string;
  reason: string;
  /** A version conflict: the document changed while the task ran; it was not deleted. */
  conflict: boolean;
}

/** The final report of a by-query task (the console's `raw` for such a request). */
export interface TaskReport {
  task: string;
  action: string;
  completed: boolean;
  total: number | null;
  deleted: number;
  /** For tasks that update or copy. */
  updated: number;
  created: number;
  noops: number;
  versionConflicts: number;
  batches: number;
  timedOut: boolean;
  /** Per document: conflicts and failures, as the task's response lists them. */
  failures: DocumentFailure[];
  /** Shard or search failures that are not about one document. */
  searchFailures: { index: string | null; shard: number | null; type: string; reason: string }[];
  /** The task itself failed (cancelled, or an error before it finished). */
  error?: { type: string; reason: string };
  /**
   * How it ended: `completed` (every document handled), `stopped` (the cluster ended it early at
   * failures, e.g. its first version conflict, leaving documents not attempted), `cancelled`, or
   * `failed` (the task's own error).
   */
  outcome: "completed" | "stopped" | "cancelled" | "failed";
  /** Documents the task never reached: its total minus those it handled; null while unknown. */
  notAttempted: number | null;
  /** Why it stopped and what to do, when `outcome` is "stopped". */
  stop?: { reason: string; remedy: string };
  /** The tasks API's answer as the cluster gave it. */
  response: unknown;
  tookMs: number | null;
}

/**
 * A table the console shows with an answer: the answer's summaries flattened into rows (one per
 * group, nested groups as more columns, counts and computed values as columns), or a listing the
 * database answered as aligned text. The driver builds it; the UI only renders it.
 */
export interface ResultTable {
  title: string;
  headers: string[];
  rows: unknown[][];
  /** Which column holds the row's label and which its count: the UI draws one bar per row. */
  chart?: { label: number; value: number };
  /** What is not exact in it, in words (core/exactness.ts); absent when every figure is exact. */
  accuracy?: string;
}

export type ConsoleResult =
  | {
      kind: "grid";
      status: number;
      columns: Column[];
      rows: Row[];
      total: number | null;
      raw: unknown;
      /**
       * Set when some shards did not answer the search (or it timed out): the hits may be short.
       */
      partial?: PartialResult;
      /** The answer's summaries as tables, shown below the hits. */
      tables?: ResultTable[];
    }
  | { kind: "table"; status: number; headers: string[]; rows: unknown[][]; raw: unknown }
  | {
      kind: "json";
      status: number;
      raw: unknown;
      task?: TaskReport;
      /** Set when the answer is a search returned as JSON (`searchAs: "json"`): its hit total. */
      search?: { total: number | null };
      /** As for a grid: a search that some shards did not answer. */
      partial?: PartialResult;
      /**
       * A request made of many (`_bulk`, `_msearch`) that the cluster answered 2xx while some of
       * its items failed: how many of how many, and the first failure in words.
       */
      itemFailures?: { failed: number; total: number; first: string };
      /** The answer's summaries as tables, shown instead of the JSON until asked for it. */
      tables?: ResultTable[];
      /** A piped query's answer as a typed table (core/query-table.ts). */
      queryTable?: QueryTable;
    }
  | {
      kind: "error";
      status: number;
      type: string;
      reason: string;
      raw: unknown;
      /** Where in a piped query the database found the error. */
      queryPosition?: QueryPosition;
    };

/**
 * Pure: a request as console text (`METHOD /path` then the body), as the history, the dialogs and
 * the CLI show it, and as the console reads it back.
 */
export function consoleText(request: ConsoleRequest): string {
  const head = `${String(request.method).toUpperCase()} ${request.path}`;
  if (request.body === undefined) return head;
  const body =
    typeof request.body === "string"
      ? request.body.trimEnd()
      : JSON.stringify(request.body, null, 2);
  return `${head}\n${body}`;
}
