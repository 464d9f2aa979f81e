/**
 * Resources (read-only JSON, under the same access rules as the tools):
 * - `quarry://connections`: the connections this client may see;
 * - `quarry://connections/{connection}/tables`: a connection's indices;
 * - `quarry://connections/{connection}/tables/{table}`: an index's columns and raw mapping;
 * - `quarry://connections/{connection}/overview`: the cluster's health and largest indices
 *   (what catalog's health and stats views give).
 * The templates complete connection names, and table names of a connection the client may read
 * without anyone being asked.
 */
import {
  type McpServer,
  type ReadResourceResult,
  ResourceTemplate,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { SavedConnection } from "../core/connections.ts";
import { facet } from "../core/facet-access.ts";
import type { Principal } from "./auth.ts";
import { asInvalidParams, audited, clientNameOf, principalOf } from "./calls.ts";
import type { Caller } from "./connection-access.ts";
import { effectiveAccess } from "./policy/access.ts";
import { capped } from "./result.ts";
import type { ToolRuntimeDeps } from "./tool-runtime.ts";
import { healthRecord, viewsOf } from "./tools/cluster.ts";
import { segment } from "./tools/context.ts";
import { columnRecord, tableRecord } from "./tools/shape.ts";

const JSON_TYPE = "application/json";
/** Completion answers at most this many values (the protocol's limit). */
const MAX_COMPLETIONS = 100;

type Entry = { connection?: { id: string; name: string } };
type Body = (who: Principal, caller: Caller, entry: Entry) => Promise<Record<string, unknown>>;

/** What every resource's read and completion share: the caller, the audit, the access check. */
function resourceKit(mcp: McpServer, deps: ToolRuntimeDeps, principal?: Principal) {
  const read = async (uri: URL, ctx: ServerContext, body: Body): Promise<ReadResourceResult> => {
    const who = principalOf(ctx, principal);
    const client = clientNameOf(ctx, mcp.server);
    const caller: Caller = {
      principal: who,
      ...(client ? { clientName: client } : {}),
      target: uri.href,
      signal: AbortSignal.any([ctx.mcpReq.signal, who.revoked, deps.stopping]),
    };
    return audited(
      deps,
      { principal: who, client },
      "resources/read",
      uri.href,
      async (call) => {
        const value = await body(who, caller, call.entry);
        const { text } = capped(value);
        return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text }] };
      },
      (r) => ({ bytes: Buffer.byteLength(r.contents[0]?.text as string), failed: false }),
    ).catch((e: unknown) => {
      // Refusals keep their code; an unknown connection or a cluster error names the problem.
      throw asInvalidParams(e);
    });
  };
  /** The named connection, found, audited and authorized for reading, and its session. */
  const open = async (who: Principal, caller: Caller, entry: Entry, conn: string) => {
    const connection = await deps.gateway.find(who, conn);
    entry.connection = { id: connection.id, name: connection.name };
    await deps.gateway.authorize(caller, connection, { kind: "use", need: "read" });
    return { connection, session: await deps.gateway.session(connection) };
  };
  const completeConnection = async (value: string) => {
    if (!principal) return [];
    const names = (await deps.gateway.visible(principal)).map((c) => c.name);
    return rank(names, value);
  };
  const completeTable = async (value: string, context?: { arguments?: Record<string, string> }) => {
    const conn = context?.arguments?.connection;
    if (!principal || !conn) return [];
    const connection = await deps.gateway.quietly(principal, conn);
    if (!connection) return [];
    try {
      const session = await deps.gateway.session(connection);
      return rank(
        (await session.grid.listTables()).map((t) => t.name),
        value,
      );
    } catch {
      return [];
    }
  };
  return { read, open, completeConnection, completeTable };
}

type Kit = ReturnType<typeof resourceKit>;

export function registerResources(mcp: McpServer, deps: ToolRuntimeDeps, principal?: Principal) {
  const kit = resourceKit(mcp, deps, principal);
  mcp.registerResource(
    "connections",
    "quarry://connections",
    {
      title: "Connections",
      description: "The saved Elasticsearch connections this client may use (as list_connections).",
      mimeType: JSON_TYPE,
    },
    (uri, ctx) =>
      kit.read(uri, ctx, async (who) => ({
        connections: (await deps.gateway.visible(who)).map((c) => connectionEntry(c, who)),
      })),
  );
  registerConnectionTables(mcp, deps, kit, principal);
  registerTable(mcp, kit);
  registerOverview(mcp, deps, kit, principal);
}

