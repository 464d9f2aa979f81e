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

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        setPending(await get<ApprovalRequest[]>("/mcp/approvals"));
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
    try {
      await post(`/mcp/approvals/${seg(first.id)}`, { decision });
      setPending((p) => p.filter((x) => x.id !== first.id));
    } catch (e) {
      toasts.error(e);
    }
  };

  return (
    <Modal
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
