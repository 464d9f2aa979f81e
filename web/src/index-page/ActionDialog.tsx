/**
 * The confirmation of an index action: what it does, the exact request Quarry will send, what a
 * dangerous one would affect, and for close, delete and reindex the index's name typed back before
 * Send is enabled. Actions that take a parameter (force merge, reindex) ask for it first and show
 * the request again once it changes.
 */
import { useState } from "react";
import type { TableAction } from "../../../src/core/table-details.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { ImpactSummary } from "../ui/ImpactSummary.tsx";
import { Modal } from "../ui/modal.tsx";
import { TypeToConfirm } from "../ui/TypeToConfirm.tsx";
import type { IndexAction } from "./use-index-action.ts";

export const ACTION_TITLES: Record<TableAction, string> = {
  create: "Create index",
  open: "Open index",
  close: "Close index",
  refresh: "Refresh index",
  flush: "Flush index",
  compact: "Force merge",
  "clear-cache": "Clear cache",
  "alias-add": "Add alias",
  "alias-remove": "Remove alias",
  copy: "Reindex into a new index",
  delete: "Delete index",
};

export function ActionDialog({ action }: { action: IndexAction }) {
  const { input, planned, busy } = action;
  const [typed, setTyped] = useState("");
  if (!input) return null;
  const confirmName = planned?.plan.confirmName ?? null;
  const dangerous = confirmName !== null;
  const ready = planned !== null && !busy && (!dangerous || typed === confirmName);
  return (
    <Modal
      title={ACTION_TITLES[input.action]}
      onClose={action.cancel}
      footer={
        <DialogFooter
          onCancel={action.cancel}
          cancelDisabled={busy}
          action={busy && planned ? "Sending…" : "Send request"}
          onAction={() => action.send(typed)}
          actionDisabled={!ready}
          tone={dangerous ? "danger" : "primary"}
        />
      }
    >
      <Parameters action={action} />
      {planned ? (
        <>
          <p>
            This {planned.plan.summary}. Quarry will send exactly
            {planned.plan.classification.class === "read" ||
            planned.plan.classification.class === "write"
              ? ":"
              : ` (${planned.plan.classification.class}: ${planned.plan.classification.reason}):`}
          </p>
          <pre className="request-preview" data-testid="action-request">
            {planned.text}
          </pre>
        </>
      ) : null}
      {action.impact ? <ImpactSummary impact={action.impact} /> : null}
      {dangerous ? (
        <TypeToConfirm name={confirmName} value={typed} onChange={setTyped} focus />
      ) : null}
      <ErrorNote error={action.error} />
    </Modal>
  );
}

/** The parameter of force merge (segments) and reindex (the new index), re-planned on demand. */
function Parameters({ action }: { action: IndexAction }) {
  const input = action.input!;
  const [segments, setSegments] = useState(String(input.maxSegments ?? 1));
  const [target, setTarget] = useState(input.target ?? "");
  if (input.action !== "compact" && input.action !== "copy") return null;
  const replan = () =>
    action.plan(
      input.action === "compact"
        ? { ...input, maxSegments: Number(segments) }
        : { ...input, target: target.trim() },
    );
  return (
    <form
      className="index-params"
      onSubmit={(e) => {
        e.preventDefault();
        void replan();
      }}
    >
      {input.action === "compact" ? (
        <label>
          Segments per shard (max_num_segments)
          <input
            type="number"
            min={1}
            value={segments}
            onChange={(e) => setSegments(e.target.value)}
          />
        </label>
      ) : (
        <label>
          New index
          <input value={target} onChange={(e) => setTarget(e.target.value)} spellCheck={false} />
        </label>
      )}
      <button type="submit" className="small">
        Show request
      </button>
    </form>
  );
}
