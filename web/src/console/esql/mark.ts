/**
 * A piped query's error marked where the database found it: its `line:column` counted in the
 * query's text, found in the editor inside the request's `"query"` string (triple-quoted, as the
 * console writes it, or a JSON string with its escapes).
 */
import { type EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView } from "@codemirror/view";
import type { ConsoleRun, ParsedConsoleRequest } from "../../api/types.ts";

/** A request run, as the console's outcomes hold it. */
interface RunOutcome {
  block: ParsedConsoleRequest;
  run?: ConsoleRun;
}

/** The editor offset of `line:column` (1-based) of the query string that starts at `from`. */
export function queryOffset(
  text: string,
  from: number,
  triple: boolean,
  at: { line: number; column: number },
): number | undefined {
  let [line, column, i] = [1, 1, from];
  while (i < text.length) {
    if (line === at.line && column === at.column) return i;
    if (triple ? text.startsWith('"""', i) : text[i] === '"') return undefined;
    const escaped = !triple && text[i] === "\\";
    const newline = escaped ? text[i + 1] === "n" : text[i] === "\n";
    i += escaped ? (text[i + 1] === "u" ? 6 : 2) : 1;
    if (newline) [line, column] = [line + 1, 1];
    else column++;
  }
  return undefined;
}

/** Where the request's query string starts in the editor, and how it is quoted. */
function queryStart(state: EditorState, block: ParsedConsoleRequest) {
  const from = state.doc.line(block.startLine + 1).from;
  const to = state.doc.line(Math.min(state.doc.lines, block.endLine + 1)).to;
  const text = state.doc.sliceString(from, to);
  const m = /"query"\s*:\s*("""|")/.exec(text);
  if (!m) return undefined;
  return { start: from + m.index + m[0].length, triple: m[1] === '"""' };
}

/** Where each run's database error is in the editor, with its message. */
export function queryErrorRanges(
  state: EditorState,
  outcomes: RunOutcome[],
): { from: number; to: number; message: string }[] {
  const doc = state.doc.toString();
  return outcomes.flatMap((o) => {
    const r = o.run?.result;
    if (r?.kind !== "error" || !r.queryPosition) return [];
    const where = queryStart(state, o.block);
    const at = where && queryOffset(doc, where.start, where.triple, r.queryPosition);
    if (at === undefined) return [];
    const word = /^[\w.@*-]+/.exec(doc.slice(at))?.[0].length ?? 1;
    const to = Math.min(doc.length, at + Math.max(1, word));
    return [{ from: at, to, message: `${r.type}: ${r.reason}` }];
  });
}

const setMarks = StateEffect.define<DecorationSet>();

/**
 * The marks, kept apart from the linter's diagnostics (the linter's next pass would replace them)
 * and dropped at the next edit: they belong to the text that ran.
 */
export const queryErrorMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return e.value;
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Marks the runs' query errors in the editor (none clears them). */
export function showQueryErrors(view: EditorView, outcomes: RunOutcome[]): void {
  const ranges = queryErrorRanges(view.state, outcomes);
  const marks = Decoration.set(
    ranges.map((r) =>
      Decoration.mark({ class: "esql-error-mark", attributes: { title: r.message } }).range(
        r.from,
        r.to,
      ),
    ),
    true,
  );
  view.dispatch({ effects: setMarks.of(marks) });
}
