/**
 * Ask Each Time: when an AI client touches a connection whose policy is Ask Each Time, the app
 * asks here, in its own UI (never through the client, so a client cannot approve itself).
 *
 * Only the three answer buttons answer. Escape, the × and a click on the backdrop mean "Later":
 * the dialog goes away, the question keeps waiting (the client's call with it), and the top bar's
 * "N approvals waiting" badge brings it back. A stray key must never deny, or allow, anything.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ApprovalDecision, ApprovalView } from "../api/types.ts";
import { useToasts } from "../ui/errors.tsx";
import { ImpactSummary } from "../ui/ImpactSummary.tsx";
import { Modal } from "../ui/modal.tsx";

const POLL_MS = 1500;

export interface Approvals {
  /** The question on screen: the oldest one not put off with Later. */
  question: ApprovalView | undefined;
  /** Every question still waiting for an answer, shown or not. */
  waiting: number;
  answer: (question: ApprovalView, decision: ApprovalDecision) => Promise<void>;
  /** Hides the waiting questions until `reopen`; questions that arrive later are shown. */
  later: () => void;
  reopen: () => void;
}

/** The questions the app waits on, polled; the shell shows them (dialog) and counts them (badge). */
export function useApprovals(): Approvals {
  const [pending, setPending] = useState<ApprovalView[]>([]);
  const [deferred, setDeferred] = useState<ReadonlySet<string>>(new Set());
  const toasts = useToasts();
  const lastError = useRef<string | null>(null);
  // Answered here, until the server stops listing them: a poll that left before the answer
  // arrived must not show the question again (a second click would answer nothing).
  const answered = useRef(new Set<string>());

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const listed = await call(ui.mcp.approvals.$get);
        const ids = new Set(listed.map((p) => p.id));
        for (const id of answered.current) if (!ids.has(id)) answered.current.delete(id);
        const next = listed.filter((p) => !answered.current.has(p.id));
        // The same questions keep the same list: the whole shell renders with it.
        setPending((p) => (sameIds(p, next) ? p : next));
        // Questions that ended elsewhere (timed out) are forgotten, so the set stays small.
        setDeferred((d) => ([...d].every((id) => ids.has(id)) ? d : keep(d, ids)));
        lastError.current = null;
      } catch (e) {
        // Say it once, not every poll.
        const err = toasts.error.bind(toasts);
        const code = (e as { code?: string }).code ?? "error";
        if (lastError.current !== code) err(e);
        lastError.current = code;
      }
      if (!stop) timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [toasts]);

  const answer = useCallback(
    async (question: ApprovalView, decision: ApprovalDecision) => {
      // Gone from the screen at once (the next question, if any, takes its place), so a second
      // click cannot answer it twice.
      answered.current.add(question.id);
      setPending((p) => p.filter((x) => x.id !== question.id));
      try {
        await call(ui.mcp.approvals[":approval"].$post, {
          param: { approval: question.id },
          json: { decision },
        });
      } catch (e) {
        // Timed out meanwhile, or the app is gone: say so; the next poll shows what still waits.
        answered.current.delete(question.id);
        toasts.error(e);
      }
    },
    [toasts],
  );

  const later = useCallback(
    () => setDeferred((d) => new Set([...d, ...pending.map((p) => p.id)])),
    [pending],
  );
  const reopen = useCallback(() => setDeferred(new Set()), []);

  return {
    question: pending.find((p) => !deferred.has(p.id)),
    waiting: pending.length,
    answer,
    later,
    reopen,
  };
}

function sameIds(a: ApprovalView[], b: ApprovalView[]): boolean {
  return a.length === b.length && a.every((x, i) => x.id === b[i]!.id);
}

function keep(ids: ReadonlySet<string>, listed: Set<string>): ReadonlySet<string> {
  return new Set([...ids].filter((id) => listed.has(id)));
}

export function ApprovalPrompt({ approvals }: { approvals: Approvals }) {
  const { question, waiting, answer, later } = approvals;
  if (!question) return null;
  // A destructive or admin request is asked every time (docs/mcp.md, "Policies"): a session's
  // yes would not be kept, so it is not offered, and no answer is the default.
  const askedEachTime =
    question.classification === "destructive" || question.classification === "admin";
  return (
    // A new dialog per question: focus starts afresh, so a key pressed for one cannot answer the next.
    <Modal
      key={question.id}
      title="An AI client asks for access"
      label="Approval request"
      onClose={later}
      footer={
        <>
          <button
            type="button"
            className="footer-start"
            onClick={later}
            title="Answer later: the request keeps waiting (Escape)"
          >
            Later
          </button>
          <button type="button" className="danger" onClick={() => answer(question, "deny")}>
            Deny
          </button>
          <button type="button" onClick={() => answer(question, "allow-once")}>
            Allow once
          </button>
          {askedEachTime ? null : (
            <button
              type="button"
              className="primary"
              onClick={() => answer(question, "allow-session")}
            >
              Allow for this session
            </button>
          )}
        </>
      }
    >
      <p>
        <strong>{question.client}</strong> wants to run <code>{question.tool}</code> on{" "}
        <strong>{question.connectionName}</strong>
        {question.classification ? ` (${question.classification})` : ""}:
      </p>
      <pre className="request-preview" data-testid="approval-request">
        {question.request}
      </pre>
      {question.impact ? <ImpactSummary impact={question.impact} /> : null}
      {askedEachTime ? (
        <p className="muted" data-testid="approval-each-time">
          A {question.classification} request is asked every time: a yes here allows this call only.
        </p>
      ) : null}
      {waiting > 1 ? <p className="muted">{waiting - 1} more waiting.</p> : null}
    </Modal>
  );
}

/** The top bar's reminder of questions put off with Later; a click shows them again. */
export function ApprovalsBadge({ approvals }: { approvals: Approvals }) {
  // Only while no question is on screen: the dialog itself says how many more wait.
  if (approvals.waiting === 0 || approvals.question) return null;
  const n = approvals.waiting;
  return (
    <button
      type="button"
      className="approvals-badge"
      onClick={approvals.reopen}
      title="AI clients wait for your answer: show the questions"
    >
      {n === 1 ? "1 approval waiting" : `${n} approvals waiting`}
    </button>
  );
}
