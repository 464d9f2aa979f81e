/**
 * Ask Each Time: when an AI client touches a connection whose policy is Ask Each Time, the app
 * asks here, in its own UI (never through the client, so a client cannot approve itself).
 */
import { useEffect, useRef, useState } from "react";
import { get, post, seg } from "../api/client.ts";
import type { ApprovalDecision, ApprovalRequest } from "../api/types.ts";
import { useToasts } from "../ui/errors.tsx";
import { Modal } from "../ui/modal.tsx";

const POLL_MS = 1500;

export function ApprovalPrompts() {
  const [pending, setPending] = useState<ApprovalRequest[]>([]);
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
        const listed = await get<ApprovalRequest[]>("/mcp/approvals");
        const ids = new Set(listed.map((p) => p.id));
        for (const id of answered.current) if (!ids.has(id)) answered.current.delete(id);
        setPending(listed.filter((p) => !answered.current.has(p.id)));
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

  const first = pending[0];
  if (!first) return null;

  const answer = async (decision: ApprovalDecision) => {
    // Gone from the screen at once (the next question, if any, takes its place), so a second
    // click cannot answer it twice.
    answered.current.add(first.id);
    setPending((p) => p.filter((x) => x.id !== first.id));
    try {
      await post(`/mcp/approvals/${seg(first.id)}`, { decision });
    } catch (e) {
      // Timed out meanwhile, or the app is gone: say so; the next poll shows what still waits.
      answered.current.delete(first.id);
      toasts.error(e);
    }
  };

  return (
    // A new dialog per question: focus starts afresh, so a key pressed for one cannot answer the next.
    <Modal
      key={first.id}
      title="An AI client asks for access"
      label="Approval request"
      onClose={() => answer("deny")}
      footer={
        <>
          <button type="button" className="danger" onClick={() => answer("deny")}>
            Deny
          </button>
          <button type="button" onClick={() => answer("allow-once")}>
            Allow once
          </button>
          <button type="button" className="primary" onClick={() => answer("allow-session")}>
            Allow for this session
          </button>
        </>
      }
    >
      <p>
        <strong>{first.client}</strong> wants to run <code>{first.tool}</code> on{" "}
        <strong>{first.connectionName}</strong>
        {first.classification ? ` (${first.classification})` : ""}:
      </p>
      <pre className="request-preview" data-testid="approval-request">
        {first.request}
      </pre>
      {pending.length > 1 ? <p className="muted">{pending.length - 1} more waiting.</p> : null}
    </Modal>
  );
}
