/**
 * The catalog's `index` view: one index in full, as the index page shows it (the session's
 * `tableAdmin` facet, the one implementation): state, statistics, aliases, shards, settings and
 * mapping. Reads only; the index actions are not tools (an agent sends them with execute_query,
 * through the classifier).
 */
import { z } from "zod";
import { facet } from "../../core/facet-access.ts";
import type { TableDetails } from "../../core/table-details.ts";
import { connectionArg, defineTool, reachConnection } from "./context.ts";
import { compactTable, output } from "./outputs.ts";

const detailsOutput = output({
  index: z.string(),
  state: z.string().nullable(),
  health: z.string().nullable(),
  stats: z
    .object({
      docs: z.number().nullable(),
      deleted_docs: z.number().nullable(),
      size_bytes: z.number().nullable(),
      primary_size_bytes: z.number().nullable(),
      segments: z.number().nullable(),
      primaries: z.number().nullable(),
      replicas: z.number().nullable(),
    })
    .nullable(),
  aliases: z.array(z.object({ name: z.string(), properties: z.record(z.string(), z.unknown()) })),
  shards: compactTable,
  settings: z.unknown(),
  mapping: z.unknown(),
  reindex_available: z.boolean(),
  notes: z.array(z.string()),
});

/** The details in the tool's words. Pure. */
export function detailsRecord(d: TableDetails): z.infer<typeof detailsOutput> {
  const s = d.stats;
  return {
    index: d.name,
    state: d.state,
    health: d.health,
    stats: s
      ? {
          docs: s.docs,
          deleted_docs: s.deletedDocs,
          size_bytes: s.sizeBytes,
          primary_size_bytes: s.primarySizeBytes,
          segments: s.segments,
          primaries: s.primaries,
          replicas: s.replicas,
        }
      : null,
    aliases: d.aliases,
    shards: {
      columns: ["shard", "primary", "state", "docs", "size_bytes", "node", "unassigned_reason"],
      rows: d.partitions.map((p) => [
        p.partition,
        p.primary,
        p.state,
        p.docs,
        p.sizeBytes,
        p.node,
        p.unassignedReason,
      ]),
    },
    settings: d.settings,
    mapping: d.schema,
    reindex_available: d.copy.available,
    notes: [...d.notes, ...(d.copy.note ? [d.copy.note] : [])],
  };
}

export const indexDetails = defineTool({
  name: "index",
  title: "Index details",
  description:
    "One index in full: open or closed, health, documents, deleted documents, size, segments, aliases, its shards with state and node, its settings and its mapping as the cluster states them. Read-only.",
  input: z.strictObject({
    connection: connectionArg,
    table: z.string().min(1).max(255).describe("One index name (an alias reads its one index)."),
  }),
  output: detailsOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { session } = await reachConnection(ctx, args.connection);
    return detailsRecord(
      await facet(session, "tableAdmin").details(args.table, { signal: ctx.signal }),
    );
  },
});