function registerConnectionTables(
  mcp: McpServer,
  deps: ToolRuntimeDeps,
  kit: Kit,
  principal?: Principal,
) {
  mcp.registerResource(
    "connection_tables",
    new ResourceTemplate("quarry://connections/{connection}/tables", {
      list: async (ctx) => {
        const who = principalOf(ctx, principal);
        return {
          resources: (await deps.gateway.visible(who)).map((c) => ({
            uri: `quarry://connections/${segment(c.name)}/tables`,
            name: `${c.name} indices`,
            mimeType: JSON_TYPE,
          })),
        };
      },
      complete: { connection: kit.completeConnection },
    }),
    {
      title: "A connection's indices",
      description: "The indices of a connection with document counts, sizes and health.",
      mimeType: JSON_TYPE,
    },
    (uri, vars, ctx) =>
      kit.read(uri, ctx, async (who, caller, entry) => {
        const { connection, session } = await kit.open(who, caller, entry, one(vars.connection));
        return {
          connection: connection.name,
          tables: (await session.grid.listTables()).map(tableRecord),
        };
      }),
  );
}

function registerTable(mcp: McpServer, kit: Kit) {
  mcp.registerResource(
    "table",
    new ResourceTemplate("quarry://connections/{connection}/tables/{table}", {
      list: undefined,
      complete: { connection: kit.completeConnection, table: kit.completeTable },
    }),
    {
      title: "An index's columns and mapping",
      description: "An index's columns and its raw Elasticsearch mapping (GET /<index>/_mapping).",
      mimeType: JSON_TYPE,
    },
    (uri, vars, ctx) =>
      kit.read(uri, ctx, async (who, caller, entry) => {
        const { connection, session } = await kit.open(who, caller, entry, one(vars.connection));
        const table = one(vars.table);
        const [columns, mapping] = await Promise.all([
          session.grid.describeTable(table),
          session.console.run(facet(session, "agentRequests").schemaRequest(table), {
            signal: caller.signal,
          }),
        ]);
        return {
          connection: connection.name,
          table,
          columns: columns.map(columnRecord),
          mapping: mapping.raw,
        };
      }),
  );
}

/** Indices the overview lists, largest first; catalog view stats pages through all. */
const OVERVIEW_INDICES = 20;

export function registerOverview(
  mcp: McpServer,
  deps: ToolRuntimeDeps,
  kit: Kit,
  principal?: Principal,
) {
  mcp.registerResource(
    "connection_overview",
    new ResourceTemplate("quarry://connections/{connection}/overview", {
      list: async (ctx) => ({
        resources: (await deps.gateway.visible(principalOf(ctx, principal))).map((c) => ({
          uri: `quarry://connections/${segment(c.name)}/overview`,
          name: `${c.name} overview`,
          mimeType: JSON_TYPE,
        })),
      }),
      complete: { connection: kit.completeConnection },
    }),
    {
      title: "A cluster's overview",
      description:
        "A connection's cluster at a glance: health (status, nodes, shard counts, unassigned shards and why) and its 20 largest indices with documents, size and segments.",
      mimeType: JSON_TYPE,
    },
    (uri, vars, ctx) =>
      kit.read(uri, ctx, async (who, caller, entry) => {
        const { connection, session } = await kit.open(who, caller, entry, one(vars.connection));
        const [health, stats] = await Promise.all([
          viewsOf(session, "clusterViews").health({ signal: caller.signal }),
          viewsOf(session, "tableViews").tableStats(undefined, { signal: caller.signal }),
        ]);
        const largest = [...stats]
          .sort((a, b) => (b.sizeBytes ?? -1) - (a.sizeBytes ?? -1))
          .slice(0, OVERVIEW_INDICES);
        return {
          connection: connection.name,
          health: healthRecord(health),
          indices: {
            total: stats.length,
            columns: ["index", "docs", "size_bytes", "segments", "primaries", "replicas"],
            rows: largest.map((t) => [
              t.name,
              t.docs,
              t.sizeBytes,
              t.segments,
              t.primaries,
              t.replicas,
            ]),
          },
        };
      }),
  );
}

function connectionEntry(c: SavedConnection, who: Principal): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    access: effectiveAccess(c, who),
    asks_first: c.aiPolicy === "ask-each-time",
  };
}

/** A template variable's single value (URI-decoded by the SDK's matcher). */
function one(v: string | string[] | undefined): string {
  const s = Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Values starting with the typed text first, then those containing it; at most 100. */
export function rank(values: string[], typed: string): string[] {
  const t = typed.toLowerCase();
  const starts = values.filter((v) => v.toLowerCase().startsWith(t));
  const contains = values.filter(
    (v) => !v.toLowerCase().startsWith(t) && v.toLowerCase().includes(t),
  );
  return [...starts.sort(), ...contains.sort()].slice(0, MAX_COMPLETIONS);
}
