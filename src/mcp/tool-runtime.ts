/**
 * `tools/list` and `tools/call` on the SDK's low-level server. The SDK's McpServer turns every
 * thrown error into a tool result; Quarry must answer access refusals with JSON-RPC errors
 * (-33007, -33009), so these two methods are served here:
 * - arguments are checked against the tool's strict schema: unknown or wrong arguments give -32602;
 * - access refusals give -33007 with the refusing layer, a revoked token -33009;
 * - errors the model can fix (bad input, a cluster's error answer, a timeout) give a tool result
 *   with isError, the message and the remedy;
 * - results are text plus structured content, cut to size with a note.
 */
import { ProtocolError, type Server, type ServerContext } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { isQuarryError } from "../core/errors.ts";
import type { Principal } from "./auth.ts";
import { audited, clientNameOf, principalOf, progressFor } from "./calls.ts";
import type { Caller, ConnectionGateway } from "./connection-access.ts";
import type { Clock, PendingApproval, TableExporter } from "./host.ts";
import { linkedSignal } from "./linked-signal.ts";
import type { AuditSink } from "./policy/stores.ts";
import { RPC } from "./protocol.ts";
import {
  ANSWER_CHAR_LIMIT,
  MIN_ANSWER_CHARS,
  RESULT_CHAR_LIMIT,
  toolError,
  toolResult,
} from "./result.ts";
import { TOOL_LIST, TOOLS_BY_NAME } from "./tools/catalog.ts";
import type { ToolContext } from "./tools/context.ts";

export interface ToolRuntimeDeps {
  gateway: ConnectionGateway;
  audit: AuditSink;
  now: Clock;
  exportDir: string;
  exportTable: TableExporter;
  /** Aborts every call when the server stops. */
  stopping: AbortSignal;
}

/** How often a call waiting for an approval tells the client it is still waiting. */
const WAITING_PROGRESS_MS = 5_000;

export function registerTools(
  server: Server,
  deps: ToolRuntimeDeps,
  sessionPrincipal?: Principal,
): void {
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler("tools/list", () => ({ tools: TOOL_LIST }));
  server.setRequestHandler("tools/call", (request, ctx) =>
    callTool(server, deps, request.params.name, request.params.arguments, ctx, sessionPrincipal),
  );
}

async function callTool(
  server: Server,
  deps: ToolRuntimeDeps,
  name: string,
  rawArgs: Record<string, unknown> | undefined,
  ctx: ServerContext,
  sessionPrincipal: Principal | undefined,
) {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool)
    throw new ProtocolError(
      RPC.invalidParams,
      `Unknown tool "${name}". Tools: ${[...TOOLS_BY_NAME.keys()].join(", ")}.`,
    );
  const principal = principalOf(ctx, sessionPrincipal);
  const client = clientNameOf(ctx, server);
  return audited(
    deps,
    { principal, client },
    "tools/call",
    name,
    async (call) => {
      const { max_chars: asked, ...args } = rawArgs ?? {};
      const charLimit = answerLimit(name, asked);
      const parsed = tool.input.safeParse(args);
      if (!parsed.success)
        throw new ProtocolError(
          RPC.invalidParams,
          `Invalid arguments for ${name}: ${describeIssues(parsed.error)}`,
        );
      // A tool that sends a console request records that request's class; a read-only tool
      // (browse_table, aggregate...) is a read whatever it sends.
      if (tool.annotations.readOnlyHint) call.entry.class = "read";
      const linked = linkedSignal([ctx.mcpReq.signal, principal.revoked, deps.stopping]);
      const signal = linked.signal;
      const run = toolContext(deps, ctx, principal, client, name, signal, call.entry);
      const toolCtx = { ...run.context, charLimit };
      try {
        const structured = await tool.run(parsed.data, toolCtx);
        const result = toolResult(structured, tool.cutHint, charLimit);
        if (structured.kind === "error") result.isError = true;
        return result;
      } catch (e) {
        if (deps.stopping.aborted)
          throw new ProtocolError(
            RPC.internalError,
            "Quarry's MCP server stopped during this call; call again once it runs",
          );
        throw whyStopped(signal, e);
      } finally {
        run.done();
        linked.release();
      }
    },
    (result) => ({
      bytes: Buffer.byteLength((result.content[0] as { text?: string } | undefined)?.text ?? ""),
      failed: result.isError === true,
    }),
  ).catch((e: unknown) => asToolError(e, name, ctx));
}

