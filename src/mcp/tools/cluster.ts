/**
 * The catalog's `health`, `shards` and `stats` views (catalog-view.ts): how a cluster is doing and
 * what its indices weigh, read through the session's catalog (core/catalog.ts). Lists come as
 * compact tables (columns once, rows as arrays), a page at a time where they can be long.
 */
import { z } from "zod";
import type {
  HealthReport,
  NodeSummary,
  PlacementExplanation,
  TableStats,
} from "../../core/catalog.ts";
import { viewsOf } from "../../core/catalog-access.ts";
import { QuarryError } from "../../core/errors.ts";
import { connectionArg, defineTool, reachConnection, tableArg } from "./context.ts";
import { compactTable, output, pagedFields, tableShape } from "./outputs.ts";
import { cursorArg, limitArg, pageFields, pageOf } from "./paging.ts";

export { viewsOf };

const healthOutput = output({
  cluster: z.string(),
  status: z.string(),
  index: z.string().optional(),
  causes: z.array(z.string()),
  /** Shard copies by state; a state none is in is left out. */
  shards: z.object({
    active: z.number(),
    active_primary: z.number(),
    relocating: z.number().optional(),
    initializing: z.number().optional(),
    unassigned: z.number().optional(),
    delayed_unassigned: z.number().optional(),
    active_percent: z.number().nullable(),
  }),
  pending_tasks: z.number().optional(),
  pending: compactTable.optional(),
  nodes: compactTable,
  unassigned: compactTable.optional(),
  /** Unassigned copies not listed, and how to list them. */
  unassigned_note: z.string().optional(),
  allocation: z
    .object({
      index: z.string(),
      shard: z.number(),
      primary: z.boolean(),
      state: z.string().nullable(),
      node: z.string().nullable(),
      unassigned_reason: z.string().nullable(),
      decision: z.string().nullable(),
      explanation: z.string().nullable(),
      nodes: compactTable,
    })
    .optional(),
});

/**
 * Unassigned copies a health answer lists: enough to say which and why, not every one of a cluster
 * that lost a node (docs/mcp.md, "Answers sized for a model"); `catalog` view shards lists all.
 */
const UNASSIGNED_LISTED = 5;

/** The state counts that are not zero, and the ones always given. Pure. */
function shardCounts(p: HealthReport["partitions"]): z.infer<typeof healthOutput>["shards"] {
  const some = (key: string, n: number | null) => (n ? { [key]: n } : {});
  return {
    active: p.active,
    active_primary: p.activePrimary,
    ...some("relocating", p.relocating),
    ...some("initializing", p.initializing),
    ...some("unassigned", p.unassigned),
    ...some("delayed_unassigned", p.delayedUnassigned),
    active_percent: p.activePercent === null ? null : Math.round(p.activePercent * 10) / 10,
  };
}

/** A health report in the tool's words, sized for a model. Pure. */
export function healthRecord(h: HealthReport): z.infer<typeof healthOutput> {
  const e = h.explanation;
  const listed = h.unassigned.slice(0, UNASSIGNED_LISTED);
  const unlisted = h.partitions.unassigned - listed.length;
  return {
    cluster: h.name,
    status: h.status,
    ...(h.table ? { index: h.table } : {}),
    causes: h.causes ?? [],
    shards: shardCounts(h.partitions),
    ...(h.pendingTasks ? { pending_tasks: h.pendingTasks } : {}),
    ...(h.pendingTaskList?.length
      ? {
          pending: {
            columns: ["order", "priority", "source", "executing", "waiting_ms"],
            rows: h.pendingTaskList.map((t) => [
              t.order,
              t.priority,
              t.source,
              t.executing,
              t.waitingMs,
            ]),
          },
        }
      : {}),
    nodes: {
      columns: NODE_COLUMNS,
      rows: h.nodes.map(nodeRow),
    },
    ...(listed.length
      ? {
          unassigned: {
            columns: ["index", "shard", "primary", "reason"],
            rows: listed.map((u) => [u.table, u.partition, u.primary, u.reason]),
          },
        }
      : {}),
    ...(unlisted > 0
      ? {
          unassigned_note: `${unlisted} more unassigned; catalog view shards (table) lists them.`,
        }
      : {}),
    ...(e ? { allocation: allocationRecord(e) } : {}),
  };
}

const NODE_COLUMNS = [
  "name",
  "roles",
  "master",
  "version",
  "heap_percent",
  "disk_percent",
  "disk_total_bytes",
  "cpu_percent",
  "load_1m",
];

/**
 * Node roles as `_cat/nodes` abbreviates them (Elasticsearch's own letters); a role without one
 * keeps its name.
 */
const ROLE_LETTERS: Record<string, string> = {
  data_cold: "c",
  data: "d",
  data_frozen: "f",
  data_hot: "h",
  ingest: "i",
  ml: "l",
  master: "m",
  remote_cluster_client: "r",
  data_content: "s",
  transform: "t",
  voting_only: "v",
  data_warm: "w",
};

/** Roles in `_cat/nodes`' form: `cdfhilmrstw`, a role it has no letter for after a comma. Pure. */
export function roleLetters(roles: readonly string[]): string {
  const letters = roles
    .map((r) => ROLE_LETTERS[r])
    .filter(Boolean)
    .sort()
    .join("");
  const named = roles.filter((r) => !ROLE_LETTERS[r]);
  return [letters || (named.length ? "" : "-"), ...named].filter(Boolean).join(",");
}

