/**
 * A new token, shown once with a copy button: Quarry keeps only a salted hash of it and cannot
 * show it again.
 */
import type { TokenCreated } from "../api/types.ts";
import { copyText } from "../ui/clipboard.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { useToasts } from "../ui/errors.tsx";
import { Modal } from "../ui/modal.tsx";

export function TokenShownOnce({
  created,
  onClose,
}: {
  created: TokenCreated;
  onClose: () => void;
}) {
  const toasts = useToasts();
  return (
    <Modal
      title={`Token "${created.token.name}" created`}
      onClose={onClose}
      footer={<DialogFooter action="Done" onAction={onClose} />}
    >
      <p>Copy the token now. Quarry keeps only a salted hash of it and cannot show it again.</p>
      <div className="secret-once">
        <code data-testid="new-token">{created.secret}</code>
        <button
          type="button"
          className="small"
          onClick={() =>
            copyText(created.secret).then(
              () => toasts.success("Token copied."),
              (e) => toasts.error(e),
            )
          }
        >
          Copy
        </button>
      </div>
    </Modal>
  );
}
