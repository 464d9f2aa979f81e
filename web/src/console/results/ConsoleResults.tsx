/** The console's results: the running task's progress, then one section per request run. */
import type { ConsoleRun, JobView } from "../../api/types.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { ProgressBar } from "../../ui/progress.tsx";
import { QueryResult, queryTableOf } from "../esql/QueryResult.tsx";
import type { RunOutcome } from "../run/use-console-run.ts";
import { ResultView, taskCounts } from "./ResultView.tsx";

/** How far a cancelled task got: what it did before it stopped stays done on the cluster. */
function cancelledText(run: ConsoleRun | undefined): string {
  const task = run?.result.kind === "json" ? run.result.task : undefined;
  if (!task)
    return "Cancelled. The cluster may have started the request: check before running it again.";
  return `Cancelled: the task stopped after ${taskCounts(task)}; that much stays done.`;
}

/** A piped query's table has its own view (web/src/console/esql); every other answer, the console's. */
function RunView({ run, connectionId }: { run: ConsoleRun; connectionId: string }) {
  const table = queryTableOf(run);
  return table ? (
    <QueryResult run={run} table={table} connectionId={connectionId} />
  ) : (
    <ResultView run={run} />
  );
}

function OutcomeView({ outcome: o, connectionId }: { outcome: RunOutcome; connectionId: string }) {
  return (
    <section className="console-result" data-testid="console-result">
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
      {o.run ? <RunView run={o.run} connectionId={connectionId} /> : null}
    </section>
  );
}

export function ConsoleResults({
  connectionId,
  outcomes,
  running,
  job,
  cancelling,
  onCancel,
}: {
  connectionId: string;
  outcomes: RunOutcome[];
  running: boolean;
  job: JobView | null;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <section className="console-results" aria-label="Results" data-testid="console-results">
      {job ? (
        <ProgressBar
          label={job.label}
          progress={job.progress}
          onCancel={onCancel}
          cancelling={cancelling}
        />
      ) : null}
      {outcomes.length === 0 && !running ? <p className="muted pad">Results appear here.</p> : null}
      {outcomes.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one result per request, in run order
        <OutcomeView key={i} outcome={o} connectionId={connectionId} />
      ))}
    </section>
  );
}
