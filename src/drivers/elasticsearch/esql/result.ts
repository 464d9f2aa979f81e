/**
 * Pure: an ES|QL console answer made readable: a 2xx answer carries its typed table, an error its
 * position in the query; and the one request that runs a query (the CLI's `quarry esql`).
 */
import type { ConsoleRequest, ConsoleResult } from "../../../core/console.ts";
import { errorPosition, esqlTable, isEsqlAnswer } from "./answer.ts";

/** The request that runs an ES|QL query and answers in JSON. */
export function esqlRequest(query: string): ConsoleRequest {
  return { method: "POST", path: "/_query", body: { query } };
}

/** Pure: `answer` (the console's reading of an ES|QL answer) with its table or error position. */
export function withEsqlShape(
  answer: ConsoleResult,
  body: unknown,
  requestBody: unknown,
  maxRows?: number,
): ConsoleResult {
  const asked = (requestBody ?? {}) as { query?: unknown; columnar?: unknown };
  const query = typeof asked.query === "string" ? asked.query : undefined;
  if (answer.kind === "error") {
    const queryPosition = errorPosition(answer.reason);
    return queryPosition ? { ...answer, queryPosition } : answer;
  }
  if (answer.kind !== "json" || !isEsqlAnswer(body)) return answer;
  const options = { columnar: asked.columnar === true, ...(maxRows ? { maxRows } : {}) };
  return { ...answer, queryTable: esqlTable(body, query, options) };
}
