/**
 * What every tool is given, and how a tool is declared: a name, a description, a strict input
 * schema (unknown arguments are refused), annotations and a function from arguments to a
 * structured result. The runtime (tool-runtime.ts) turns results and errors into MCP answers.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { SavedConnection } from "../../core/connections.ts";
import type { ConsoleRequest, RequestClass } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { errors, QuarryError } from "../../core/errors.ts";
import type { Principal } from "../auth.ts";
import type { Caller, ConnectionGateway } from "../connection-access.ts";
import type { TableExporter } from "../host.ts";
import type { AccessRequest } from "../policy/access.ts";
import type { AuditEntry } from "../policy/stores.ts";
import type { SavedQueryShelf } from "../saved-queries.ts";
import { impactProbe } from "./impact-guard.ts";

export interface ToolContext {
  principal: Principal;
  caller: Caller;
  gateway: ConnectionGateway;
  /** Aborts when the client cancels, the token is revoked, or the server stops. */
  signal: AbortSignal;
  /** Progress on the request's own response stream (only when the client asked for it). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Where export_data writes files. */
  exportDir: string;
  /** The app's export, which export_data runs. */
  exportTable: TableExporter;
  /** The most characters this call's answer may take (`max_chars`, or the default). */
  charLimit?: number;
  /** The host's saved queries (catalog view `queries`, `saved` in execute_query). */
  savedQueries?: SavedQueryShelf;
  /** Facts for the audit log, filled as the call learns them. */
  audit: Pick<AuditEntry, "connection" | "request" | "requestBody" | "approval">;
}

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** The structured content's shape, declared in tools/list as the tool's `outputSchema`. */
  output: z.ZodType;
  annotations: ToolAnnotations;
  /** How to get what a cut result left out (ends the truncation note). */
  cutHint?: string;
  run(args: z.infer<S>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

export function defineTool<S extends z.ZodType>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}

// --- Shared argument schemas ---

export const connectionArg = z
  .string()
  .min(1)
  .describe("The connection's name or id, as list_connections gives it.");

export const tableArg = z
  .string()
  .min(1)
  .max(255)
  .describe(
    "An index name (a table). An alias or a pattern such as logs-* also works and reads every index behind it.",
  );

/**
 * Finds the connection, checks access for `need` (asking the user when the policy says so) and
 * lends its driver session. Records the connection for the audit log.
 */
export async function reachConnection(
  ctx: ToolContext,
  conn: string,
  request: AccessRequest = { kind: "use", need: "read" },
  shown?: ConsoleRequest,
): Promise<{ connection: SavedConnection; session: DriverSession }> {
  const connection = await ctx.gateway.find(ctx.principal, conn);
  ctx.audit.connection = { id: connection.id, name: connection.name };
  await ctx.gateway.authorize(ctx.caller, connection, request, shown);
  return { connection, session: await ctx.gateway.session(connection) };
}

/**
 * For tools that run a console request: finds the connection, classifies the request with the
 * driver's one classifier, then checks access for that class (docs/mcp.md, "Request classes").
 */
export async function reachForRequest(
  ctx: ToolContext,
  conn: string,
  requested: ConsoleRequest | ((session: DriverSession) => ConsoleRequest),
  options: { confirmed?: boolean; only?: readonly RequestClass[]; names?: readonly string[] } = {},
): Promise<{
  connection: SavedConnection;
  session: DriverSession;
  request: ConsoleRequest;
  class: RequestClass;
}> {
  const connection = await ctx.gateway.find(ctx.principal, conn);
  ctx.audit.connection = { id: connection.id, name: connection.name };
  const session = await ctx.gateway.session(connection);
  // A request the database words itself (a tool's own request) is made once the session is known.
  const request = typeof requested === "function" ? requested(session) : requested;
  const cls = session.console.classify(request);
  ctx.audit.request = { method: request.method.toUpperCase(), path: request.path, class: cls };
  if (request.body !== undefined) ctx.audit.requestBody = request.body;
  if (options.only && !options.only.includes(cls))
    throw new QuarryError(
      "invalid_input",
      `${request.method} ${request.path} is a ${cls} request, and ${ctx.caller.target} only runs ${options.only.join(" and ")} requests`,
      "Use execute_query for it.",
      { class: cls },
    );
  // What a request that is not a plain read or write would affect is measured before it is
  // confirmed (the driver measures nothing for requests it does not know how to).
  const probe =
    cls === "read" || cls === "write"
      ? undefined
      : impactProbe(session, request, ctx.signal, options.names);
  await ctx.gateway.authorize(
    ctx.caller,
    connection,
    { kind: "use", need: cls, ...(options.confirmed ? { confirmed: true } : {}) },
    request,
    probe,
  );
  return { connection, session, request, class: cls };
}

/** Encodes one path segment (an index name or a document id) for a console path. */
export function segment(s: string): string {
  // A lone surrogate cannot be encoded (encodeURIComponent throws): a bad name, not a bug.
  if (!s.isWellFormed()) throw errors.illFormedName(s);
  return encodeURIComponent(s).replace(/%2C/gi, ",");
}
