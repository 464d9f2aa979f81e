/**
 * The console: requests as text (Kibana Dev Tools style, several in one editor), run the one at the
 * cursor or all in order, results as a grid, a table or JSON (the app classifies the response),
 * history, copy as curl, and progress for long tasks such as `_delete_by_query`.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { useCallback, useEffect, useRef, useState } from "react";
import { get, post, seg, toApiError } from "../api/client.ts";
import type {
  ConsoleRequest,
  ConsoleRun,
  HistoryEntry,
  JobView,
  ParsedConsoleRequest,
} from "../api/types.ts";
import { announceDataChanged } from "../shell/data-changed.ts";
import { copyText } from "../ui/clipboard.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { cancelJob, followJob, jobError } from "../ui/jobs.ts";
import { Loading, Spinner, useDelayed, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ProgressBar } from "../ui/progress.tsx";
import { consoleLanguage } from "./console-language.ts";
import { takePrefill } from "./prefill.ts";
import { ResultView, taskCounts } from "./ResultView.tsx";

const STARTER = `# Requests in the Kibana Dev Tools style: a method and a path, then an optional JSON body.
# Ctrl+Enter runs the request at the cursor; Ctrl+Shift+Enter runs them all.
GET /_cat/indices?format=json

GET /_search
{
  "query": { "match_all": {} },
  "size": 10
}
`;

type RunOutcome = {
  block: ParsedConsoleRequest;
  run?: ConsoleRun;
  error?: unknown;
  /** The request ran as a job that was cancelled; `run` holds how far it got, when known. */
  cancelled?: boolean;
};

export type RunAnswer =
  | { kind: "run"; run: ConsoleRun }
  | { kind: "job"; job: JobView<ConsoleRun> };

