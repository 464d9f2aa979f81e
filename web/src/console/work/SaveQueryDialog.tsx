/**
 * Save as…: the request at the cursor (or the selection) into the library every surface shares,
 * with a description; `{{name}}` placeholders become parameters asked when it runs.
 */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Modal } from "../../ui/modal.tsx";

/** Long because it is the dialog's markup: four fields, a preview and the footer. */
export function SaveQueryDialog({
  connectionId,
  kind,
  text,
  onSaved,
  onClose,
}: {
  connectionId: string;
  kind: "console" | "esql" | "view";
  text: string;
  onSaved: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [onlyHere, setOnlyHere] = useState(false);
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await call(ui.connections[":id"].queries[":name"].$put, {
        param: { id: connectionId, name: name.trim() },
        json: { kind, text, description, onlyHere, replace },
      });
      onSaved(saved.name);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Save to the library"
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
          aria-label="Query name"
          placeholder="orders-by-status"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Description</span>
        <input
          aria-label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className="check">
        <input type="checkbox" checked={onlyHere} onChange={(e) => setOnlyHere(e.target.checked)} />{" "}
        Only this connection (otherwise every connection of its type)
      </label>
      <label className="check">
        <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />{" "}
        Replace a saved query of the same name
      </label>
      <p className="muted">
        Write {"{{name}}"} where a value goes: it is asked when the query runs.
      </p>
      <pre className="saved-preview">{text}</pre>
      <ErrorNote error={error} />
    </Modal>
  );
}
