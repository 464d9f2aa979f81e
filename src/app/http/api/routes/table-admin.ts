/**
 * The index page: one table in full, the connection's templates, lifecycle policies and backups
 * (read-only), and its actions: planned (the exact request, shown before it is sent), what a
 * dangerous one would affect, and sent once confirmed (app/connections/table-actions.ts).
 */

import { Hono } from "hono";
import type { ConsoleRequest } from "../../../../core/console.ts";
import { measuredImpact } from "../../../../core/facet-access.ts";
import type { TableActionInput } from "../../../../core/table-details.ts";
import { runTableAction, tableAdminOf } from "../../../connections/table-actions.ts";
import { badInput, confirmedBody } from "../answers.ts";
import type { ConsoleImpact, PlannedTableAction, TableActionRun } from "../contract.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function tableAdminRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/connections/:id/tables/:table/details",
      answer(async (req, { id, table }) => {
        const { session } = await app.session(id!);
        return tableAdminOf(session).details(table!, { signal: req.signal });
      }),
    )
    .get(
      "/connections/:id/table-objects",
      answer(async (req, { id }) => {
        const { session } = await app.session(id!);
        return tableAdminOf(session).objects({ signal: req.signal });
      }),
    )
    .post(
      "/connections/:id/table-actions/plan",
      answer(json<TableActionInput>(), async (req, { id }): Promise<PlannedTableAction> => {
        const { session } = await app.session(id!);
        const plan = await tableAdminOf(session).plan(actionInput(req.body), {
          signal: req.signal,
        });
        return {
          plan,
          text: session.formatRequest(plan.request),
          curl: session.toCurl(plan.request),
        };
      }),
    )
    .post(
      "/connections/:id/table-actions/impact",
      answer(json<TableActionInput>(), async (req, { id }): Promise<ConsoleImpact> => {
        const { session } = await app.session(id!);
        const plan = await tableAdminOf(session).plan(actionInput(req.body), {
          signal: req.signal,
        });
        return { impact: await measuredImpact(session, plan.request, { signal: req.signal }) };
      }),
    )
    .post(
      "/connections/:id/table-actions/run",
      answer(
        json<{ input: TableActionInput; confirmed: ConsoleRequest; typed?: string }>(),
        async (req, { id }): Promise<TableActionRun> => {
          const { input, ...confirmation } = confirmedBody<ConsoleRequest>(req.body, {
            message: "An index action needs the confirmed request.",
            remedy: "Confirm it on the index page.",
          });
          const { session } = await app.session(id!);
          const run = await runTableAction(session, actionInput(input), {
            ...confirmation,
            signal: req.signal,
          });
          // Grids of a deleted or closed index would page through nothing.
          if (run.plan.input.action === "delete" || run.plan.input.action === "close")
            await app.grids.closeFor(id!);
          return run;
        },
      ),
    );
}

function actionInput(body: unknown): TableActionInput {
  const b = body as Partial<TableActionInput> | null;
  if (!b || typeof b !== "object" || typeof b.action !== "string" || typeof b.table !== "string")
    throw badInput("Send the action as { action, table, … }.");
  return b as TableActionInput;
}
