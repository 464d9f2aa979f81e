/** The toolbar's editor actions: Format body (Ctrl+I) and the reference page of the request. */
import type { EditorView } from "@codemirror/view";
import type { RefObject } from "react";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { formatBodyAtCursor } from "./editor-habits.ts";
import { ReferenceLink } from "./ReferenceLink.tsx";

export function EditorActions({
  connectionId,
  view,
  current,
}: {
  connectionId: string;
  view: RefObject<EditorView | null>;
  current: ParsedConsoleRequest | null;
}) {
  return (
    <>
      <button
        type="button"
        className="small"
        onClick={() => {
          if (view.current) {
            formatBodyAtCursor(view.current);
            view.current.focus();
          }
        }}
        title="Lay out the body of the request at the cursor, comments kept (Ctrl+I)"
        aria-keyshortcuts="Control+I"
      >
        Format body
      </button>
      <ReferenceLink connectionId={connectionId} current={current} />
    </>
  );
}
