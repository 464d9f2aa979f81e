/**
 * The confirmation before destructive and admin console requests run: the requests, as console
 * text, what each one changes, and what each would affect, measured as the dialog opens
 * (ConfirmImpact.tsx).
 */
import { consoleText } from "../../../../src/core/console.ts";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { DialogFooter } from "../../ui/dialog-footer.tsx";
import { Modal } from "../../ui/modal.tsx";
import { ConfirmImpactList, useConfirmImpacts } from "./ConfirmImpact.tsx";

export function ConfirmDialog({
  connectionId,
  blocks,
  onAnswer,
}: {
  /** The console's API path, where the impact is measured. */
  connectionId: string;
  blocks: ParsedConsoleRequest[];
  onAnswer: (ok: boolean) => void;
}) {
  const admin = blocks.some((b) => b.classification === "admin");
  const impacts = useConfirmImpacts(connectionId, blocks);
  return (
    <Modal
      title={admin ? adminTitle(blocks) : "Run a destructive request?"}
      onClose={() => onAnswer(false)}
      footer={
        <DialogFooter
          onCancel={() => onAnswer(false)}
          action="Run"
          onAction={() => onAnswer(true)}
          actionDisabled={!impacts.ready}
          tone="danger"
        />
      }
    >
      <p>
        {admin
          ? adminLead(blocks)
          : blocks.length === 1
            ? "This request deletes data and cannot be undone:"
            : "These requests delete data and cannot be undone:"}
      </p>
      <pre className="request-preview" data-testid="confirm-requests">
        {blocks.map((b) => (b.request ? consoleText(b.request) : "")).join("\n\n")}
      </pre>
      <WhatChanges blocks={blocks} />
      <ConfirmImpactList blocks={blocks} impacts={impacts} />
    </Modal>
  );
}

function adminTitle(blocks: ParsedConsoleRequest[]): string {
  if (blocks.some((b) => b.classification === "destructive"))
    return "Run destructive and admin requests?";
  return blocks.length === 1 ? "Run an admin request?" : "Run admin requests?";
}

function adminLead(blocks: ParsedConsoleRequest[]): string {
  if (blocks.some((b) => b.classification === "destructive"))
    return "These requests delete data, or change who can do what on the cluster or how it runs:";
  return blocks.length === 1
    ? "This admin request changes who can do what on the cluster, or how it runs:"
    : "These admin requests change who can do what on the cluster, or how it runs:";
}

/** Each request's class and what it changes, in the classifier's words. */
function WhatChanges({ blocks }: { blocks: ParsedConsoleRequest[] }) {
  const said = blocks.filter((b) => b.request && b.reason);
  if (said.length === 0) return null;
  return (
    <ul className="confirm-reasons" data-testid="confirm-reasons">
      {said.map((b) => (
        <li key={b.startLine}>
          <span className={`class-badge class-${b.classification}`}>{b.classification}</span>{" "}
          <code>
            {b.request!.method} {b.request!.path}
          </code>
          : {b.reason}
        </li>
      ))}
    </ul>
  );
}
