/** The last index action's outcome on the page: done with its status, or refused with the cluster's reason. */
import { ACTION_TITLES } from "./ActionDialog.tsx";
import type { Outcome } from "./use-index-action.ts";

export function OutcomeNote({
  outcome,
  onDismiss,
}: {
  outcome: Outcome | null;
  onDismiss: () => void;
}) {
  if (!outcome) return null;
  const r = outcome.run.result;
  const failed = r.kind === "error";
  return (
    <div
      className={failed ? "error-note index-outcome" : "index-outcome done"}
      role={failed ? "alert" : "status"}
      data-testid="action-outcome"
    >
      <div>
        <strong>{ACTION_TITLES[outcome.input.action]}</strong>
        {failed
          ? `: refused by the cluster (HTTP ${r.status}, ${r.type}): ${r.reason}`
          : `: done (HTTP ${r.status}).`}
      </div>
      <pre className="request-preview">{outcome.text}</pre>
      <details>
        <summary>The cluster's answer</summary>
        <pre className="index-json">{JSON.stringify(r.raw, null, 2)}</pre>
      </details>
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
