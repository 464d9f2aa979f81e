/**
 * Import: a local file of documents into an index (an existing one, or a new one named here). The
 * file is sent to the app, which shows its first records as the import will read them before
 * anything is written; then the import runs as a job (the same as `quarry import`) with progress
 * and Cancel, and ends with the counts and every line not imported, by number, with the reason.
 */
import { useEffect, useRef, useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ImportInput, ImportPreview, UploadAnswer } from "../api/types.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { type Job, useJob } from "../ui/use-job.ts";
import { CreatePlan, useCreateConfirm } from "./CreatePlan.tsx";
import { PreviewTable } from "./PreviewTable.tsx";
import { ImportProgress, ImportReportView } from "./TransferReport.tsx";
import { removeUpload, uploadFile } from "./upload.ts";
import "./transfer.css";
import { type Choice, RadioChoices } from "../ui/RadioChoices.tsx";

type Mode = "create" | "index" | "update";

const MODES: Choice<Mode>[] = [
  { value: "create", label: "Create", hint: "only new _ids; an _id the index holds is reported" },
  { value: "index", label: "Index", hint: "new documents, and replace those with the same _id" },
  { value: "update", label: "Update", hint: "change documents the index holds, by _id" },
];

/** The file picked, sent to the app as soon as it is picked. */
function useUpload() {
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const held = useRef<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (held.current) void removeUpload(held.current);
    held.current = null;
    setUpload(null);
    setError(null);
    if (!file) return;
    setSending(true);
    try {
      const got = await uploadFile(file);
      held.current = got.uploadId;
      setUpload(got);
    } catch (e) {
      setError(e);
    } finally {
      setSending(false);
    }
  };
  /** The app removes the file once an import of it ends; else the dialog does on close. */
  const release = () => {
    if (held.current) void removeUpload(held.current);
    held.current = null;
  };
  const consumed = () => {
    held.current = null;
  };
  return { upload, sending, error, pick, release, consumed };
}

export function ImportDialog({
  connectionId,
  table: fixed,
  onClose,
}: {
  connectionId: string;
  /** The index to import into; none: a new index, named in the dialog. */
  table?: string;
  /** With whether an import ran (and may have written). */
  onClose: (wrote: boolean) => void;
}) {
  const file = useUpload();
  const [name, setName] = useState(fixed ?? "");
  const [settledName, setSettledName] = useState(name);
  useEffect(() => {
    const t = setTimeout(() => setSettledName(name.trim()), 300);
    return () => clearTimeout(t);
  }, [name]);
  const [mode, setMode] = useState<Mode>("create");
  const job = useJob<"import">();
  const uploadId = file.upload?.uploadId;
  const preview = useLoad(
    (signal) =>
      uploadId
        ? call(
            ui.connections[":id"]["import-preview"].$post,
            { param: { id: connectionId }, json: { uploadId, table: settledName } },
            signal,
          )
        : Promise.resolve(undefined),
    [uploadId, settledName],
  );
  const close = () => {
    job.abandon();
    if (!job.job) file.release();
    onClose(!!job.job);
  };
  const table = name.trim();
  const plan = useCreateConfirm(preview.data?.create, table === settledName);
  const ready = !!uploadId && !!preview.data && !!table && plan.confirmed && !job.busy && !job.done;
  const start = () => {
    if (!uploadId) return;
    file.consumed();
    const fields = plan.create ? { createFields: plan.create.fields } : {};
    void job.start(startImport(connectionId, table, { uploadId, mode, ...fields }));
  };
  return (
    <Modal
      title={fixed ? `Import into ${fixed}` : "Import into a new index"}
      onClose={close}
      wide
      footer={<ImportFooter job={job} ready={ready} onStart={start} onClose={close} />}
    >
      <ImportFields
        fixed={fixed}
        name={name}
        onName={setName}
        mode={mode}
        onMode={setMode}
        onFile={(f) => void file.pick(f)}
        disabled={job.busy || !!job.done}
      />
      <Loading active={file.sending} label="Sending the file to Quarry…" />
      <ErrorNote error={file.error} />
      <Loading active={preview.loading && !!uploadId} label="Reading the first documents…" />
      <ErrorNote error={preview.error} />
      {preview.data && !job.done ? (
        <PreviewNote preview={preview.data} upload={file.upload} />
      ) : null}
      {job.done ? null : <CreatePlan table={table} plan={plan} disabled={job.busy} />}
      <ImportOutcome job={job} />
    </Modal>
  );
}

/** Asks the app to start the import of an uploaded file into `table` (a job). */
function startImport(connectionId: string, table: string, input: ImportInput) {
  return () =>
    call(ui.connections[":id"].tables[":table"].import.$post, {
      param: { id: connectionId, table },
      json: input,
    });
}

function ImportFields(props: {
  fixed: string | undefined;
  name: string;
  onName: (n: string) => void;
  mode: Mode;
  onMode: (m: Mode) => void;
  onFile: (f: File | undefined) => void;
  disabled: boolean;
}) {
  return (
    <>
      <div className="transfer-fields">
        <label className="field grow">
          <span>File (NDJSON, a _bulk body, search hits, a JSON array, or CSV)</span>
          <input
            type="file"
            onChange={(e) => props.onFile(e.target.files?.[0])}
            disabled={props.disabled}
          />
        </label>
        {props.fixed ? null : (
          <label className="field grow">
            <span>New index</span>
            <input
              value={props.name}
              onChange={(e) => props.onName(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              disabled={props.disabled}
            />
          </label>
        )}
      </div>
      <RadioChoices
        legend="Mode"
        name="import-mode"
        choices={MODES}
        value={props.mode}
        onChange={props.onMode}
        disabled={props.disabled}
      />
    </>
  );
}

function PreviewNote({ preview, upload }: { preview: ImportPreview; upload: UploadAnswer | null }) {
  const t = preview.target;
  return (
    <>
      <p className="hint">
        The first {preview.rows.length} records of {upload?.name ?? "the file"}
        {preview.shape ? ` (read as ${preview.shape})` : ""}, as the import reads them. Nothing is
        written before Import.
      </p>
      <PreviewTable preview={preview} />
      {t ? (
        <p data-testid="import-target-state">
          {t.exists
            ? `${t.table} exists and holds ${(t.records ?? 0).toLocaleString("en-US")} documents.`
            : `${t.table} does not exist: it is created first, and the cluster maps the fields from the documents.`}
        </p>
      ) : null}
    </>
  );
}

function ImportFooter({
  job,
  ready,
  onStart,
  onClose,
}: {
  job: Job<"import">;
  ready: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFooter
      cancel={job.done ? "Close" : "Cancel"}
      onCancel={job.running ? undefined : onClose}
      action="Import"
      onAction={job.done ? undefined : onStart}
      actionDisabled={!ready}
    />
  );
}

function ImportOutcome({ job }: { job: Job<"import"> }) {
  return (
    <>
      <Loading active={job.starting} label="Starting the import…" />
      {job.running && job.job ? (
        <ImportProgress job={job.job} onCancel={job.cancel} cancelling={job.cancelling} />
      ) : null}
      {job.done ? <ImportReportView report={job.done} /> : null}
      <ErrorNote error={job.error ?? job.cancelled} />
    </>
  );
}
