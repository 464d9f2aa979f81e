/**
 * The cluster page: the overview (health with its nodes, pending tasks and unplaced copies, and
 * every partition copy) read in one call, and the placement explanation of one copy. Reads only,
 * through the session's catalog, as the CLI and the MCP tools read it.
 */
import { Hono } from "hono";
import type { PartitionCopy } from "../../../../core/catalog.ts";
import { catalogOf } from "../../../../core/catalog-access.ts";
import { isQuarryError, remedyFor } from "../../../../core/errors.ts";
import { badInput } from "../answers.ts";
import type { ClusterOverview, PlacementAnswer } from "../cluster-contract.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function clusterRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/connections/:id/cluster",
      answer(async (req, { id }): Promise<ClusterOverview> => {
        const { session } = await app.session(id!);
        const catalog = catalogOf(session, "health", "partitions");
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
      answer(json<Partial<PartitionCopy>>(), async (req, { id }): Promise<PlacementAnswer> => {
        const copy = copyOf(req.body);
        const { session } = await app.session(id!);
        const explanation = await catalogOf(session, "explainPlacement").explainPlacement(copy, {
          signal: req.signal,
        });
        return { explanation };
      }),
    );
}

function shownError(e: unknown): { code: string; message: string; remedy: string } {
  if (isQuarryError(e)) return { code: e.code, message: e.message, remedy: remedyFor(e, "ui") };
  throw e;
}

/** The copy named in the body, or undefined for `{}` (the first unplaced one). */
function copyOf(body: unknown): PartitionCopy | undefined {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.table === undefined && b.partition === undefined) return undefined;
  if (
    typeof b.table !== "string" ||
    !b.table ||
    !Number.isInteger(b.partition) ||
    (b.partition as number) < 0 ||
    (b.primary !== undefined && typeof b.primary !== "boolean")
  )
    throw badInput(
      "An explanation names a table, a partition number and whether it is the primary",
    );
  return { table: b.table, partition: b.partition as number, primary: b.primary !== false };
}
