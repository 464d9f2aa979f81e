/** The console (spec 4.4): requests in, classified answers out. Types only. */
import type { Column, Row } from "./grid.ts";

export interface ConsoleRequest {
  method: string;
  /** Relative to the cluster: must start with a single "/". May carry a query string. */
  path: string;
  /** JSON body (already parsed), or NDJSON text for `_bulk` / `_msearch`. */
  body?: unknown;
}

/** The one read/write classifier's answer, used by the console, the UI and the MCP server. */
export type RequestClass = "read" | "write" | "destructive";

export type ConsoleResult =
  | {
      kind: "grid";
      status: number;
      columns: Column[];
      rows: Row[];
      total: number | null;
      raw: unknown;
    }
  | { kind: "table"; status: number; headers: string[]; rows: unknown[][]; raw: unknown }
  | { kind: "json"; status: number; raw: unknown }
  | { kind: "error"; status: number; type: string; reason: string; raw: unknown };
