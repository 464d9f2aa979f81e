/**
 * Export with a format choice, the current filter or the whole index, progress, then a download.
 * A running export can be cancelled (Cancel export, or closing the dialog any way: its Cancel, ×,
 * Escape, a click beside it): the app stops it and removes the partial file, and the dialog says
 * how far it got.
 */
import { useState } from "react";
import type { BrowseRequest, ExportFormat, ExportInput } from "../../api/types.ts";
import { BatchSize } from "../../ui/BatchSize.tsx";
import { DialogFooter, jobDismiss } from "../../ui/dialog-footer.tsx";
import { ErrorNote } from "../../ui/errors.tsx";
import { type ExportJob, useExportJob } from "../../ui/export-job.ts";
import { Modal } from "../../ui/modal.tsx";
import { JobProgress } from "../../ui/progress.tsx";
import { type Choice, RadioChoices } from "../../ui/RadioChoices.tsx";

/** The driver's default batch (core's ExportOptions.batchSize). */
const DEFAULT_BATCH = 5_000;

const FORMATS: Choice<ExportFormat>[] = [
  { value: "ndjson", label: "NDJSON", hint: "one document per line, ready for _bulk" },
  {
    value: "csv",
    label: "CSV",
    hint: "the grid's columns, JSON in cells holding arrays or objects",
  },
  { value: "json", label: "JSON", hint: "one array of documents" },
];

/** The choices of the dialog, as typed. */
interface ExportForm {
  format: ExportFormat;
  scope: "filter" | "all";
  batchSize: string;
}

/** What the app is asked to export. */
function exportInput(
  form: ExportForm,
  filters: BrowseRequest["filters"],
  rawQuery: string | undefined,
): ExportInput {
  return {
    format: form.format,
    ...(form.scope === "filter" ? { filters, rawQuery } : {}),
    ...(form.batchSize.trim() ? { batchSize: Number(form.batchSize) } : {}),
  };
}

export function ExportDialog({
  connectionId,
  table,
  filters,
  rawQuery,
  onClose,
}: {
  connectionId: string;
  table: string;
  filters: BrowseRequest["filters"];
  rawQuery: string | undefined;
  onClose: () => void;
}) {
  const filtered = (filters?.length ?? 0) > 0 || !!rawQuery;
  const [form, setForm] = useState<ExportForm>({
    format: "ndjson",
    scope: filtered ? "filter" : "all",
    batchSize: String(DEFAULT_BATCH),
  });
  const exp = useExportJob(connectionId, table);
  const close = () => {
    exp.abandon();
    onClose();
  };

  return (
    <Modal
      title={`Export ${table}`}
      onClose={close}
      footer={
        <DialogFooter
          {...jobDismiss(exp, "Cancel export", close)}
          {...(exp.done
            ? { action: `Download ${exp.done.fileName}`, onAction: exp.download }
            : {
                action: "Export",
                onAction: () => exp.start(exportInput(form, filters, rawQuery)),
                actionDisabled: exp.busy,
              })}
        />
      }
    >
      <ExportChoices
        form={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        filtered={filtered}
        disabled={exp.busy}
      />
      <p className="hint">
        Export reads through a point in time, so it is not capped at 10,000 documents.
      </p>
      <ExportOutcome export={exp} />
    </Modal>
  );
}

function ExportChoices({
  form,
  onChange,
  filtered,
  disabled,
}: {
  form: ExportForm;
  onChange: (patch: Partial<ExportForm>) => void;
  /** Whether the view has a filter to export. */
  filtered: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <RadioChoices
        legend="Format"
        name="format"
        choices={FORMATS}
        value={form.format}
        onChange={(format) => onChange({ format })}
        disabled={disabled}
      />
      <fieldset className="choices" disabled={disabled}>
        <legend>Documents</legend>
        <label className="radio">
          <input
            type="radio"
            name="scope"
            checked={form.scope === "all"}
            onChange={() => onChange({ scope: "all" })}
          />
          The whole index
        </label>
        <label className="radio">
          <input
            type="radio"
            name="scope"
            checked={form.scope === "filter"}
            onChange={() => onChange({ scope: "filter" })}
            disabled={!filtered}
          />
          The current filter{filtered ? "" : " (no filter set)"}
        </label>
      </fieldset>
      <BatchSize
        label="Documents per request"
        value={form.batchSize}
        onChange={(batchSize) => onChange({ batchSize })}
        hint="5,000 by default. Fewer for large documents: each request holds this many."
        disabled={disabled}
      />
    </>
  );
}

/** How the export goes or went: starting, its progress, the file written, or why it stopped. */
function ExportOutcome({ export: exp }: { export: ExportJob }) {
  const { done, cancelled } = exp;
  return (
    <>
      {/* Only while it runs: once it ends, the note below says how it ended and how far it got. */}
      <JobProgress job={exp} starting="Starting the export…" />
      {done ? (
        <div className="ok-note" role="status" data-testid="export-done">
          Exported {done.written.toLocaleString("en-US")} of {done.expected.toLocaleString("en-US")}{" "}
          documents to <code>{done.out}</code>.
        </div>
      ) : null}
      {cancelled ? (
        <div className="hint" role="status" data-testid="export-cancelled">
          {cancelled.message} {cancelled.remedy}
        </div>
      ) : null}
      <ErrorNote error={exp.error} />
    </>
  );
}
