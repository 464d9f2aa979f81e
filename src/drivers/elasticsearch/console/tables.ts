/**
 * Pure: the tables a person reads beside an answer: a search's aggregations flattened
 * (aggregation-tables.ts), a `_cat` listing answered as text (cat-text.ts).
 */
import type { ConsoleResult, ResultTable } from "../../../core/console.ts";
import { aggregationTables } from "./aggregation-tables.ts";
import { catTextTable, hasHeader, isCatListing } from "./cat-text.ts";

export function withTables(answer: ConsoleResult, path: string, body: unknown): ConsoleResult {
  if (answer.kind !== "grid" && answer.kind !== "json") return answer;
  const tables = tablesOf(path, body);
  return tables.length > 0 ? { ...answer, tables } : answer;
}

function tablesOf(path: string, body: unknown): ResultTable[] {
  if (typeof body === "string")
    return isCatListing(path) && body.trim() !== "" ? [catTextTable(body, hasHeader(path))] : [];
  const aggregations = (body as { aggregations?: unknown } | null)?.aggregations;
  return aggregations === undefined ? [] : aggregationTables(aggregations);
}
