/**
 * The Compare page: two indices (or two clusters) side by side, the differences grouped and
 * filterable, a differing document opened on both sides as a field diff. Reached from an index's
 * page, from Copy to…'s result and from the connection chooser; the comparison runs as a job
 * (progress, Cancel) and is the same as `quarry compare`.
 */
import { useEffect, useMemo, useState } from "react";
import { call, ui } from "../api/client.ts";
import type {
  CompareDocumentAnswer,
  CompareJobResult,
  ConnectionView,
  JobView,
} from "../api/types.ts";
import { type CompareSide, navigate, type Route } from "../navigation/route.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { cancelJob, followJob, jobError } from "../ui/jobs.ts";
import { Loading, useLoad } from "../ui/loading.tsx";
import { ProgressBar } from "../ui/progress.tsx";
import { DiffTable, FieldDiffView } from "./DiffTable.tsx";
import "./compare.css";

type Page = Extract<Route, { screen: "compare" }>;

function SidePicker({
  label,
  side,
  connections,
  onChange,
}: {
  label: string;
  side: CompareSide | undefined;
  connections: ConnectionView[];
  onChange: (s: CompareSide | undefined) => void;
}) {
  return (
    <fieldset className="compare-side">
      <legend>{label}</legend>
      <label>
        Connection
        <select
          aria-label={`${label} connection`}
          value={side?.connection ?? ""}
          onChange={(e) =>
            onChange(e.target.value ? { ...side, connection: e.target.value } : undefined)
          }
        >
          <option value="">Choose…</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Index (empty: the whole cluster)
        <input
          aria-label={`${label} index`}
          value={side?.table ?? ""}
          disabled={!side}
          onChange={(e) =>
            side &&
            onChange({
              connection: side.connection,
              ...(e.target.value.trim() ? { table: e.target.value.trim() } : {}),
            })
          }
        />
      </label>
    </fieldset>
  );
}

function useCompareJob() {
  const [job, setJob] = useState<JobView<"compare"> | null>(null);
  const [result, setResult] = useState<CompareJobResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (left: CompareSide, right: CompareSide, documents: boolean) => {
    setError(null);
    setResult(null);
    try {
      const started = await call(ui.compare.$post, {
        json: { left, right, ...(documents && left.table ? { documents: true } : {}) },
      });
      const end = await followJob(started, setJob);
      if (end.state === "done" && end.result) setResult(end.result);
      else setError(jobError(end));
    } catch (e) {
      setError(e);
    }
  };
  const cancel = () => (job?.state === "running" ? cancelJob(job).catch(setError) : undefined);
  return { job, result, error, run, cancel, running: job?.state === "running" };
}

/** The rows of one group, or holding a text in their key or values. */
function useRowFilter(rows: CompareJobResult["rows"]) {
  const [group, setGroup] = useState("");
  const [text, setText] = useState("");
  const groups = useMemo(() => [...new Set(rows.map((r) => r.group))], [rows]);
  const t = text.toLowerCase();
  const shown = rows.filter(
    (r) =>
      (!group || r.group === group) &&
      (!t || `${r.key} ${r.left ?? ""} ${r.right ?? ""}`.toLowerCase().includes(t)),
  );
  return { group, setGroup, text, setText, groups, shown };
}

/** One differing document, read on both sides (Open both). */
function useOpenedDocument(left: CompareSide | undefined, right: CompareSide | undefined) {
  const [opened, setOpened] = useState<CompareDocumentAnswer | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  const open = async (id: string) => {
    if (!left || !right) return;
    setOpenError(null);
    try {
      setOpened(await call(ui.compare.document.$post, { json: { left, right, id } }));
    } catch (e) {
      setOpenError(e);
    }
  };
  return { opened, setOpened, openError, open };
}

