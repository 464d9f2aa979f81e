/**
 * The console's kept work, as stored and as the UI API answers it: the editor tabs, the named
 * saved requests, and the history of requests run.
 */
import type { ConsoleRequest, RequestClass } from "./console.ts";

export interface ConsoleTab {
  id: string;
  name: string;
  text: string;
}

/** The console's editor tabs of one connection (none before the first). */
export interface ConsoleTabs {
  tabs: ConsoleTab[];
  /** The id of the tab shown. */
  active: string;
}

export interface SavedRequest {
  id: string;
  name: string;
  /** Console text: one request, or several (a saved selection). */
  text: string;
  /** ISO times. */
  created: string;
  updated: string;
}

export interface HistoryEntry {
  /** ISO time the request was run. */
  at: string;
  request: ConsoleRequest;
  /** The answer's HTTP status; null when none came (refused, network failure). */
  status: number | null;
  durationMs?: number;
  classification?: RequestClass;
  /** Where it was run: `ui`, `cli`, or `mcp:<token name>` for an agent's call. */
  surface?: string;
  /**
   * Set when the body was longer than the history keeps: `request.body` is then the start of its
   * text (redacted), and `chars` the length of the whole when it was known (a text body).
   */
  bodyCut?: { chars?: number };
}
