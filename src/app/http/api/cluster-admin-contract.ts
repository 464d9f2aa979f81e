/**
 * The cluster administration part of the UI's API contract (core/cluster-admin.ts): a plan as the
 * page may see it, with its requests as shown (a password hidden) and never the input back, which
 * may hold one; and a plan sent, with the cluster's answers.
 */
import type { ClusterAdminPlan } from "../../../core/cluster-admin.ts";
import type { ConsoleResult } from "../../../core/console.ts";

export type AdminPlanView = Omit<ClusterAdminPlan, "input" | "requests">;

export interface PlannedAdminAction {
  plan: AdminPlanView;
  /** Each shown request as console text. */
  texts: string[];
}

export interface AdminActionRun {
  plan: AdminPlanView;
  results: ConsoleResult[];
  /** The cluster's refusal part way, with what was done and not attempted; null when all done. */
  refusal: { message: string; remedy: string } | null;
}
