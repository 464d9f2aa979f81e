/**
 * What the console's buttons and keys do with the editor's text: parse it (marking errors), run
 * the request at the cursor or all of them, copy the one at the cursor as curl.
 */
import { setDiagnostics } from "@codemirror/lint";
import type { EditorView } from "@codemirror/view";
import { type RefObject, useCallback } from "react";
import { call, ui } from "../../api/client.ts";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { copyText } from "../../ui/clipboard.ts";
import { useToasts } from "../../ui/errors.tsx";
import { blockAtCursor, diagnosticsOf } from "../editor/editor.ts";
import { showQueryErrors } from "../esql/mark.ts";
import type { RunOutcome, useConsoleRun } from "./use-console-run.ts";

export function useConsoleActions(
  connectionId: string,
  view: RefObject<EditorView | null>,
  { exclusive, runBlocks }: Pick<ReturnType<typeof useConsoleRun>, "exclusive" | "runBlocks">,
) {
  const toasts = useToasts();
  const parse = useCallback(
    async (text: string): Promise<ParsedConsoleRequest[]> =>
      call(ui.connections[":id"].console.parse.$post, {
        param: { id: connectionId },
        json: { text },
      }),
    [connectionId],
  );

  /** Blocks as the app parsed them, with errors shown in the editor. */
  const parseAndMark = useCallback(async (): Promise<ParsedConsoleRequest[]> => {
    const v = view.current!;
    const blocks = await parse(v.state.doc.toString());
    v.dispatch(setDiagnostics(v.state, diagnosticsOf(v.state, blocks)));
    return blocks;
  }, [parse, view]);

  /** A query's error marked where the database found it (web/src/console/esql/mark.ts). */
  const markRun = useCallback(
    (outcomes: RunOutcome[]) => {
      if (view.current) showQueryErrors(view.current, outcomes);
    },
    [view],
  );

  const runAtCursor = useCallback(
    () =>
      exclusive(async () => {
        const blocks = await parseAndMark();
        const block = blockAtCursor(blocks, view.current!.state);
        if (!block) {
          toasts.info("Put the cursor on a request (a line like GET /my-index/_search) to run it.");
          return;
        }
        markRun(await runBlocks([block]));
      }),
    [exclusive, parseAndMark, runBlocks, toasts, view, markRun],
  );

  const runAll = useCallback(
    () =>
      exclusive(async () => {
        const blocks = await parseAndMark();
        markRun(await runBlocks(blocks));
      }),
    [exclusive, parseAndMark, runBlocks, markRun],
  );

  const copyCurl = async () => {
    try {
      const block = blockAtCursor(await parseAndMark(), view.current!.state);
      if (!block?.request) {
        toasts.info("Put the cursor on a valid request to copy it as curl.");
        return;
      }
      const { curl } = await call(ui.connections[":id"].console.curl.$post, {
        param: { id: connectionId },
        json: { request: block.request },
      });
      await copyText(curl);
      toasts.success("Copied as curl (credentials redacted).");
    } catch (e) {
      toasts.error(e);
    }
  };

  return { parse, runAtCursor, runAll, copyCurl };
}
