/**
 * Save as…: the request at the cursor (or the selection) into the library every surface shares,
 * with a description; `{{name}}` placeholders become parameters asked when it runs.
 */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import { SaveTextDialog } from "./SaveTextDialog.tsx";

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
  const save = async () => {
    const saved = await call(ui.connections[":id"].queries[":name"].$put, {
      param: { id: connectionId, name: name.trim() },
      json: { kind, text, description, onlyHere, replace },
    });
    onSaved(saved.name);
  };
  return (
    <SaveTextDialog
      title="Save to the library"
      text={text}
      name={name}
      onName={setName}
      nameLabel="Query name"
      namePlaceholder="orders-by-status"
      save={save}
      onClose={onClose}
    >
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
    </SaveTextDialog>
  );
}