export function ConsoleView({ connectionId }: { connectionId: string }) {
  const toasts = useToasts();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [outcomes, setOutcomes] = useState<RunOutcome[]>([]);
  // From the press of Run (before the text is parsed) to the last answer: Run is disabled and,
  // after 200 ms, "Running…" shows. The ref guards the keyboard shortcuts, which skip the button.
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const [job, setJob] = useState<JobView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [confirm, setConfirm] = useState<{
    blocks: ParsedConsoleRequest[];
    resolve: (ok: boolean) => void;
  } | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [current, setCurrent] = useState<ParsedConsoleRequest | null>(null);
  // Not while the confirmation waits for the user: nothing runs then.
  const busy = useDelayed(running && !confirm);
  const base = `/connections/${seg(connectionId)}/console`;
  const textKey = `quarry.console.text.${connectionId}`;

  const parse = useCallback(
    async (text: string): Promise<ParsedConsoleRequest[]> =>
      post<ParsedConsoleRequest[]>(`${base}/parse`, { text }),
    [base],
  );

  /** Blocks as the app parsed them, with errors shown in the editor. */
  const parseAndMark = useCallback(async (): Promise<ParsedConsoleRequest[]> => {
    const v = view.current!;
    const blocks = await parse(v.state.doc.toString());
    v.dispatch(setDiagnostics(v.state, diagnosticsOf(v.state, blocks)));
    return blocks;
  }, [parse]);

  const askConfirm = useCallback(
    (blocks: ParsedConsoleRequest[]) =>
      new Promise<boolean>((resolve) => setConfirm({ blocks, resolve })),
    [],
  );

  const runBlocks = useCallback(
    async (blocks: ParsedConsoleRequest[]) => {
      if (blocks.length === 0) return;
      const destructive = blocks.filter((b) => b.classification === "destructive");
      if (destructive.length > 0 && !(await askConfirm(destructive))) return;
      setOutcomes([]);
      const out: RunOutcome[] = [];
      for (const [i, block] of blocks.entries()) {
        if (!block.request) {
          out.push({ block, error: block.error });
          setOutcomes([...out]);
          continue;
        }
        let outcome: RunOutcome;
        try {
          const answer = await post<RunAnswer>(`${base}/run`, { request: block.request });
          outcome =
            answer.kind === "run"
              ? { block, run: answer.run }
              : jobOutcome(block, await followJob(answer.job, (j) => setJob(j)));
        } catch (e) {
          outcome = { block, error: e };
        } finally {
          setJob(null);
          setCancelling(false);
        }
        out.push(outcome);
        setOutcomes([...out]);
        const left = blocks.length - i - 1;
        const result = outcome.run?.result;
        const partly =
          result?.kind === "json" &&
          (result.task?.outcome === "stopped" || result.itemFailures !== undefined);
        if ((outcome.cancelled || partly) && left > 0) {
          // The requests after a cancelled (or stopped, or partly failed) one may rely on it:
          // stop rather than run them anyway.
          const which = outcome.cancelled ? "cancelled" : "partly failed";
          toasts.info(
            left === 1
              ? `Stopped: the request after the ${which} one was not run.`
              : `Stopped: the ${left} requests after the ${which} one were not run.`,
          );
          break;
        }
      }
      // What a write may have changed (document counts in the sidebar) is loaded again, also
      // after a failure or a cancel: part of it may have been done.
      if (out.some((o) => o.block.request && o.block.classification !== "read"))
        announceDataChanged(connectionId);
    },
    [base, askConfirm, toasts, connectionId],
  );

  const cancelRunning = async () => {
    if (!job) return;
    setCancelling(true);
    try {
      await cancelJob(job);
    } catch (e) {
      setCancelling(false);
      toasts.error(e);
    }
  };

  /** Runs `work` as the console's one run at a time, busy from the first moment. */
  const exclusive = useCallback(
    async (work: () => Promise<void>) => {
      if (runningRef.current) return;
      runningRef.current = true;
      setRunning(true);
      try {
        await work();
      } catch (e) {
        toasts.error(e);
      } finally {
        runningRef.current = false;
        setRunning(false);
      }
    },
    [toasts],
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
        await runBlocks([block]);
      }),
    [exclusive, parseAndMark, runBlocks, toasts],
  );

  const runAll = useCallback(
    () => exclusive(async () => runBlocks(await parseAndMark())),
    [exclusive, parseAndMark, runBlocks],
  );

  const copyCurl = async () => {
    try {
      const block = blockAtCursor(await parseAndMark(), view.current!.state);
      if (!block?.request) {
        toasts.info("Put the cursor on a valid request to copy it as curl.");
        return;
      }
      const { curl } = await post<{ curl: string }>(`${base}/curl`, { request: block.request });
      await copyText(curl);
      toasts.success("Copied as curl (credentials redacted).");
    } catch (e) {
      toasts.error(e);
    }
  };

  const runRef = useRef({ runAtCursor, runAll });
  runRef.current = { runAtCursor, runAll };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per connection
  useEffect(() => {
    const initial = takePrefill(connectionId) ?? localStorage.getItem(textKey) ?? STARTER;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          consoleLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          linter(
            async (view) => {
              try {
                const blocks = await parse(view.state.doc.toString());
                setCurrent(blockAtCursor(blocks, view.state) ?? null);
                return diagnosticsOf(view.state, blocks);
              } catch (e) {
                const err = toApiError(e);
                return [
                  { from: 0, to: 0, severity: "warning", message: `${err.message} ${err.remedy}` },
                ];
              }
            },
            { delay: 300 },
          ),
          Prec.highest(
            keymap.of([
              {
                key: "Mod-Enter",
                run: () => {
                  runRef.current.runAtCursor();
                  return true;
                },
              },
              {
                key: "Mod-Shift-Enter",
                run: () => {
                  runRef.current.runAll();
                  return true;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ "aria-label": "Console requests" }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) localStorage.setItem(textKey, u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    v.focus();
    return () => v.destroy();
  }, [connectionId]);

  const insert = (text: string) => {
    const v = view.current;
    if (!v) return;
    const end = v.state.doc.length;
    const prefix = end > 0 && !v.state.doc.toString().endsWith("\n\n") ? "\n\n" : "";
    v.dispatch({
      changes: { from: end, insert: `${prefix}${text}\n` },
      selection: { anchor: end + prefix.length },
    });
    v.focus();
    setShowHistory(false);
  };

  return (
    <div className="console-view">
      <div className="toolbar" role="toolbar" aria-label="Console actions">
        <h2 className="toolbar-title">Console</h2>
        <button
          type="button"
          className="small primary"
          onClick={runAtCursor}
          disabled={running}
          title="Run the request at the cursor (Ctrl+Enter)"
          aria-keyshortcuts="Control+Enter"
        >
          Run
        </button>
        <button
          type="button"
          className="small"
          onClick={runAll}
          disabled={running}
          title="Run every request in order (Ctrl+Shift+Enter)"
          aria-keyshortcuts="Control+Shift+Enter"
        >
          Run all
        </button>
        <button type="button" className="small" onClick={copyCurl}>
          Copy as curl
        </button>
        <button type="button" className="small" onClick={() => setShowHistory(true)}>
          History
        </button>
        {current?.classification ? (
          <span
            className={`class-badge class-${current.classification}`}
            title="How Quarry classifies the request at the cursor"
          >
            {current.classification}
          </span>
        ) : null}
        {busy ? <Spinner label="Running…" /> : null}
      </div>
      <div className="console-split">
        <div className="console-editor" ref={host} />
        <section className="console-results" aria-label="Results" data-testid="console-results">
          {job ? (
            <ProgressBar
              label={job.label}
              progress={job.progress}
              onCancel={cancelRunning}
              cancelling={cancelling}
            />
          ) : null}
          {outcomes.length === 0 && !running ? (
            <p className="muted pad">Results appear here.</p>
          ) : null}
          {outcomes.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one result per request, in run order
            <section key={i} className="console-result" data-testid="console-result">
              <header className="result-header">
                <code>
                  {o.block.request
                    ? `${o.block.request.method} ${o.block.request.path}`
                    : `line ${o.block.startLine + 1}`}
                </code>
                {o.run ? (
                  <span className={`status status-${Math.floor(o.run.result.status / 100)}xx`}>
                    {o.run.result.status} · {o.run.durationMs} ms
                  </span>
                ) : null}
              </header>
              {o.cancelled ? (
                <p className="hint" role="status" data-testid="task-cancelled">
                  {cancelledText(o.run)}
                </p>
              ) : null}
              {o.error ? <ErrorNote error={o.error} /> : null}
              {o.run ? <ResultView run={o.run} /> : null}
            </section>
          ))}
        </section>
      </div>
      {confirm ? (
        <Modal
          title="Run a destructive request?"
          onClose={() => {
            confirm.resolve(false);
            setConfirm(null);
          }}
          footer={
            <>
              <button
                type="button"
                onClick={() => {
                  confirm.resolve(false);
                  setConfirm(null);
                }}
              >
                Cancel
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  confirm.resolve(true);
                  setConfirm(null);
                }}
              >
                Run
              </button>
            </>
          }
        >
          <p>
            {confirm.blocks.length === 1
              ? "This request deletes data and cannot be undone:"
              : "These requests delete data and cannot be undone:"}
          </p>
          <pre className="request-preview" data-testid="confirm-requests">
            {confirm.blocks.map((b) => (b.request ? requestText(b.request) : "")).join("\n\n")}
          </pre>
        </Modal>
      ) : null}
      {showHistory ? (
        <HistoryDialog base={base} onPick={insert} onClose={() => setShowHistory(false)} />
      ) : null}
    </div>
  );
}

