/**
 * The cluster page: the overview (health with its nodes, pending tasks and unplaced copies, and
 * every partition copy) read in one call, and the placement explanation of one copy. Reads only,
 * through the session's catalog, as the CLI and the MCP tools read it.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { PartitionCopy } from "../../../../core/catalog.ts";
import { viewsOf } from "../../../../core/catalog-access.ts";
import { isQuarryError, remedyFor } from "../../../../core/errors.ts";
import { badInput } from "../answers.ts";
import type { ClusterOverview, PlacementAnswer } from "../cluster-contract.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function clusterRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/connections/:id/cluster",
      answer({ param: param("id") }, async (req, { id }): Promise<ClusterOverview> => {
        const { session } = await app.session(id);
        const catalog = viewsOf(session, "clusterViews", "health", "partitions");
        const signal = req.signal;
        const [health, partitions] = await Promise.all([
          catalog.health({ signal }),
          // The health stands on its own: a refusal to list the copies is said beside it.
          catalog.partitions(undefined, { signal }).then(
            (list) => ({ list, error: null }),
            (e: unknown) => ({ list: null, error: shownError(e) }),
          ),
        ]);
        return {
          health,
          partitions: partitions.list,
          partitionsError: partitions.error,
          readAt: new Date().toISOString(),
        };
      }),
    )
    .post(
      "/connections/:id/cluster/explain",
      answer(
        { param: param("id"), json: copyNamed },
        async (req, { id }): Promise<PlacementAnswer> => {
          const copy = copyOf(req.body);
          const { session } = await app.session(id);
          const explanation = await viewsOf(
            session,
            "clusterViews",
            "explainPlacement",
          ).explainPlacement(copy, {
            signal: req.signal,
          });
          return { explanation };
        },
      ),
    );
}

function shownError(e: unknown): { code: string; message: string; remedy: string } {
  if (isQuarryError(e)) return { code: e.code, message: e.message, remedy: remedyFor(e, "ui") };
  throw e;
}

/** A copy: its table, its partition's number and whether it is the primary; or none (`{}`). */
const copyNamed = z
  .object({
    table: z.string().min(1).optional(),
    partition: z.number().int().min(0).optional(),
    primary: z.boolean().optional(),
  })
  .optional();

/** The copy named in the body, or undefined for `{}` (the first unplaced one). */
function copyOf(body: z.output<typeof copyNamed>): PartitionCopy | undefined {
  const { table, partition, primary } = body ?? {};
  if (table === undefined && partition === undefined) return undefined;
  // Both or neither: a schema of each field cannot say it.
  if (table === undefined || partition === undefined)
    throw badInput(
      "An explanation names a table, a partition number and whether it is the primary",
    );
  return { table, partition, primary: primary !== false };
}
