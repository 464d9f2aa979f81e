/** Names the text to keep (the request at the cursor, or the selection) and saves it. */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { SavedRequest } from "../../api/types.ts";
import { SaveTextDialog } from "./SaveTextDialog.tsx";

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
  return (
    <SaveTextDialog
      title="Save request"
      text={text}
      name={name}
      onName={setName}
      saveOnEnter
      save={async () =>
        onSaved(
          await call(ui.connections[":id"].console.saved.$post, {
            param: { id: connectionId },
            json: { name, text },
          }),
        )
      }
      onClose={onClose}
    />
  );
}