/**
 * The request the cursor is in, or on a blank or comment line after one, the request above it:
 * Run, Copy as curl and the classification badge all act on this one.
 */
function blockAtCursor(
  blocks: ParsedConsoleRequest[],
  state: EditorState,
): ParsedConsoleRequest | undefined {
  const line = state.doc.lineAt(state.selection.main.head).number - 1;
  return (
    blocks.find((b) => line >= b.startLine && line <= b.endLine) ??
    blocks.findLast((b) => b.startLine <= line)
  );
}

/** What a job's ending means for the request it ran. */
function jobOutcome(block: ParsedConsoleRequest, end: JobView<ConsoleRun>): RunOutcome {
  if (end.state === "done") return { block, run: end.result! };
  if (end.state === "cancelled")
    return { block, cancelled: true, ...(end.result ? { run: end.result } : {}) };
  return { block, error: jobError(end) };
}

/** How far a cancelled task got: what it did before it stopped stays done on the cluster. */
function cancelledText(run: ConsoleRun | undefined): string {
  const task = run?.result.kind === "json" ? run.result.task : undefined;
  if (!task)
    return "Cancelled. The cluster may have started the request: check before running it again.";
  return `Cancelled: the task stopped after ${taskCounts(task)}; that much stays done.`;
}

function diagnosticsOf(state: EditorState, blocks: ParsedConsoleRequest[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of blocks) {
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

function HistoryDialog({
  base,
  onPick,
  onClose,
}: {
  base: string;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const entries = useLoad((signal) => get<HistoryEntry[]>(`${base}/history`, { signal }), [base]);
  return (
    <Modal title="History" onClose={onClose} wide>
      <Loading active={entries.loading} label="Loading history…" />
      <ErrorNote error={entries.error} />
      {entries.data?.length === 0 ? (
        <p className="muted">No requests run on this connection yet.</p>
      ) : null}
      <ul className="history-list">
        {entries.data?.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only and shown newest first
          <li key={i}>
            <button
              type="button"
              className="history-item"
              onClick={() => onPick(requestText(h.request))}
            >
              <code>
                {h.request.method} {h.request.path}
              </code>
              <span className="muted">
                {h.status ?? "—"} · {new Date(h.at).toLocaleString()}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** A request as console text: the method and path, then its body (as the driver's consoleText). */
function requestText(request: ConsoleRequest): string {
  const head = `${request.method} ${request.path}`;
  if (request.body === undefined) return head;
  const body =
    typeof request.body === "string"
      ? request.body.trimEnd()
      : JSON.stringify(request.body, null, 2);
  return `${head}\n${body}`;
}
