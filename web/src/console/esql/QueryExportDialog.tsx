/**
 * Export… of a query's result: the rows already here, written in the page (CSV, NDJSON or JSON);
 * or, when the database cut the result, every row: the app reads the query again in keyed pages
 * past the cap (an export job with progress and Cancel, the count checked), then the download. A
 * query that cannot be paged is refused with the reason, and its rows here can still be saved.
 */
import { useState } from "react";
import {
  QUERY_TABLE_FORMATS,
  type QueryTableFormat,
  queryTableText,
} from "../../../../src/core/query-table-files.ts";
import { call, ui } from "../../api/client.ts";
import type { QueryTable } from "../../api/types.ts";
import { DialogFooter } from "../../ui/dialog-footer.tsx";
import { ErrorNote } from "../../ui/errors.tsx";
import { type ExportJob, useExportJob } from "../../ui/export-job.ts";
import { Modal } from "../../ui/modal.tsx";
import { JobProgress } from "../../ui/progress.tsx";

const TYPES: Record<QueryTableFormat, string> = {
  csv: "text/csv",
  ndjson: "application/x-ndjson",
  json: "application/json",
};

/** What reads the query again past the cap: its connection and text. */
export interface MoreRows {
  connectionId: string;
  query: string;
}

/** What a dialog on a query's result is given: the result, how to read past its cap, closing. */
export interface QueryDialogProps {
  table: QueryTable;
  more?: MoreRows | undefined;
  onClose: () => void;
}

export function QueryExportDialog({ table, more, onClose }: QueryDialogProps) {
  const [format, setFormat] = useState<QueryTableFormat>("csv");
  const [scope, setScope] = useState<"here" | "all">("here");
  const exp = useExportJob(more?.connectionId ?? "", "query", (input) =>
    call(ui.connections[":id"].esql.export.$post, {
      param: { id: more?.connectionId ?? "" },
      json: { query: more?.query ?? "", format: input.format as QueryTableFormat },
    }),
  );
  const saveHere = () => {
    const blob = new Blob([queryTableText(table, format)], { type: TYPES[format] });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `query-result.${format}`;
    a.click();
    // The download has taken the blob: the URL is only its handle.
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
    onClose();
  };
  const close = () => {
    exp.abandon();
    onClose();
  };
  const rows = table.rows.length.toLocaleString("en-US");
  return (
    <Modal
      title="Export the result"
      onClose={close}
      footer={
        <Footer
          exp={exp}
          all={scope === "all"}
          onClose={close}
          onExport={() => (scope === "all" ? void exp.start({ format }) : saveHere())}
        />
      }
    >
      {more ? <ScopeChoice scope={scope} rows={rows} busy={exp.busy} onChange={setScope} /> : null}
      <p data-testid="query-export-scope">
        {scope === "all"
          ? "Every row the query answers, counted first and checked at the end."
          : table.cut
            ? `The whole result as the cluster returned it: ${rows} rows, but the result itself was cut. ${table.cut.message}`
            : `The whole result: ${rows} rows.`}
      </p>
      <fieldset className="field">
        <legend>Format</legend>
        {QUERY_TABLE_FORMATS.map((f) => (
          <label key={f}>
            <input
              type="radio"
              name="query-export-format"
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
              disabled={exp.busy}
            />{" "}
            {f.toUpperCase()}
          </label>
        ))}
      </fieldset>
      <JobNotes exp={exp} />
    </Modal>
  );
}

function Footer({
  exp,
  all,
  onClose,
  onExport,
}: {
  exp: ExportJob;
  all: boolean;
  onClose: () => void;
  onExport: () => void;
}) {
  return (
    <DialogFooter
      onCancel={exp.running ? exp.cancel : onClose}
      cancel={exp.running ? "Cancel export" : "Cancel"}
      cancelDisabled={exp.running && exp.cancelling}
      {...(exp.done
        ? { action: "Download", onAction: exp.download }
        : { action: all ? "Export all" : "Export", onAction: onExport, actionDisabled: exp.busy })}
    />
  );
}

function ScopeChoice({
  scope,
  rows,
  busy,
  onChange,
}: {
  scope: "here" | "all";
  rows: string;
  busy: boolean;
  onChange: (scope: "here" | "all") => void;
}) {
  return (
    <fieldset className="field">
      <legend>Rows</legend>
      <label>
        <input
          type="radio"
          name="query-export-scope"
          checked={scope === "all"}
          onChange={() => onChange("all")}
          disabled={busy}
        />{" "}
        Every row of the query, past the cap (read again in pages by _id)
      </label>
      <label>
        <input
          type="radio"
          name="query-export-scope"
          checked={scope === "here"}
          onChange={() => onChange("here")}
          disabled={busy}
        />{" "}
        The {rows} rows shown
      </label>
    </fieldset>
  );
}

/** The export job's progress, and how it ended. */
function JobNotes({ exp }: { exp: ExportJob }) {
  return (
    <>
      <JobProgress job={exp} />
      {exp.done ? (
        <p role="status" data-testid="query-export-done">
          {exp.done.written.toLocaleString("en-US")} of {exp.done.expected.toLocaleString("en-US")}{" "}
          rows written to {exp.done.fileName}.
        </p>
      ) : null}
      {exp.cancelled ? <ErrorNote error={exp.cancelled} /> : null}
      {exp.error ? <ErrorNote error={exp.error} /> : null}
    </>
  );
}
