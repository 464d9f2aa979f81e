/**
 * A dialog's footer: the button that dismisses it (Cancel, Close, or a running job's stop) and the
 * one that acts, last and marked primary, or danger where the act cannot be undone. Either button
 * is left out when its handler is.
 */
import type { ReactNode } from "react";

export function DialogFooter({
  cancel = "Cancel",
  onCancel,
  cancelDisabled,
  action,
  onAction,
  actionDisabled,
  tone = "primary",
  children,
}: {
  cancel?: ReactNode;
  onCancel?: (() => void) | undefined;
  cancelDisabled?: boolean | undefined;
  action?: ReactNode;
  onAction?: (() => void) | undefined;
  actionDisabled?: boolean | undefined;
  tone?: "primary" | "danger";
  /** More buttons, between the two. */
  children?: ReactNode;
}) {
  return (
    <>
      {onCancel ? (
        <button type="button" onClick={onCancel} disabled={cancelDisabled}>
          {cancel}
        </button>
      ) : null}
      {children}
      {onAction ? (
        <button type="button" className={tone} disabled={actionDisabled} onClick={onAction}>
          {action}
        </button>
      ) : null}
    </>
  );
}

/**
 * The dismissing button of a dialog that runs a job: while the job runs it stops the job (`stop`
 * names it, "Cancelling…" once asked), otherwise it closes the dialog (Close once the job is done).
 */
export function jobDismiss(
  job: { running: boolean; cancelling: boolean; done: unknown; cancel: () => void },
  stop: string,
  onClose: () => void,
) {
  return job.running
    ? {
        cancel: job.cancelling ? "Cancelling…" : stop,
        onCancel: job.cancel,
        cancelDisabled: job.cancelling,
      }
    : { cancel: job.done ? "Close" : "Cancel", onCancel: onClose };
}
