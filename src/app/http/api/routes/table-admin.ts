/**
 * The index page: one table in full, the connection's templates, lifecycle policies and backups
 * (read-only), and its actions: planned (the exact request, shown before it is sent), what a
 * dangerous one would affect, and sent once confirmed (app/connections/table-actions.ts).
 */

import { Hono } from "hono";
import { z } from "zod";
import { measuredImpact } from "../../../../core/facet-access.ts";
import type { TableActionInput } from "../../../../core/table-details.ts";
import { runTableAction, tableAdminOf } from "../../../connections/table-actions.ts";
import type { ConsoleImpact, PlannedTableAction, TableActionRun } from "../contract.ts";
import { answer, param, passedOn } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { confirmed, consoleRequest } from "../shapes.ts";

export function tableAdminRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/connections/:id/tables/:table/details",
      answer({ param: param("id", "table") }, async (req, { id, table }) => {
        const { session } = await app.session(id);
        return tableAdminOf(session).details(table, { signal: req.signal });
      }),
    )
    .get(
      "/connections/:id/table-objects",
      answer({ param: param("id") }, async (req, { id }) => {
        const { session } = await app.session(id);
        return tableAdminOf(session).objects({ signal: req.signal });
      }),
    )
    .post(
      "/connections/:id/table-actions/plan",
      answer(
        { param: param("id"), json: actionInput },
        async (req, { id }): Promise<PlannedTableAction> => {
          const { session } = await app.session(id);
          const plan = await tableAdminOf(session).plan(req.body, { signal: req.signal });
          return {
            plan,
            text: session.console.format(plan.request),
            curl: session.console.toCurl(plan.request),
          };
        },
      ),
    )
    .post(
      "/connections/:id/table-actions/impact",
      answer(
        { param: param("id"), json: actionInput },
        async (req, { id }): Promise<ConsoleImpact> => {
          const { session } = await app.session(id);
          const plan = await tableAdminOf(session).plan(req.body, { signal: req.signal });
          return { impact: await measuredImpact(session, plan.request, { signal: req.signal }) };
        },
      ),
    )
    .post(
      "/connections/:id/table-actions/run",
      answer(
        { param: param("id"), json: confirmed(actionInput, consoleRequest) },
        async (req, { id }): Promise<TableActionRun> => {
          const { input, ...confirmation } = req.body;
          const { session } = await app.session(id);
          const run = await runTableAction(session, input, {
            ...confirmation,
            signal: req.signal,
          });
          // Grids of a deleted or closed index would page through nothing.
          if (run.plan.input.action === "delete" || run.plan.input.action === "close")
            await app.grids.closeFor(id);
          return run;
        },
      ),
    );
}

/** An action on a table: its name and table read here, its options checked by its plan. */
const actionInput = passedOn<TableActionInput>(z.object({ action: z.string(), table: z.string() }));
