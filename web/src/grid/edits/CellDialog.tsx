/**
 * A cell in full: JSON formatted, and a cut cell loaded whole from the document first (never its
 * fragment), so an edit made here writes the whole value.
 */
import { useState } from "react";
import { call, ui } from "../../api/client.ts";
import { displayCell } from "../../ui/cell-text.ts";
import { DialogFooter } from "../../ui/dialog-footer.tsx";
import { ErrorNote } from "../../ui/errors.tsx";
import { JsonEditor } from "../../ui/JsonEditor.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Modal } from "../../ui/modal.tsx";
import type { GridRow } from "../table/GridTable.tsx";

export function CellDialog({
  connectionId,
  row,
  column,
  onClose,
  onEdit,
}: {
  connectionId: string;
  row: GridRow;
  column: string;
  onClose: () => void;
  onEdit: (value: string) => void;
}) {
  const cut = row.cut.includes(column);
  const full = useLoad(
    async (signal) => {
      if (!cut || !row.row) return pretty(row.cells[column]);
      const r = await call(
        ui.connections[":id"].documents[":index"][":doc"].$get,
        {
          param: { id: connectionId, index: row.row._index, doc: row.row._id },
          query: { column },
        },
        signal,
      );
      return pretty(r.value);
    },
    [connectionId, row.key, column],
  );
  const [text, setText] = useState<string | null>(null);
  const value = text ?? full.data ?? "";
  return (
    <Modal
      title={`${column}${row.row ? ` · ${row.row._id}` : ""}`}
      onClose={onClose}
      wide
      footer={
        <DialogFooter
          cancel="Close"
          onCancel={onClose}
          action="Use as edit"
          onAction={() => onEdit(value)}
          actionDisabled={!full.data || row.deleted}
        />
      }
    >
      {cut ? (
        <p className="muted">
          This value is longer than the grid shows; the whole value was loaded from the document.
        </p>
      ) : null}
      <Loading active={full.loading} label="Loading the whole value…" />
      <ErrorNote error={full.error} />
      {full.data !== undefined ? (
        <JsonEditor label={`Value of ${column}`} value={value} onChange={setText} minHeight={240} />
      ) : null}
    </Modal>
  );
}

function pretty(v: unknown): string {
  if (typeof v === "string") {
    try {
      return JSON.stringify(JSON.parse(v), null, 2);
    } catch {
      return v;
    }
  }
  return v !== null && typeof v === "object" ? JSON.stringify(v, null, 2) : displayCell(v);
}