function CompareActions(props: {
  documents: boolean;
  onDocuments: (v: boolean) => void;
  canDocuments: boolean;
  ready: boolean;
  job: ReturnType<typeof useCompareJob>;
  onRun: () => void;
}) {
  const { job } = props;
  return (
    <div className="compare-actions">
      <label>
        <input
          type="checkbox"
          checked={props.documents}
          disabled={!props.canDocuments}
          onChange={(e) => props.onDocuments(e.target.checked)}
        />
        Documents too
      </label>
      <button
        type="button"
        className="primary"
        disabled={!props.ready || job.running}
        onClick={props.onRun}
      >
        Compare
      </button>
      {job.running ? (
        <button type="button" onClick={job.cancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

export function ComparePage({ route }: { route: Page }) {
  const connections = useLoad((signal) => call(ui.connections.$get, {}, signal), []);
  const [documents, setDocuments] = useState(true);
  const job = useCompareJob();
  const { left, right } = route;
  const ready = !!left && !!right && !!left.table === !!right.table;
  const set = (patch: Partial<Pick<Page, "left" | "right">>) => navigate({ ...route, ...patch });
  const { opened, setOpened, openError, open } = useOpenedDocument(left, right);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pair of sides closes the document
  useEffect(
    () => setOpened(null),
    [left?.connection, left?.table, right?.connection, right?.table],
  );

  const { group, setGroup, text, setText, groups, shown } = useRowFilter(job.result?.rows ?? []);
  return (
    <div className="compare-page" data-testid="compare-page">
      <h2>Compare</h2>
      <div className="compare-sides">
        <SidePicker
          label="Left"
          side={left}
          connections={connections.data ?? []}
          onChange={(s) => set({ left: s })}
        />
        <SidePicker
          label="Right"
          side={right}
          connections={connections.data ?? []}
          onChange={(s) => set({ right: s })}
        />
      </div>
      <ErrorNote error={connections.error} />
      <CompareActions
        documents={documents}
        onDocuments={setDocuments}
        canDocuments={!!left?.table}
        ready={ready}
        job={job}
        onRun={() => left && right && job.run(left, right, documents)}
      />
      {left && right && !!left.table !== !!right.table ? (
        <p className="hint">Pick an index on both sides, or none to compare the clusters.</p>
      ) : null}
      {job.running && job.job ? (
        <ProgressBar label={job.job.label} progress={job.job.progress} />
      ) : null}
      <ErrorNote error={job.error} />
      {job.result ? (
        <CompareResult
          result={job.result}
          groups={groups}
          group={group}
          onGroup={setGroup}
          text={text}
          onText={setText}
          rows={shown}
          onOpen={left?.table ? open : undefined}
        />
      ) : null}
      <ErrorNote error={openError} />
      {opened ? <FieldDiffView answer={opened} onClose={() => setOpened(null)} /> : null}
      <Loading active={connections.loading} label="Loading connections…" />
    </div>
  );
}

function CompareResult(props: {
  result: CompareJobResult;
  groups: string[];
  group: string;
  onGroup: (g: string) => void;
  text: string;
  onText: (t: string) => void;
  rows: CompareJobResult["rows"];
  onOpen: ((id: string) => void) | undefined;
}) {
  const { result: r } = props;
  const d = r.documents;
  return (
    <section className="card compare-result" aria-label="Differences">
      <p data-testid="compare-summary" className={r.equal ? "compare-equal" : "compare-differ"}>
        {r.equal
          ? "No differences"
          : `${r.rows.length} difference${r.rows.length === 1 ? "" : "s"}`}{" "}
        between <strong>{r.left}</strong> and <strong>{r.right}</strong>
      </p>
      {d ? (
        <p data-testid="compare-documents">
          Documents: {d.compared.toLocaleString("en-US")} compared, {d.same.toLocaleString("en-US")}{" "}
          same, {d.changed} differ, {d.onlyLeft} only left, {d.onlyRight} only right
          {d.whole ? "" : " (a sample)"}
          {d.cut ? "; more differences counted than listed" : ""}
        </p>
      ) : null}
      {r.notes.map((n) => (
        <p key={n} className="hint">
          {n}
        </p>
      ))}
      <div className="compare-filters">
        <select
          aria-label="Group"
          value={props.group}
          onChange={(e) => props.onGroup(e.target.value)}
        >
          <option value="">All groups</option>
          {props.groups.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        <input
          aria-label="Filter differences"
          placeholder="Filter…"
          value={props.text}
          onChange={(e) => props.onText(e.target.value)}
        />
      </div>
      <DiffTable rows={props.rows} onOpen={props.onOpen} />
    </section>
  );
}
