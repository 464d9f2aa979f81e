/**
 * The confirmation of a cluster administration action: a form (the caller's), then what it does,
 * the exact requests Quarry will send (a password shown hidden), the resulting index a template
 * simulates to, and the name to type before Send is enabled; then the outcome, or the cluster's
 * refusal with what was done and what was not attempted.
 */
import { type ReactNode, useState } from "react";
import type { ClusterAdminInput } from "../../../src/core/cluster-admin.ts";
import type { AdminActionRun, PlannedAdminAction } from "../api/types.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { Modal } from "../ui/modal.tsx";
import { TypeToConfirm } from "../ui/TypeToConfirm.tsx";
import type { AdminAction } from "./use-admin-action.ts";

export function AdminDialog({
  title,
  action,
  form,
  input,
  outcome,
  onClose,
}: {
  title: string;
  action: AdminAction;
  /** The fields; the requests are planned from `input()` when the person asks. */
  form: ReactNode;
  input: () => ClusterAdminInput | null;
  /** What to show once it was sent without refusal (a verification's nodes, a snapshot's progress). */
  outcome?: (run: AdminActionRun) => ReactNode;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const { planned, run, busy } = action;
  const confirmName = planned?.plan.confirmName ?? null;
  const ready =
    planned !== null && !busy && !run && (confirmName === null || typed === confirmName);
  return (
    <Modal
      title={title}
      onClose={onClose}
      wide
      footer={
        <DialogFooter
          cancel={run ? "Done" : "Cancel"}
          onCancel={onClose}
          cancelDisabled={busy}
          action={busy && planned ? "Sending…" : "Send request"}
          onAction={() => void action.send(typed)}
          actionDisabled={!ready}
          tone={confirmName !== null ? "danger" : "primary"}
        >
          <button
            type="button"
            disabled={busy || run !== null}
            onClick={() => {
              const next = input();
              setTyped("");
              if (next) void action.plan(next);
            }}
          >
            Show request
          </button>
        </DialogFooter>
      }
    >
      <div className="index-params admin-form">{form}</div>
      {planned ? <PlanShown planned={planned} /> : null}
      {planned && confirmName !== null && !run ? (
        <TypeToConfirm name={confirmName} value={typed} onChange={setTyped} />
      ) : null}
      {run ? <Outcome run={run} /> : null}
      {run && !run.refusal ? outcome?.(run) : null}
      <ErrorNote error={action.error} />
    </Modal>
  );
}

/**
 * The cluster's answer: done with each status, or its refusal with what to do, and the refusing
 * answer itself on demand (its causes name what the summary line cannot, e.g. a folder outside
 * `path.repo`).
 */
function Outcome({ run }: { run: AdminActionRun }) {
  const refused = run.refusal ? run.results.at(-1) : undefined;
  return (
    <div data-testid="admin-outcome">
      <p className={run.refusal ? "error-text" : ""}>
        {run.refusal
          ? `${run.refusal.message} ${run.refusal.remedy}`
          : `Done (HTTP ${run.results.map((r) => r.status).join(", ")}).`}
      </p>
      {refused ? (
        <details>
          <summary>The cluster's answer</summary>
          <pre className="index-json">{JSON.stringify(refused.raw, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** What the plan does, its requests as shown, and a template's simulated index. */
function PlanShown({ planned }: { planned: PlannedAdminAction }) {
  return (
    <>
      <p data-testid="admin-summary">
        This {planned.plan.summary}. Quarry will send exactly ({planned.plan.classification.class}:{" "}
        {planned.plan.classification.reason}):
      </p>
      <pre className="request-preview" data-testid="admin-request">
        {planned.texts.join("\n\n")}
      </pre>
      {planned.plan.simulation ? (
        <>
          <p>A new index made from it, as the cluster simulates it:</p>
          <pre className="request-preview" data-testid="admin-simulation">
            {JSON.stringify(planned.plan.simulation.result, null, 2)}
          </pre>
        </>
      ) : null}
    </>
  );
}
