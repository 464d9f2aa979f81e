/**
 * `cluster_health`, `get_shards`, `index_stats`: how a cluster is doing and what its indices
 * weigh, read through the session's catalog (core/catalog.ts). Lists come as compact tables
 * (columns once, rows as arrays), a page at a time where they can be long.
 */
import { z } from "zod";
import type { CatalogViews, HealthReport, TableStats } from "../../core/catalog.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { compactTable, output, pagedFields, tableShape } from "./outputs.ts";
import { cursorArg, limitArg, pageOf } from "./paging.ts";

/** The session's catalog; a driver built before it had one says so. */
export function catalogOf(session: DriverSession): CatalogViews {
  if (typeof session.catalog !== "function")
    throw new QuarryError(
      "plugin_unavailable",
      "This connection's driver plugin offers no catalog views",
      "Update the driver plugin (quarry plugins update), then call again.",
    );
  return session.catalog();
}

const healthOutput = output({
  cluster: z.string(),
  status: z.string(),
  index: z.string().optional(),
  shards: z.object({
    active: z.number(),
    active_primary: z.number(),
    relocating: z.number(),
    initializing: z.number(),
    unassigned: z.number(),
    delayed_unassigned: z.number().nullable(),
    active_percent: z.number().nullable(),
  }),
  pending_tasks: z.number().nullable(),
  nodes: compactTable,
  unassigned: compactTable,
  unassigned_listed: z.enum(["all", "some"]),
  allocation: z
    .object({
      index: z.string(),
      shard: z.number(),
      primary: z.boolean(),
      decision: z.string().nullable(),
      explanation: z.string().nullable(),
      nodes: compactTable,
    })
    .optional(),
});

/** A health report in the tool's words. Pure. */
export function healthRecord(h: HealthReport): z.infer<typeof healthOutput> {
  const p = h.partitions;
  const e = h.explanation;
  return {
    cluster: h.name,
    status: h.status,
    ...(h.table ? { index: h.table } : {}),
    shards: {
      active: p.active,
      active_primary: p.activePrimary,
      relocating: p.relocating,
      initializing: p.initializing,
      unassigned: p.unassigned,
      delayed_unassigned: p.delayedUnassigned,
      active_percent: p.activePercent,
    },
    pending_tasks: h.pendingTasks,
    nodes: {
      columns: ["name", "roles", "master"],
      rows: h.nodes.map((n) => [n.name, n.roles.join(","), n.leader]),
    },
    unassigned: {
      columns: ["index", "shard", "primary", "reason"],
      rows: h.unassigned.map((u) => [u.table, u.partition, u.primary, u.reason]),
    },
    unassigned_listed: h.unassignedListed,
    ...(e
      ? {
          allocation: {
            index: e.table,
            shard: e.partition,
            primary: e.primary,
            decision: e.decision,
            explanation: e.explanation,
            nodes: {
              columns: ["node", "decision", "reasons"],
              rows: e.nodes.map((n) => [n.node, n.decision, n.reasons]),
            },
          },
        }
      : {}),
  };
}

export const clusterHealth = defineTool({
  name: "cluster_health",
  title: "Cluster health",
  description:
    "The cluster's health: status (green, yellow, red), its nodes with their roles and which is master, shard counts (active, relocating, initializing, unassigned), the unassigned shards with the reason each is unassigned, and for the first of them why it cannot be allocated, node by node (allocation explain). Pass an index or pattern for that index's health only.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg.optional().describe("Only this index (or pattern); default the whole cluster."),
  }),
  output: healthOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const report = await catalogOf(session).health({
      ...(args.table ? { table: args.table } : {}),
      signal: ctx.signal,
    });
    return healthRecord(report);
  },
});

export const getShards = defineTool({
  name: "get_shards",
  title: "Shards of an index",
  description:
    "Lists the shards of an index (or of every index behind an alias or pattern): shard number, primary or replica, state (STARTED, RELOCATING, INITIALIZING, UNASSIGNED), documents, size in bytes, the node holding it and, for an unassigned one, the reason. A compact table, a page at a time.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg,
    limit: limitArg(200, 2000),
    cursor: cursorArg,
  }),
  output: output({ ...tableShape, ...pagedFields }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Pass a smaller limit and follow next_cursor.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const shards = await catalogOf(session).partitions(args.table, { signal: ctx.signal });
    const page = pageOf(shards, args.cursor, args.limit ?? 200);
    return {
      columns: [
        "index",
        "shard",
        "primary",
        "state",
        "docs",
        "size_bytes",
        "node",
        "unassigned_reason",
      ],
      rows: page.rows.map((s) => [
        s.table,
        s.partition,
        s.primary,
        s.state,
        s.docs,
        s.sizeBytes,
        s.node,
        s.unassignedReason,
      ]),
      offset: page.offset,
      total: page.total,
      ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    };
  },
});

const STATS_ORDER: Record<string, (a: TableStats, b: TableStats) => number> = {
  size: (a, b) => (b.sizeBytes ?? -1) - (a.sizeBytes ?? -1) || a.name.localeCompare(b.name),
  docs: (a, b) => (b.docs ?? -1) - (a.docs ?? -1) || a.name.localeCompare(b.name),
  name: (a, b) => a.name.localeCompare(b.name),
};

export const indexStats = defineTool({
  name: "index_stats",
  title: "Index statistics",
  description:
    "Per index: documents (in primaries; nested objects count as documents here, so count_rows may give fewer), deleted documents, size in bytes (all copies, and primaries only), segments, and primary and replica shard counts. For one index, a pattern, or every index (hidden ones starting with '.' left out); largest first by default. A compact table, a page at a time.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg.optional().describe("An index, alias or pattern; default every index."),
    sort: z
      .enum(["size", "docs", "name"])
      .optional()
      .describe("Order: size (default), docs or name."),
    limit: limitArg(100, 1000),
    cursor: cursorArg,
  }),
  output: output({ ...tableShape, ...pagedFields }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Pass a smaller limit or a pattern, and follow next_cursor.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const stats = await catalogOf(session).tableStats(args.table, { signal: ctx.signal });
    const sorted = [...stats].sort(STATS_ORDER[args.sort ?? "size"]);
    const page = pageOf(sorted, args.cursor, args.limit ?? 100);
    return {
      columns: [
        "index",
        "docs",
        "deleted_docs",
        "size_bytes",
        "primary_size_bytes",
        "segments",
        "primaries",
        "replicas",
      ],
      rows: page.rows.map((t) => [
        t.name,
        t.docs,
        t.deletedDocs,
        t.sizeBytes,
        t.primarySizeBytes,
        t.segments,
        t.primaries,
        t.replicas,
      ]),
      offset: page.offset,
      total: page.total,
      ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    };
  },
});
