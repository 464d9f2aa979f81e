/** The index page's part of the UI's API contract: actions planned, and sent. */
import type { ConsoleResult } from "../../../core/console.ts";
import type { TableActionPlan } from "../../../core/table-details.ts";

/** An index action planned (the index page): the plan, and its request as console text and curl. */
export interface PlannedTableAction {
  plan: TableActionPlan;
  text: string;
  curl: string;
}

/** An index action sent: its plan and the cluster's answer (an `error` answer with its reason). */
export interface TableActionRun {
  plan: TableActionPlan;
  result: ConsoleResult;
}