/** A failed call as the client sees it: a refusal stays JSON-RPC; anything else a tool error. */
function asToolError(e: unknown, name: string, ctx: ServerContext) {
  // Refusals are JSON-RPC errors already; errors the model can act on become tool errors.
  if (e instanceof ProtocolError) throw e;
  if (isQuarryError(e)) return toolError(e.message, e.remedy, { code: e.code, ...e.details });
  // A call whose client went away (cancelled, its session closed) failed for that reason only.
  if (!ctx.mcpReq.signal.aborted)
    process.stderr.write(`quarry mcp: ${name} failed: ${e instanceof Error ? e.stack : e}\n`);
  return toolError(
    `Internal error in ${name}: ${e instanceof Error ? e.message : String(e)}`,
    "This is a bug in Quarry; the call did not complete.",
  );
}

/**
 * What a tool runs with: the caller (whose pending approval is told to the client as progress
 * every few seconds until it is answered) and the progress reporter. `done` stops the ticker.
 */
function toolContext(
  deps: ToolRuntimeDeps,
  ctx: ServerContext,
  principal: Principal,
  client: string | undefined,
  name: string,
  signal: AbortSignal,
  entry: ToolContext["audit"],
): { context: ToolContext; done: () => void } {
  const progress = progressFor(ctx);
  let ticker: NodeJS.Timeout | undefined;
  let step = 0;
  const waiting = (p: PendingApproval) => {
    const say = () =>
      void progress(
        ++step,
        undefined,
        `Waiting for the user to answer in Quarry (approval ${p.id}: quarry mcp approve ${p.id})`,
      );
    say();
    ticker = setInterval(say, WAITING_PROGRESS_MS);
  };
  const caller: Caller = {
    principal,
    ...(client ? { clientName: client } : {}),
    target: name,
    signal,
    onPending: waiting,
    onApproval: (o) => {
      clearInterval(ticker);
      entry.approval = o;
    },
  };
  const context: ToolContext = {
    principal,
    caller,
    gateway: deps.gateway,
    signal,
    progress: (p, total, message) => {
      step = Math.max(step, p);
      return progress(p, total, message);
    },
    exportDir: deps.exportDir,
    exportTable: deps.exportTable,
    audit: entry,
  };
  return { context, done: () => clearInterval(ticker) };
}

/** When the call's signal fired because its token was revoked, that explains the error. */
function whyStopped(signal: AbortSignal, e: unknown): unknown {
  return signal.aborted && isQuarryError(signal.reason) ? signal.reason : e;
}

/**
 * The size a call's answer may take: `max_chars`, which every tool accepts (the instructions say
 * so once rather than each schema), or the default.
 */
function answerLimit(name: string, asked: unknown): number {
  if (asked === undefined) return ANSWER_CHAR_LIMIT;
  if (
    typeof asked !== "number" ||
    !Number.isInteger(asked) ||
    asked < MIN_ANSWER_CHARS ||
    asked > RESULT_CHAR_LIMIT
  )
    throw new ProtocolError(
      RPC.invalidParams,
      `Invalid arguments for ${name}: max_chars: a whole number from ${MIN_ANSWER_CHARS} to ${RESULT_CHAR_LIMIT}`,
    );
  return asked;
}

/** Zod's issues as one line: `page: Too small…; Unrecognized key: "foo"`. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}
