/**
 * The editor's habits beyond colours: long lines wrap (the method never scrolls out of sight),
 * body lines indent by their brackets, and "Format body" (Ctrl+I, as in Kibana) lays out the body
 * of the request at the cursor, comments kept.
 */
import { indentOnInput, indentService } from "@codemirror/language";
import { Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { bodyLinesAt, formatOneBody, indentFor } from "./body-format.ts";

/** Lays out the body of the request at the cursor; false when there is none to lay out. */
export function formatBodyAtCursor(view: EditorView): boolean {
  const { state } = view;
  const lines = bodyLinesAt(state, state.selection.main.head);
  if (!lines) return false;
  const from = state.doc.line(lines.first).from;
  const to = state.doc.line(lines.last).to;
  const formatted = formatOneBody(state.doc.sliceString(from, to));
  if (formatted === null) return false;
  view.dispatch({
    changes: { from, to, insert: formatted },
    selection: { anchor: Math.min(state.selection.main.head, from + formatted.length) },
    scrollIntoView: true,
  });
  return true;
}

export function editorHabits() {
  return [
    EditorView.lineWrapping,
    indentService.of((cx, pos) => {
      const line = cx.state.doc.lineAt(pos);
      return indentFor(cx.state, line.number, line.text);
    }),
    indentOnInput(),
    Prec.highest(keymap.of([{ key: "Mod-i", run: formatBodyAtCursor, preventDefault: true }])),
  ];
}
