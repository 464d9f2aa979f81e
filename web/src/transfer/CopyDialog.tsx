/**
 * Copy to…: an index's mapping, settings and documents into another index, on this connection or
 * any other saved one. The dialog checks the target as it is chosen and says what will happen
 * (created, added to, or refused until Append or Overwrite is chosen, Overwrite confirmed by the
 * target's name), then runs the copy as a job with progress and Cancel, and ends with the count
 * check and every document that failed, or the error and what to do. The source is only read.
 */
import { useEffect, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ConnectionView, CopyCheck, CopyMode } from "../api/types.ts";
import { navigate } from "../navigation/route.ts";
import { BatchSize } from "../ui/BatchSize.tsx";
import { DialogFooter, jobDismiss } from "../ui/dialog-footer.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { JobProgress } from "../ui/progress.tsx";
import { type Job, useJob } from "../ui/use-job.ts";
import { CopyTarget } from "./CopyTarget.tsx";
import { CopyReportView } from "./TransferReport.tsx";
import "./transfer.css";

interface Target {
  to: string;
  table: string;
}

/** The target as typed, once it has stayed the same for a moment (each change is a check). */
function useSettled(value: Target, ms = 300): Target {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The app's check of the target as chosen; `current` only while it answers for the target shown
 * (not for one typed before), `pending` while a check is due or under way.
 */
function useCopyCheck(connectionId: string, table: string, target: Target) {
  const settled = useSettled(target);
  const check = useLoad(
    (signal) =>
      settled.table.trim()
        ? call(
            ui.connections[":id"].tables[":table"]["copy-check"].$get,
            {
              param: { id: connectionId, table },
              query: { to: settled.to, table: settled.table.trim() },
            },
            signal,
          )
        : Promise.resolve(undefined),
    [settled.to, settled.table],
  );
  const current =
    check.data &&
    !check.loading &&
    settled.to === target.to &&
    settled.table === target.table &&
    check.data.target.table === target.table.trim()
      ? check.data
      : null;
  return { check, current, pending: check.loading || target !== settled };
}

export function CopyDialog({
  connectionId,
  table,
  onClose,
}: {
  connectionId: string;
  table: string;
  /** With the target's connection id when the copy wrote to it. */
  onClose: (wroteTo?: string) => void;
}) {
  const connections = useLoad((signal) => call(ui.connections.$get, {}, signal), []);
  const [target, setTarget] = useState<Target>({ to: connectionId, table });
  const [mode, setMode] = useState<CopyMode>("new");
  const [typed, setTyped] = useState("");
  const [batch, setBatch] = useState("");
  const { check, current, pending } = useCopyCheck(connectionId, table, target);
  const job = useJob<"copy">();
  const close = () => {
    job.abandon();
    onClose(job.job ? target.to : undefined);
  };
  const ready = canCopy(current, mode, typed) && !job.busy && !job.done;
  const start = () =>
    job.start(() =>
      call(ui.connections[":id"].tables[":table"].copy.$post, {
        param: { id: connectionId, table },
        json: {
          to: target.to,
          table: target.table.trim(),
          mode: current?.target.records ? mode : "new",
          ...(mode === "overwrite" ? { confirm: typed } : {}),
          ...(batch.trim() ? { batchSize: Number(batch) } : {}),
        },
      }),
    );
  const choose = (patch: Partial<Target>) => {
    setTarget((t) => ({ ...t, ...patch }));
    setMode("new");
    setTyped("");
  };

  return (
    <Modal
      title={`Copy ${table} to…`}
      onClose={close}
      wide
      footer={<CopyFooter job={job} ready={ready} mode={mode} onStart={start} onClose={close} />}
    >
      <CopyFields
        connections={connections.data ?? []}
        connectionId={connectionId}
        target={target}
        onChange={choose}
        batch={batch}
        onBatch={setBatch}
        disabled={job.busy}
      />
      <ErrorNote error={connections.error} />
      <Loading active={pending} label="Checking the target…" />
      <ErrorNote error={check.error} />
      {current && !job.done ? (
        <>
          <p className="hint">
            The source holds {(current.source.records ?? 0).toLocaleString("en-US")} documents; it
            is only read.
          </p>
          <CopyTarget
            check={current}
            mode={mode}
            onMode={setMode}
            typed={typed}
            onTyped={setTyped}
            disabled={job.busy || !!job.done}
          />
        </>
      ) : null}
      <CopyOutcome job={job} onCompare={() => compareCopy(connectionId, table, target, close)} />
    </Modal>
  );
}

function CopyFields({
  connections,
  connectionId,
  target,
  onChange,
  batch,
  onBatch,
  disabled,
}: {
  connections: ConnectionView[];
  connectionId: string;
  target: Target;
  onChange: (patch: Partial<Target>) => void;
  batch: string;
  onBatch: (b: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="transfer-fields">
      <label className="field">
        <span>Target connection</span>
        <select
          value={target.to}
          onChange={(e) => onChange({ to: e.target.value })}
          disabled={disabled}
        >
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.id === connectionId ? " (this connection)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="field grow">
        <span>Target index</span>
        <input
          value={target.table}
          onChange={(e) => onChange({ table: e.target.value })}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
        />
      </label>
      <BatchSize
        className="transfer-advanced"
        label="Documents per batch"
        placeholder="1000"
        value={batch}
        onChange={onBatch}
        hint="Each read and each write holds this many; fewer for large documents."
        disabled={disabled}
      />
    </div>
  );
}

/** Whether the check allows the copy as chosen. */
function canCopy(check: CopyCheck | null, mode: CopyMode, typed: string): boolean {
  if (!check || check.refusal) return false;
  if (check.create && check.create.blockers.length > 0) return false;
  if (!check.target.records) return true;
  if (mode === "append") return true;
  return mode === "overwrite" && typed === check.target.table;
}

function CopyFooter({
  job,
  ready,
  mode,
  onStart,
  onClose,
}: {
  job: Job<"copy">;
  ready: boolean;
  mode: CopyMode;
  onStart: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFooter
      {...jobDismiss(job, "Cancel copy", onClose)}
      action={mode === "overwrite" ? "Overwrite and copy" : "Copy"}
      onAction={job.done ? undefined : onStart}
      actionDisabled={!ready}
      tone={mode === "overwrite" ? "danger" : "primary"}
    />
  );
}

/** After a copy: the Compare page on the source and its copy (the dialog closes first). */
function compareCopy(connectionId: string, table: string, target: Target, close: () => void) {
  close();
  navigate({
    screen: "compare",
    left: { connection: connectionId, table },
    right: { connection: target.to, table: target.table.trim() },
  });
}

function CopyOutcome({ job, onCompare }: { job: Job<"copy">; onCompare: () => void }) {
  return (
    <>
      <JobProgress job={job} starting="Starting the copy…" />
      {job.done ? <CopyReportView report={job.done} /> : null}
      {job.done ? (
        <button type="button" className="small" onClick={onCompare} data-testid="copy-compare">
          Compare source and copy
        </button>
      ) : null}
      <ErrorNote error={job.error ?? job.cancelled} />
    </>
  );
}
