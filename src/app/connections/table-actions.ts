/**
 * Running a table action (core/table-details.ts) as the UI and the CLI both do: plan it again,
 * send it only when the confirmed request is that very plan and, for a dangerous one, the typed
 * name matches; then the console's own check and run (`console.check`, `console.run`), so an action
 * passes the same classifier and transport rules as a request typed in the console.
 */
import type { ConsoleResult } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { errors, QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import {
  samePlannedRequest,
  type TableActionInput,
  type TableActionPlan,
  type TableAdmin,
  typedConfirms,
} from "../../core/table-details.ts";

/** The session's table administration; a driver that does not offer it says so (core/facet-access.ts). */
export function tableAdminOf(session: DriverSession): TableAdmin {
  return facet(session, "tableAdmin");
}

export interface ActionConfirmation {
  /** The request the person saw, as the plan gave it. */
  confirmed: unknown;
  /** The name typed, for an action that asks for one. */
  typed?: string;
  signal?: AbortSignal;
}

export interface ActionOutcome {
  plan: TableActionPlan;
  result: ConsoleResult;
}

export async function runTableAction(
  session: DriverSession,
  input: TableActionInput,
  confirmation: ActionConfirmation,
): Promise<ActionOutcome> {
  const signal = confirmation.signal;
  const plan = await tableAdminOf(session).plan(input, signal ? { signal } : {});
  if (!samePlannedRequest(plan.request, confirmation.confirmed))
    throw errors.confirmationMismatch(
      session.console.format(plan.request),
      confirmation.confirmed
        ? session.console.format(confirmation.confirmed as TableActionPlan["request"])
        : "(nothing confirmed)",
    );
  if (!typedConfirms(plan, confirmation.typed))
    throw new QuarryError(
      "confirmation_mismatch",
      `Not confirmed: "${confirmation.typed ?? ""}" is not "${plan.confirmName}"; nothing was sent`,
      `Type exactly ${plan.confirmName} to confirm.`,
    );
  session.console.check(plan.request);
  const result = await session.console.run(plan.request, signal ? { signal } : {});
  return { plan, result };
}
