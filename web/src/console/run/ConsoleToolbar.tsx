/** The console's toolbar: Run, Run all, Copy as curl, History, the class of the request at the cursor. */
import type { ReactNode } from "react";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { Spinner } from "../../ui/loading.tsx";

export function ConsoleToolbar({
  running,
  busy,
  current,
  onRun,
  onRunAll,
  onCopyCurl,
  onHistory,
  onVariables,
  children,
}: {
  running: boolean;
  /** Running for long enough to say so. */
  busy: boolean;
  current: ParsedConsoleRequest | null;
  onRun: () => void;
  onRunAll: () => void;
  onCopyCurl: () => void;
  onHistory: () => void;
  onVariables: () => void;
  /** More actions, after the built-in ones. */
  children?: ReactNode;
}) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Console actions">
      <h2 className="toolbar-title">Console</h2>
      <button
        type="button"
        className="small primary"
        onClick={onRun}
        disabled={running}
        title="Run the request at the cursor (Ctrl+Enter)"
        aria-keyshortcuts="Control+Enter"
      >
        Run
      </button>
      <button
        type="button"
        className="small"
        onClick={onRunAll}
        disabled={running}
        title="Run every request in order (Ctrl+Shift+Enter)"
        aria-keyshortcuts="Control+Shift+Enter"
      >
        Run all
      </button>
      <button type="button" className="small" onClick={onCopyCurl}>
        Copy as curl
      </button>
      <button type="button" className="small" onClick={onHistory}>
        History
      </button>
      <button type="button" className="small" onClick={onVariables}>
        Variables
      </button>
      {current?.classification ? (
        <span
          className={`class-badge class-${current.classification}`}
          title="How Quarry classifies the request at the cursor"
        >
          {current.classification}
        </span>
      ) : null}
      {children}
      {busy ? <Spinner label="Running…" /> : null}
    </div>
  );
}
