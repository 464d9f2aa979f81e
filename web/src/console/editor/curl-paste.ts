/**
 * Pasting a curl command into the console turns it into a request: the app converts it (the
 * driver knows the console language; the page does not), and the converted text replaces the
 * paste. What was left out (host, credentials) is said in a note; a command the console cannot
 * carry is refused with the reason, and nothing is inserted.
 */
import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { type RefObject, useCallback } from "react";
import { call, ui } from "../../api/client.ts";
import { useToasts } from "../../ui/errors.tsx";

/** The console text for a pasted command, or null when it was refused (already said). */
export type CurlConverter = (command: string) => Promise<string | null>;

const CURL = /^\s*curl(\s|\\\r?\n)/;

/** The paste handler; `convert` is read at each paste so the latest one runs. */
export function curlPaste(hooks: RefObject<{ pasteCurl?: CurlConverter }>): Extension {
  return EditorView.domEventHandlers({
    paste(event, view) {
      const text = event.clipboardData?.getData("text/plain") ?? "";
      const convert = hooks.current?.pasteCurl;
      if (!convert || !CURL.test(text)) return false;
      event.preventDefault();
      const { from, to } = view.state.selection.main;
      void convert(text).then((converted) => {
        if (converted === null) return;
        // The document may have changed while the app answered: keep inside it.
        const end = view.state.doc.length;
        const at = Math.min(from, end);
        view.dispatch({
          changes: { from: at, to: Math.min(Math.max(to, at), end), insert: converted },
          selection: { anchor: at + converted.length },
          userEvent: "input.paste",
        });
        view.focus();
      });
      return true;
    },
  });
}

/** Converts through the app, telling the user what was left out, or why it was refused. */
export function useCurlPaste(connectionId: string): CurlConverter {
  const toasts = useToasts();
  return useCallback(
    async (command: string) => {
      try {
        const { text, notes } = await call(ui.connections[":id"].console["from-curl"].$post, {
          param: { id: connectionId },
          json: { command },
        });
        toasts.info(`Pasted curl as a request. ${notes.join(" ")}`.trim());
        return text;
      } catch (e) {
        toasts.error(e);
        return null;
      }
    },
    [connectionId, toasts],
  );
}
