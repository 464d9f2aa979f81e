/** A CodeMirror 6 JSON editor (highlighting, JSON syntax errors marked), editable or read-only. */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json, jsonParseLinter } from "@codemirror/lang-json";
import { bracketMatching, foldGutter, syntaxHighlighting } from "@codemirror/language";
import { linter, lintGutter } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { codeHighlightStyle } from "./code-highlight.ts";

export function JsonEditor({
  value,
  readOnly,
  onChange,
  label,
  minHeight = 120,
}: {
  value: string;
  readOnly?: boolean;
  onChange?: (text: string) => void;
  label: string;
  minHeight?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; value changes are pushed below
  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          history(),
          bracketMatching(),
          json(),
          syntaxHighlighting(codeHighlightStyle),
          ...(readOnly
            ? [EditorState.readOnly.of(true)]
            : [linter(jsonParseLinter()), lintGutter()]),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current?.(u.state.doc.toString());
          }),
          EditorView.theme({
            "&": { minHeight: `${minHeight}px` },
            ".cm-scroller": { fontFamily: "var(--mono)" },
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="json-editor" ref={host} />;
}
