/**
 * Saved queries for agents, through existing tools so the catalog stays the same size whatever
 * the library holds: `catalog` view `queries` lists those that run on a connection (names, one-line
 * descriptions, parameters; `name` narrows, `limit`/`cursor` page), and `execute_query` (or
 * `confirm_destructive_operation`) runs one by `saved` name with `params`. The saved query becomes
 * one console request, classified and authorized like any other: a saved write needs what any
 * write needs, a destructive one the user's approval.
 */
import { z } from "zod";
import type { ConsoleRequest } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import type { BrowseRequest, FilterRow } from "../../core/grid.ts";
import type { PlannedQuery, SavedQueryShelf } from "../saved-queries.ts";
import { HIDDEN } from "./compact-args.ts";
import { connectionArg, type ToolContext } from "./context.ts";

/** `saved` and `params`: accepted by the request tools, left out of tools/list. */
export const savedArgs = {
  saved: z.string().min(1).max(80).optional().meta(HIDDEN),
  params: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
    )
    .optional()
    .meta(HIDDEN),
};

function shelfOf(ctx: ToolContext): SavedQueryShelf {
  if (!ctx.savedQueries)
    throw new QuarryError(
      "invalid_input",
      "This server has no saved queries",
      "Send the request itself (method, path, body).",
    );
  return ctx.savedQueries;
}

/**
 * The request of `args`: the one given, or the saved query `saved` on this connection with its
 * parameters in place. Either way the caller classifies and authorizes it as any request.
 */
export async function requestFrom(
  args: {
    connection: string;
    method?: string;
    path?: string;
    body?: unknown;
    saved?: string;
    params?: Record<string, unknown>;
  },
  ctx: ToolContext,
): Promise<ConsoleRequest> {
  if (args.saved === undefined) {
    if (!args.method || !args.path)
      throw new QuarryError(
        "invalid_input",
        "Give method and path (or saved, the name of a saved query)",
        'e.g. {"method": "GET", "path": "/orders/_search"}.',
      );
    return {
      method: args.method,
      path: args.path,
      ...(args.body === undefined ? {} : { body: args.body }),
    };
  }
  if (args.method || args.path || args.body !== undefined)
    throw new QuarryError(
      "invalid_input",
      "A saved query brings its own request: give saved and params, without method, path or body",
      "Leave out method, path and body.",
    );
  const connection = await ctx.gateway.find(ctx.principal, args.connection);
  const planned = await shelfOf(ctx).plan(args.saved, connection, args.params ?? {});
  ctx.audit.connection = { id: connection.id, name: connection.name };
  return requestOf(await ctx.gateway.session(connection), planned);
}

async function requestOf(session: DriverSession, planned: PlannedQuery): Promise<ConsoleRequest> {
  if (planned.kind === "esql") {
    const request = facet(session, "queryLanguage").queryRequest(planned.query);
    return planned.params.length === 0
      ? request
      : { ...request, body: { ...(request.body as object), params: planned.params } };
  }
  if (planned.kind === "view") {
    const v = planned.view;
    const request: BrowseRequest = {
      filters: (v.filters ?? []) as FilterRow[],
      sort: v.sort ?? [],
      ...(v.rawQuery ? { rawQuery: v.rawQuery } : {}),
    };
    return session.grid.viewAsRequest(v.table, request);
  }
  const blocks = session.console.parse(planned.text);
  const first = blocks[0];
  if (blocks.length !== 1 || !first?.request)
    throw new QuarryError(
      "invalid_input",
      `The saved request does not read as one request${first?.error ? `: ${first.error.message}` : ""}`,
      "Ask the user to fix it in Quarry's library.",
    );
  return first.request;
}

/** The `queries` view of `catalog`: what runs on the connection, narrowed by `name`. */
export const queriesView = {
  name: "queries",
  input: z.strictObject({
    connection: connectionArg,
    name: z.string().max(255).optional(),
    limit: z.number().int().min(1).max(2000).optional(),
    cursor: z.string().max(20).optional(),
  }),
  output: z.object({
    queries: z.array(
      z.object({ name: z.string(), kind: z.string(), about: z.string(), params: z.string() }),
    ),
    next_cursor: z.string().optional(),
    run: z.string(),
  }),
  async run(
    args: { connection: string; name?: string; limit?: number; cursor?: string },
    ctx: ToolContext,
  ) {
    const connection = await ctx.gateway.find(ctx.principal, args.connection);
    ctx.audit.connection = { id: connection.id, name: connection.name };
    const needle = args.name?.toLowerCase();
    const all = (await shelfOf(ctx).list(connection)).filter(
      (q) => !needle || `${q.name} ${q.description}`.toLowerCase().includes(needle),
    );
    const start = Number(args.cursor ?? 0) || 0;
    const limit = args.limit ?? 50;
    const page = all.slice(start, start + limit);
    return {
      // Compact: one line per query, parameters as `name:type[=default]`.
      queries: page.map((q) => ({
        name: q.name,
        kind: q.kind,
        about: q.description,
        params: q.params
          .map((p) => `${p.name}:${p.type}${p.default !== undefined ? `=${p.default}` : ""}`)
          .join(" "),
      })),
      ...(start + limit < all.length ? { next_cursor: String(start + limit) } : {}),
      // How to run one, said here rather than in the instructions every request carries.
      run: 'execute_query {connection, saved: name, params: {"p": value}}; a delete or admin one: confirm_destructive_operation',
    };
  },
};
