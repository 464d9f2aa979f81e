/**
 * The saved queries an agent sees and runs (docs/mcp.md, "Saved queries"): the host's library,
 * seen through this port so the server knows nothing of files. Listing is per connection (the
 * queries that may run on it); running gives what to send, its parameters checked and in place.
 */
export interface SavedQueryTarget {
  name: string;
  type: string;
}

export interface SavedQuerySummary {
  name: string;
  kind: "console" | "esql" | "view";
  description: string;
  params: { name: string; type: string; default?: string }[];
}

/** What a saved query sends, as the library planned it. */
export type PlannedQuery =
  | { kind: "console"; text: string }
  | { kind: "esql"; query: string; params: Record<string, string | number>[] }
  | {
      kind: "view";
      view: {
        table: string;
        filters?: { column: string; op: string; value?: unknown; group?: number }[];
        rawQuery?: string;
        sort?: { column: string; direction: "asc" | "desc" }[];
      };
    };

export interface SavedQueryShelf {
  list(target: SavedQueryTarget): Promise<SavedQuerySummary[]>;
  /** Refuses (a QuarryError) an unknown name, another connection's query, a bad parameter. */
  plan(
    name: string,
    target: SavedQueryTarget,
    params: Readonly<Record<string, unknown>>,
  ): Promise<PlannedQuery>;
}
