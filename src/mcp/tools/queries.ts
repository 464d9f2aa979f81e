/**
 * `execute_query`, `confirm_destructive_operation`: console requests (docs/mcp.md,
 * "Request classes"). The driver's one classifier decides what a request is: reads run; writes need
 * Read & Write on both the token and the connection; destructive and admin requests run only
 * through `confirm_destructive_operation`, with a Full Access token, once the user approved the
 * exact request in Quarry.
 */
import { z } from "zod";
import type { ConsoleRequest, ConsoleResult } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { errors } from "../../core/errors.ts";
import { signalWithTimeout } from "../linked-signal.ts";
import { HIDDEN } from "./compact-args.ts";
import { connectionArg, defineTool, reachForRequest, type ToolContext } from "./context.ts";
import { consoleOutput } from "./outputs.ts";
import { requestFrom, savedArgs } from "./saved-queries.ts";
import { consoleRecord } from "./shape.ts";

const consoleArgs = {
  connection: connectionArg,
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(["GET", "POST", "PUT", "DELETE", "HEAD"]))
    .optional()
    .describe("HTTP method, as in Kibana's Dev Tools."),
  path: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^\/(?!\/)/, "starts with a single /")
    .optional()
    .describe("Path relative to the cluster, with an optional query string, e.g. /orders/_search."),
  body: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string().max(4_000_000)])
    .optional()
    .describe("JSON body (an object), or NDJSON text for _bulk and _msearch."),
  timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(300)
    .optional()
    .describe("Give up after this many seconds; default 30.")
    .meta(HIDDEN),
  ...savedArgs,
};

/**
 * Runs a console request under the call's signal and a timeout (default 30 s). A request cut by
 * the timeout is a tool error the model can act on; one cut by the call's own signal (the client
 * left, the token was revoked) is left to the runtime.
 */
async function runWithTimeout(
  session: DriverSession,
  request: ConsoleRequest,
  ctx: ToolContext,
  seconds = 30,
): Promise<ConsoleResult> {
  const limit = signalWithTimeout([ctx.signal], seconds * 1000);
  try {
    return await session.console.run(request, { signal: limit.signal, searchAs: "json" });
  } catch (e) {
    if (limit.timedOut() && !ctx.signal.aborted) throw errors.requestTimedOut(seconds);
    throw e;
  } finally {
    limit.release();
  }
}

export const executeQuery = defineTool({
  name: "execute_query",
  title: "Run a console request",
  description: "One REST request.",
  input: z.strictObject(consoleArgs),
  output: consoleOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  cutHint: "Ask for fewer hits (size), fewer fields (_source, filter_path) or use export_data.",
  async run(args, ctx) {
    const request = await requestFrom(args, ctx);
    const { session } = await reachForRequest(ctx, args.connection, request);
    return consoleRecord(await runWithTimeout(session, request, ctx, args.timeout_seconds));
  },
});

export const confirmDestructiveOperation = defineTool({
  name: "confirm_destructive_operation",
  title: "Run a destructive or admin request, with the user's approval",
  description: "A delete or admin request the user approves.",
  input: z.strictObject({
    ...consoleArgs,
    reason: z
      .string()
      .max(500)
      .optional()
      .describe("Why this is needed, in one sentence; shown to the user with the request.")
      .meta(HIDDEN),
    indices: z
      .array(z.string().min(1).max(255))
      .max(10_000)
      .optional()
      .describe(
        "Every index the request reaches, when its path has a wildcard, _all or an alias: exactly the list a refusal gave. Not needed when the path names each index.",
      )
      // A refusal names it when it is needed, with the list to pass.
      .meta(HIDDEN),
  }),
  output: consoleOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async run(args, ctx) {
    const request = await requestFrom(args, ctx);
    if (args.reason) ctx.caller.note = args.reason;
    const { session } = await reachForRequest(ctx, args.connection, request, {
      confirmed: true,
      only: ["destructive", "admin"],
      ...(args.indices ? { names: args.indices } : {}),
    });
    const result = await runWithTimeout(session, request, ctx, args.timeout_seconds);
    return { ...consoleRecord(result), ran: { method: request.method, path: request.path } };
  },
});
