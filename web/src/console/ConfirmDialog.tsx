/** The confirmation before destructive console requests run: the requests, as console text. */
import { consoleText } from "../../../src/core/console.ts";
import type { ParsedConsoleRequest } from "../api/types.ts";
import { Modal } from "../ui/modal.tsx";

export function ConfirmDialog({
  blocks,
  onAnswer,
}: {
  blocks: ParsedConsoleRequest[];
  onAnswer: (ok: boolean) => void;
}) {
  return (
    <Modal
      title="Run a destructive request?"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => onAnswer(true)}>
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
    </Modal>
  );
}
