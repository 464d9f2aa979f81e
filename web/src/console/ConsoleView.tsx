/**
 * The console: requests as text (Kibana Dev Tools style, several in one editor), run the one at the
 * cursor or all in order, results as a grid, a table or JSON (the app classifies the response),
 * history, copy as curl, and progress for long tasks such as `_delete_by_query`.
 */
import { forceLinting } from "@codemirror/lint";
import type { EditorView } from "@codemirror/view";
import { useRef, useState } from "react";

import type { ParsedConsoleRequest } from "../api/types.ts";
import { useDelayed } from "../ui/loading.tsx";
import { useCurlPaste } from "./editor/curl-paste.ts";
import { EditorActions } from "./editor/EditorActions.tsx";
import { useConsoleEditor } from "./editor/editor.ts";
import { ConsoleResults } from "./results/ConsoleResults.tsx";
import { ConfirmDialog } from "./run/ConfirmDialog.tsx";
import { ConsoleToolbar } from "./run/ConsoleToolbar.tsx";
import { useConsoleActions } from "./run/use-console-actions.ts";
import { useConsoleRun } from "./run/use-console-run.ts";
import { ConsoleTabBar } from "./work/ConsoleTabBar.tsx";
import { useKeptWork } from "./work/KeptWork.tsx";
import { useConsoleTabs } from "./work/use-console-tabs.ts";
import { VariablesDialog } from "./work/VariablesDialog.tsx";

export function ConsoleView({ connectionId }: { connectionId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const run = useConsoleRun(connectionId);
  const actions = useConsoleActions(connectionId, view, run);
  const [showVariables, setShowVariables] = useState(false);
  const [current, setCurrent] = useState<ParsedConsoleRequest | null>(null);
  const pasteCurl = useCurlPaste(connectionId);
  const tabs = useConsoleTabs(connectionId);
  const kept = useKeptWork(connectionId, view, actions.parse, run);
  useConsoleEditor(
    host,
    view,
    connectionId,
    { ...actions, onCurrent: setCurrent, onText: tabs.setText, pasteCurl },
    tabs.doc,
  );
  // Not while the confirmation waits for the user: nothing runs then.
  const busy = useDelayed(run.running && !run.confirm);

  return (
    <div className="console-view">
      <ConsoleToolbar
        running={run.running}
        busy={busy}
        current={current}
        onRun={actions.runAtCursor}
        onRunAll={actions.runAll}
        onCopyCurl={actions.copyCurl}
        onHistory={kept.openSaved}
        onVariables={() => setShowVariables(true)}
      >
        <EditorActions connectionId={connectionId} view={view} current={current} />
        {kept.buttons}
      </ConsoleToolbar>
      <ConsoleTabBar tabs={tabs} />
      <div className="console-split">
        <div className="console-editor" ref={host} />
        <ConsoleResults
          connectionId={connectionId}
          outcomes={run.outcomes}
          running={run.running}
          job={run.job}
          cancelling={run.cancelling}
          onCancel={run.cancelRunning}
        />
      </div>
      {run.confirm ? (
        <ConfirmDialog
          connectionId={connectionId}
          blocks={run.confirm.blocks}
          onAnswer={run.answerConfirm}
        />
      ) : null}
      {showVariables ? (
        <VariablesDialog
          connectionId={connectionId}
          onSaved={() => view.current && forceLinting(view.current)}
          onClose={() => setShowVariables(false)}
        />
      ) : null}
      {kept.dialogs}
    </div>
  );
}