const percent = (used?: number | null, total?: number | null) =>
  used == null || !total ? null : Math.round((used / total) * 100);

/** A node as a row of NODE_COLUMNS (a plugin older than these numbers gives nulls). */
function nodeRow(n: NodeSummary): (string | number | boolean | null)[] {
  return [
    n.name,
    roleLetters(n.roles),
    n.leader,
    n.version ?? null,
    percent(n.memoryUsedBytes, n.memoryMaxBytes),
    percent(n.diskUsedBytes, n.diskTotalBytes),
    n.diskTotalBytes ?? null,
    n.cpuPercent ?? null,
    n.load?.[0] ?? null,
  ];
}

/**
 * Elasticsearch's explanation without its advice (the first sentence says what holds), and a
 * decider's reason without the shard's state dump in brackets. Pure.
 */
const firstSentence = (text: string | null | undefined) =>
  text ? (/^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text) : null;
const withoutDump = (reason: string) => reason.replace(/\s*\[\[.*\]\s*$/, "");

/** An allocation explanation in the tool's words. Pure. */
export function allocationRecord(e: PlacementExplanation) {
  return {
    index: e.table,
    shard: e.partition,
    primary: e.primary,
    state: e.state ?? null,
    node: e.currentNode ?? null,
    unassigned_reason: e.unassignedReason ?? null,
    decision: e.decision,
    explanation: firstSentence(e.explanation),
    nodes: {
      columns: ["node", "decision", "reasons"],
      rows: e.nodes.map((n) => [n.node, n.decision, n.reasons.map(withoutDump)]),
    },
  };
}

/** The catalog's `nodes` view: each node's roles, version and load, without the health report. */
export const nodesView = defineTool({
  name: "nodes",
  title: "Nodes",
  description: "The catalog's nodes view.",
  input: z.strictObject({ connection: connectionArg }),
  output: output(tableShape),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const nodes = await viewsOf(session, "clusterViews").nodes({ signal: ctx.signal });
    return { columns: NODE_COLUMNS, rows: nodes.map(nodeRow) };
  },
});

export const clusterHealth = defineTool({
  name: "health",
  title: "Cluster health",
  description:
    "The cluster's health: status and why it is not green, nodes (roles, master, version, heap, disk, CPU, load), shard counts, pending tasks, the unassigned shards with their reasons and, for the first, why it cannot be allocated, node by node (allocation explain). Pass an index for its health only; with shard (and primary), the allocation explanation of that shard copy.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg.optional().describe("Only this index (or pattern); default the whole cluster."),
    shard: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("With table (one index): explain this shard's allocation."),
    primary: z
      .boolean()
      .optional()
      .describe("With shard: true for the primary; default a replica."),
  }),
  output: healthOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    if (args.shard !== undefined && !args.table)
      throw new QuarryError(
        "invalid_input",
        "shard names a shard of one index, and no table was given",
        "Pass table (the index) with shard, or leave shard out.",
      );
    const { session } = await reachConnection(ctx, args.connection);
    const catalog = viewsOf(
      session,
      "clusterViews",
      ...(args.shard !== undefined ? ["explainPlacement" as const] : []),
    );
    const signal = ctx.signal;
    const [report, chosen] = await Promise.all([
      catalog.health({ ...(args.table ? { table: args.table } : {}), signal }),
      args.table && args.shard !== undefined
        ? catalog.explainPlacement(
            { table: args.table, partition: args.shard, primary: args.primary ?? false },
            { signal },
          )
        : undefined,
    ]);
    return healthRecord(chosen ? { ...report, explanation: chosen } : report);
  },
});

export const getShards = defineTool({
  name: "shards",
  title: "Shards of an index",
  description:
    "Lists the shards of an index, alias or pattern (default every index): shard number, primary or replica, state (STARTED, RELOCATING, INITIALIZING, UNASSIGNED), documents, size in bytes, the node holding it and, for an unassigned one, the reason. A compact table, a page at a time.",
  input: z.strictObject({
    connection: connectionArg,
    table: tableArg.optional().describe("An index, alias or pattern; default every index."),
    limit: limitArg(200, 2000),
    cursor: cursorArg,
  }),
  output: output({ ...tableShape, ...pagedFields }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  cutHint: "Pass a smaller limit and follow next_cursor.",
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    const shards = await viewsOf(session, "clusterViews").partitions(args.table, {
      signal: ctx.signal,
    });
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
      ...pageFields(page),
    };
  },
});

const STATS_ORDER: Record<string, (a: TableStats, b: TableStats) => number> = {
  size: (a, b) => (b.sizeBytes ?? -1) - (a.sizeBytes ?? -1) || a.name.localeCompare(b.name),
  docs: (a, b) => (b.docs ?? -1) - (a.docs ?? -1) || a.name.localeCompare(b.name),
  name: (a, b) => a.name.localeCompare(b.name),
};

export const indexStats = defineTool({
  name: "stats",
  title: "Index statistics",
  description:
    "Per index: documents (in primaries; nested objects count as documents here, so browse_table's total may be fewer), deleted documents, size in bytes (all copies, and primaries only), segments, and primary and replica shard counts. For one index, a pattern, or every index (hidden ones starting with '.' left out); largest first by default. A compact table, a page at a time.",
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
    const stats = await viewsOf(session, "tableViews").tableStats(args.table, {
      signal: ctx.signal,
    });
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
      ...pageFields(page),
    };
  },
});
