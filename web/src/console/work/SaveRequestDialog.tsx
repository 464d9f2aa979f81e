/** Names the text to keep (the request at the cursor, or the selection) and saves it. */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { SavedRequest } from "../../api/types.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Modal } from "../../ui/modal.tsx";

export function SaveRequestDialog({
  connectionId,
  text,
  suggested,
  onSaved,
  onClose,
}: {
  connectionId: string;
  text: string;
  suggested: string;
  onSaved: (saved: SavedRequest) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(suggested);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(
        await call(ui.connections[":id"].console.saved.$post, {
          param: { id: connectionId },
          json: { name, text },
        }),
      );
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Save request"
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={busy || name.trim() === ""}
            onClick={save}
          >
            Save
          </button>
        </>
      }
    >
      <label className="field">
        <span>Name</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && name.trim() !== "") void save();
          }}
        />
      </label>
      <pre className="saved-preview">{text}</pre>
      <ErrorNote error={error} />
    </Modal>
  );
}
