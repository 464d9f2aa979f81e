/**
 * Running a cluster administration plan (core/cluster-admin.ts) as the UI and the CLI both do,
 * like a table action (table-actions.ts): plan it again, send it only when the confirmed requests
 * are that very plan and, where a name is asked for, the typed name matches; then each request
 * through the console's own check and run, in order. A plan of several requests that fails part
 * way says what was done, what failed and what was not attempted.
 */
import type {
  ClusterAdmin,
  ClusterAdminInput,
  ClusterAdminPlan,
} from "../../core/cluster-admin.ts";
import { samePlannedRequests } from "../../core/cluster-admin.ts";
import type { ConsoleRequest, ConsoleResult } from "../../core/console.ts";
import type { DriverSession } from "../../core/driver.ts";
import { isQuarryError, QuarryError } from "../../core/errors.ts";
import { facet } from "../../core/facet-access.ts";
import { type AdminAuditEntry, recordAdminAudit } from "../storage/admin-audit.ts";

/** The session's administration views; a driver without them says so (`not_offered`). */
export function clusterAdminOf(session: DriverSession): ClusterAdmin {
  return facet(session, "clusterAdmin");
}

export interface AdminConfirmation {
  /** The requests the person saw, as the plan showed them (`shown`). */
  confirmed: unknown;
  /** The name typed, for a plan that asks for one. */
  typed?: string;
  signal?: AbortSignal;
  /** Where and as whom the write is audited (storage/admin-audit.ts). */
  audit?: { dir: string; surface: AdminAuditEntry["surface"]; connection: string };
}

export interface AdminOutcome {
  plan: ClusterAdminPlan;
  /** The answers of the requests sent, in order; the last may be the cluster's refusal. */
  results: ConsoleResult[];
}

/** Runs a confirmed plan, and audits what was sent or refused when `audit` says where. */
export async function runClusterAdminAction(
  session: DriverSession,
  input: ClusterAdminInput,
  confirmation: AdminConfirmation,
): Promise<AdminOutcome> {
  const audit = confirmation.audit;
  let plan: ClusterAdminPlan | undefined;
  try {
    const outcome = await runConfirmed(session, input, confirmation, (p) => {
      plan = p;
    });
    if (audit) {
      const last = outcome.results.at(-1);
      await recordAdminAudit(audit.dir, {
        ...auditBase(session, input, outcome.plan, audit),
        outcome: last?.kind === "error" ? "failed" : "done",
        ...(last?.kind === "error" ? { status: last.status, error: last.type } : {}),
      });
    }
    return outcome;
  } catch (e) {
    if (audit && plan)
      await recordAdminAudit(audit.dir, {
        ...auditBase(session, input, plan, audit),
        outcome: "refused",
        error: isQuarryError(e) ? e.code : "error",
      });
    throw e;
  }
}

function auditBase(
  session: DriverSession,
  input: ClusterAdminInput,
  plan: ClusterAdminPlan,
  audit: NonNullable<AdminConfirmation["audit"]>,
) {
  return {
    at: new Date().toISOString(),
    surface: audit.surface,
    connection: audit.connection,
    action: input.action,
    subject: plan.confirmName ?? plan.affects.join(","),
    // The shown requests' method and path only: a body may hold a password.
    requests: plan.shown.map((r) => ({
      method: r.method,
      path: r.path,
      class: session.console.classify(r),
    })),
  };
}

async function runConfirmed(
  session: DriverSession,
  input: ClusterAdminInput,
  confirmation: AdminConfirmation,
  planned: (plan: ClusterAdminPlan) => void,
): Promise<AdminOutcome> {
  const signal = confirmation.signal;
  const plan = await clusterAdminOf(session).plan(input, signal ? { signal } : {});
  planned(plan);
  const shown = (rs: ConsoleRequest[]) => rs.map((r) => session.console.format(r)).join("\n\n");
  if (!samePlannedRequests(plan.shown, confirmation.confirmed))
    throw new QuarryError(
      "confirmation_mismatch",
      `Not sent: what was confirmed is no longer what this would send, which is now:\n${shown(plan.shown)}`,
      "Look at the requests again (the cluster changed since), and confirm them anew.",
    );
  if (plan.confirmName !== null && confirmation.typed !== plan.confirmName)
    throw new QuarryError(
      "confirmation_mismatch",
      `Not confirmed: "${confirmation.typed ?? ""}" is not "${plan.confirmName}"; nothing was sent`,
      `Type exactly ${plan.confirmName} to confirm (--confirm ${plan.confirmName}).`,
    );
  for (const r of plan.requests) session.console.check(r);
  const results: ConsoleResult[] = [];
  for (const r of plan.requests) {
    const result = await session.console.run(r, signal ? { signal } : {});
    results.push(result);
    if (result.kind === "error") break;
  }
  return { plan, results };
}

/** The cluster's reason as a sentence, so the parts after it read apart. */
function sentence(reason: string): string {
  return /[.!?…]$/.test(reason) ? reason : `${reason}.`;
}

/**
 * The refusal of a plan the cluster stopped part way: the request it refused with its reason,
 * those sent before it, and those not attempted. Null when every request succeeded.
 */
export function adminRefusal(session: DriverSession, outcome: AdminOutcome): QuarryError | null {
  const last = outcome.results[outcome.results.length - 1];
  if (last?.kind !== "error") return null;
  const at = outcome.results.length - 1;
  const line = (r: ConsoleRequest | undefined) =>
    r ? session.console.format(r).split("\n")[0] : "";
  // The shown requests: the sent ones may hold a password.
  const done = outcome.plan.shown.slice(0, at).map(line);
  const skipped = outcome.plan.shown.slice(at + 1).map(line);
  const parts = [
    `The cluster refused ${line(outcome.plan.shown[at])} (HTTP ${last.status}, ${last.type}): ${sentence(last.reason)}`,
    done.length > 0 ? `Done before it: ${done.join("; ")}.` : "",
    skipped.length > 0 ? `Not attempted: ${skipped.join("; ")}.` : "",
  ].filter(Boolean);
  return new QuarryError(
    "cluster_error",
    parts.join(" "),
    done.length > 0
      ? "Check the state the requests done left (e.g. an index closed for a restore), fix what the cluster names, then run it again."
      : "Nothing was changed; fix what the cluster names, then run it again.",
    { status: last.status, type: last.type },
  );
}
