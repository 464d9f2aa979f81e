/**
 * Export… of a query's whole result, written in the page (the result is already here): CSV,
 * NDJSON or JSON, saying first when the database cut the result.
 */
import { useState } from "react";
import {
  QUERY_TABLE_FORMATS,
  type QueryTableFormat,
  queryTableText,
} from "../../../../src/core/query-table-files.ts";
import type { QueryTable } from "../../api/types.ts";
import { Modal } from "../../ui/modal.tsx";

const TYPES: Record<QueryTableFormat, string> = {
  csv: "text/csv",
  ndjson: "application/x-ndjson",
  json: "application/json",
};

export function QueryExportDialog({ table, onClose }: { table: QueryTable; onClose: () => void }) {
  const [format, setFormat] = useState<QueryTableFormat>("csv");
  const save = () => {
    const blob = new Blob([queryTableText(table, format)], { type: TYPES[format] });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `query-result.${format}`;
    a.click();
    // The download has taken the blob: the URL is only its handle.
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
    onClose();
  };
  const rows = table.rows.length.toLocaleString("en-US");
  return (
    <Modal
      title="Export the result"
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={save}>
            Export
          </button>
        </>
      }
    >
      <p data-testid="query-export-scope">
        {table.cut
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
            />{" "}
            {f.toUpperCase()}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
