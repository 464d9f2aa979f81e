/**
 * The confirmation before destructive console requests run: the requests, as console text, and
 * what each would affect, measured as the dialog opens (ConfirmImpact.tsx).
 */
import { consoleText } from "../../../src/core/console.ts";
import type { ParsedConsoleRequest } from "../api/types.ts";
import { Modal } from "../ui/modal.tsx";
import { ConfirmImpactList, useConfirmImpacts } from "./ConfirmImpact.tsx";

export function ConfirmDialog({
  base,
  blocks,
  onAnswer,
}: {
  /** The console's API path, where the impact is measured. */
  base: string;
  blocks: ParsedConsoleRequest[];
  onAnswer: (ok: boolean) => void;
}) {
  const impacts = useConfirmImpacts(base, blocks);
  return (
    <Modal
      title="Run a destructive request?"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            disabled={!impacts.ready}
            onClick={() => onAnswer(true)}
          >
            Run
          </button>
        </>
      }
    >
      <p>
        {blocks.length === 1
          ? "This request deletes data and cannot be undone:"
          : "These requests delete data and cannot be undone:"}
      </p>
      <pre className="request-preview" data-testid="confirm-requests">
        {blocks.map((b) => (b.request ? consoleText(b.request) : "")).join("\n\n")}
      </pre>
      <ConfirmImpactList blocks={blocks} impacts={impacts} />
    </Modal>
  );
}
