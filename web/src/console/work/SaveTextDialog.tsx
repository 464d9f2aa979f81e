/**
 * What both Save dialogs share: the name, the text kept (shown as it is saved), the error of a
 * refused save, and Cancel and Save; each dialog adds its own fields below the name.
 */
import { type ReactNode, useState } from "react";
import { DialogFooter } from "../../ui/dialog-footer.tsx";
import { ErrorNote } from "../../ui/errors.tsx";
import { Modal } from "../../ui/modal.tsx";

export function SaveTextDialog({
  title,
  text,
  name,
  onName,
  nameLabel,
  namePlaceholder,
  saveOnEnter = false,
  save,
  onClose,
  children,
}: {
  title: string;
  text: string;
  name: string;
  onName: (name: string) => void;
  nameLabel?: string;
  namePlaceholder?: string;
  /** Enter in the name field saves. */
  saveOnEnter?: boolean;
  /** Saves; a throw is shown and the dialog stays open. */
  save: () => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const named = name.trim() !== "";
  const run = async () => {
    setBusy(true);
    try {
      await save();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <DialogFooter
          onCancel={onClose}
          action="Save"
          onAction={run}
          actionDisabled={busy || !named}
        />
      }
    >
      <label className="field">
        <span>Name</span>
        <input
          aria-label={nameLabel}
          placeholder={namePlaceholder}
          value={name}
          onChange={(e) => onName(e.target.value)}
          onKeyDown={(e) => {
            if (saveOnEnter && e.key === "Enter" && named) void run();
          }}
        />
      </label>
      {children}
      <pre className="saved-preview">{text}</pre>
      <ErrorNote error={error} />
    </Modal>
  );
}
