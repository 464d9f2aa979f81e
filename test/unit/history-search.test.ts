/** The one history searched (src/app/storage/history-search.ts): one rule for the CLI and the page. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  historyTime,
  type KeptEntry,
  searchHistory,
} from "../../src/app/storage/history-search.ts";

const kept = (connection: string, at: string, surface: string, path: string, body?: unknown) => ({
  connection,
  entry: {
    at,
    request: { method: "GET", path, ...(body === undefined ? {} : { body }) },
    status: 200,
    surface,
  },
});

const entries: KeptEntry[] = [
  kept("c2", "2026-11-29T12:00:00Z", "mcp:ci", "/orders/_search", {
    query: { term: { status: "paid" } },
  }),
  kept("c1", "2026-11-29T11:00:00Z", "cli", "/orders/_count"),
  kept("c1", "2026-11-29T10:00:00Z", "ui", "/logs/_search", { query: { match: { msg: "paid" } } }),
  kept("c2", "2026-11-28T09:00:00Z", "mcp:stdio", "/_cat/indices"),
];
const paths = (found: KeptEntry[]) => found.map((e) => e.entry.request.path);
const names = new Map([
  ["c1", "dev"],
  ["c2", "prod"],
]);

describe("history search", () => {
  it("every word must be in the request, its status, surface or connection's name", () => {
    assert.deepEqual(paths(searchHistory(entries, { text: "paid" }, names)), [
      "/orders/_search",
      "/logs/_search",
    ]);
    assert.deepEqual(paths(searchHistory(entries, { text: "PAID prod" }, names)), [
      "/orders/_search",
    ]);
    assert.deepEqual(paths(searchHistory(entries, { text: "dev _count 200" }, names)), [
      "/orders/_count",
    ]);
  });

  it("narrows by connection, by surface (mcp is any token) and by time, inclusive", () => {
    assert.deepEqual(paths(searchHistory(entries, { connection: "c1" })), [
      "/orders/_count",
      "/logs/_search",
    ]);
    assert.deepEqual(paths(searchHistory(entries, { surface: "mcp" })), [
      "/orders/_search",
      "/_cat/indices",
    ]);
    assert.deepEqual(paths(searchHistory(entries, { surface: "MCP:ci" })), ["/orders/_search"]);
    assert.deepEqual(
      paths(
        searchHistory(entries, {
          since: historyTime("--since", "2026-11-29T10:00:00Z"),
          until: historyTime("--until", "2026-11-29T11:00:00Z"),
        }),
      ),
      ["/orders/_count", "/logs/_search"],
    );
  });

  it("a time that is not one is refused, naming it", () => {
    assert.throws(
      () => historyTime("--since", "yesterday"),
      (e: Error & { code?: string }) =>
        e.code === "invalid_input" && e.message === "--since yesterday is not a time",
    );
  });
});
