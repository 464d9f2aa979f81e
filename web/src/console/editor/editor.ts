/**
 * The console's editor (CodeMirror): the console language, the app's parse errors as diagnostics,
 * Ctrl+Enter and Ctrl+Shift+Enter, the text kept per connection, and the request at the cursor.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter, lintGutter } from "@codemirror/lint";
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { type RefObject, useEffect, useRef } from "react";
import { toApiError } from "../../api/client.ts";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { takePrefill } from "../../navigation/console-prefill.ts";
import { codeHighlightStyle } from "../../ui/code-highlight.ts";
import { queryErrorMarks } from "../esql/mark.ts";
import { consoleCompletion } from "./completion.ts";
import { consoleLanguage } from "./console-language.ts";
import { type CurlConverter, curlPaste } from "./curl-paste.ts";
import { editorHabits } from "./editor-habits.ts";

const STARTER = `# Requests in the Kibana Dev Tools style: a method and a path, then an optional JSON body.
# Ctrl+Enter runs the request at the cursor; Ctrl+Shift+Enter runs them all.
GET /_cat/indices?format=json

GET /_search
{
  "query": { "match_all": {} },
  "size": 10
}
`;

/**
 * The request the cursor is in, or on a blank or comment line after one, the request above it:
 * Run, Copy as curl and the classification badge all act on this one.
 */
export function blockAtCursor(
  blocks: ParsedConsoleRequest[],
  state: EditorState,
): ParsedConsoleRequest | undefined {
  const line = state.doc.lineAt(state.selection.main.head).number - 1;
  return (
    blocks.find((b) => line >= b.startLine && line <= b.endLine) ??
    blocks.findLast((b) => b.startLine <= line)
  );
}

export function diagnosticsOf(state: EditorState, blocks: ParsedConsoleRequest[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of blocks) {
    if (b.note) {
      const line = state.doc.line(Math.min(state.doc.lines, b.startLine + 1));
      out.push({ from: line.from, to: line.to, severity: "info", message: b.note });
    }
    if (!b.error) continue;
    const lineNo = Math.min(state.doc.lines, (b.error.line ?? b.startLine) + 1);
    const line = state.doc.line(Math.max(1, lineNo));
    out.push({
      from: line.from,
      to: line.to,
      severity: "error",
      message: `${b.error.message}${b.error.remedy ? ` ${b.error.remedy}` : ""}`,
    });
  }
  return out;
}

/** Appends text after what the editor holds, a blank line apart, and puts the cursor on it. */
export function appendText(v: EditorView, text: string): void {
  const end = v.state.doc.length;
  const prefix = end > 0 && !v.state.doc.toString().endsWith("\n\n") ? "\n\n" : "";
  v.dispatch({
    changes: { from: end, insert: `${prefix}${text}\n` },
    selection: { anchor: end + prefix.length },
  });
  v.focus();
}

export interface EditorHooks {
  /** The app's parse of the text. */
  parse: (text: string) => Promise<ParsedConsoleRequest[]>;
  /** The request at the cursor after each parse (for the classification badge). */
  onCurrent: (block: ParsedConsoleRequest | null) => void;
  runAtCursor: () => void;
  runAll: () => void;
  /** A pasted curl command as console text (curl-paste.ts). */
  pasteCurl?: CurlConverter;
  /** The text after each change (the open tab keeps it). */
  onText?: (text: string) => void;
}

/** The open tab: the editor is made again with its text when `key` changes; null waits. */
export interface EditorDoc {
  key: string;
  text: string;
}

/**
 * Creates the editor in `host` (kept in `view`) once per connection. `hooks` is read at each use, so the latest
 * callbacks run without the editor being made again.
 */
export function useConsoleEditor(
  host: RefObject<HTMLDivElement | null>,
  view: RefObject<EditorView | null>,
  connectionId: string,
  hooks: EditorHooks,
  doc?: EditorDoc | null,
): void {
  const latest = useRef(hooks);
  latest.current = hooks;
  const text = useRef(doc?.text);
  text.current = doc?.text;
  const waiting = doc === null;
  const key = doc?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: made again per connection and per tab (key)
  useEffect(() => {
    if (waiting) return;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text.current ?? initialText(connectionId),
        extensions: extensions(connectionId, latest),
      }),
    });
    view.current = v;
    v.focus();
    return () => v.destroy();
  }, [connectionId, host, view, waiting, key]);
}

const textKey = (connectionId: string) => `quarry.console.text.${connectionId}`;

/** What the editor opens with when no tab holds text: a handed-over request, the last text, or a starter. */
export function initialText(connectionId: string): string {
  return takePrefill(connectionId) ?? localStorage.getItem(textKey(connectionId)) ?? STARTER;
}

function extensions(connectionId: string, hooks: RefObject<EditorHooks>) {
  // The last parse, so a cursor move names its request (badge, reference link) without a new one.
  let parsed: ParsedConsoleRequest[] = [];
  return [
    lineNumbers(),
    history(),
    bracketMatching(),
    consoleLanguage,
    curlPaste(hooks),
    syntaxHighlighting(codeHighlightStyle),
    editorHabits(),
    consoleCompletion(connectionId),
    lintGutter(),
    queryErrorMarks,
    linter(
      async (view) => {
        try {
          const blocks = await hooks.current.parse(view.state.doc.toString());
          parsed = blocks;
          hooks.current.onCurrent(blockAtCursor(blocks, view.state) ?? null);
          return diagnosticsOf(view.state, blocks);
        } catch (e) {
          const err = toApiError(e);
          return [{ from: 0, to: 0, severity: "warning", message: `${err.message} ${err.remedy}` }];
        }
      },
      { delay: 300 },
    ),
    Prec.highest(
      keymap.of([
        {
          key: "Mod-Enter",
          run: () => {
            hooks.current.runAtCursor();
            return true;
          },
        },
        {
          key: "Mod-Shift-Enter",
          run: () => {
            hooks.current.runAll();
            return true;
          },
        },
      ]),
    ),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    EditorView.contentAttributes.of({ "aria-label": "Console requests" }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) {
        const text = u.state.doc.toString();
        localStorage.setItem(textKey(connectionId), text);
        hooks.current.onText?.(text);
      } else if (u.selectionSet) hooks.current.onCurrent(blockAtCursor(parsed, u.state) ?? null);
    }),
  ];
}
