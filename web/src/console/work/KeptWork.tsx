/**
 * The console's Save and Saved buttons and their dialogs: save the selection (or the request at
 * the cursor) under a name; open the saved requests beside the history, run or insert one.
 */
import type { EditorView } from "@codemirror/view";
import { type RefObject, useState } from "react";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { useToasts } from "../../ui/errors.tsx";
import { appendText, blockAtCursor } from "../editor/editor.ts";
import type { useConsoleRun } from "../run/use-console-run.ts";
import { HistoryDialog } from "./HistoryDialog.tsx";
import { SaveQueryDialog } from "./SaveQueryDialog.tsx";
import { SaveRequestDialog } from "./SaveRequestDialog.tsx";

type Run = Pick<ReturnType<typeof useConsoleRun>, "exclusive" | "runBlocks">;

/** What Save keeps: the selected text, else the lines of the request at the cursor. */
async function textToSave(
  v: EditorView,
  parse: (text: string) => Promise<ParsedConsoleRequest[]>,
): Promise<{ text: string; suggested: string } | null> {
  const sel = v.state.selection.main;
  const doc = v.state.doc;
  if (!sel.empty) {
    const text = doc.sliceString(sel.from, sel.to).trim();
    const first = (await parse(text)).find((b) => b.request)?.request;
    return { text, suggested: first ? `${first.method} ${first.path}` : "" };
  }
  const block = blockAtCursor(await parse(doc.toString()), v.state);
  if (!block?.request) return null;
  const from = doc.line(block.startLine + 1).from;
  const to = doc.line(Math.min(doc.lines, block.endLine + 1)).to;
  return {
    text: doc.sliceString(from, to).trim(),
    suggested: `${block.request.method} ${block.request.path}`,
  };
}

/**
 * The Save, Save as… buttons and the dialogs they open, with History's. Long because it is each
 * dialog's few lines of wiring, side by side.
 */
export function useKeptWork(
  connectionId: string,
  view: RefObject<EditorView | null>,
  parse: (text: string) => Promise<ParsedConsoleRequest[]>,
  run: Run,
) {
  const toasts = useToasts();
  const [saving, setSaving] = useState<{ text: string; suggested: string } | null>(null);
  const [savingQuery, setSavingQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const startSave = async (toLibrary = false) => {
    try {
      const what = view.current ? await textToSave(view.current, parse) : null;
      if (!what) {
        toasts.info("Put the cursor on a request, or select the requests to save, then Save.");
        return;
      }
      if (toLibrary) setSavingQuery(what.text);
      else setSaving(what);
    } catch (e) {
      toasts.error(e);
    }
  };
  const insert = (text: string) => {
    if (view.current) appendText(view.current, text);
    setOpen(false);
  };
  const runSaved = (text: string) => {
    setOpen(false);
    void run.exclusive(async () => {
      const blocks = await parse(text);
      await run.runBlocks(blocks);
    });
  };

  const dialogs = (
    <>
      {saving ? (
        <SaveRequestDialog
          connectionId={connectionId}
          text={saving.text}
          suggested={saving.suggested}
          onClose={() => setSaving(null)}
          onSaved={(s) => {
            setSaving(null);
            toasts.success(`Saved as "${s.name}".`);
          }}
        />
      ) : null}
      {savingQuery !== null ? (
        <SaveQueryDialog
          connectionId={connectionId}
          kind="console"
          text={savingQuery}
          onClose={() => setSavingQuery(null)}
          onSaved={(name) => {
            setSavingQuery(null);
            toasts.success(`Saved "${name}" to the library.`);
          }}
        />
      ) : null}
      {open ? (
        <HistoryDialog
          connectionId={connectionId}
          onPick={insert}
          onRun={runSaved}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
  const buttons = (
    <>
      <button
        type="button"
        className="small"
        onClick={() => startSave()}
        title="Save the selection, or the request at the cursor, under a name"
      >
        Save
      </button>
      <button
        type="button"
        className="small"
        onClick={() => startSave(true)}
        title="Save the request at the cursor to the library the grid, the CLI and agents share, {{name}} as parameters"
      >
        Save as…
      </button>
    </>
  );
  return { buttons, dialogs, openSaved: () => setOpen(true) };
}
