/**
 * The grid's pending edits until Save or Discard: cell edits, new rows, rows marked for deletion
 * and the selection they act on, shown on the page's rows with the last save's report.
 */
import { useCallback, useMemo, useState } from "react";
import type { BrowseResult, Column } from "../../api/types.ts";
import type { GridRow } from "../table/GridTable.tsx";
import { buildRows } from "../table/grid-rows.ts";
import { withCellEdit, withDeletes, withNewRow } from "./edit-ops.ts";
import { countEdits, type Edits, emptyEdits, typedValue } from "./edits.ts";
import { useSaveEdits } from "./useSaveEdits.ts";

/** The pending edits and what can be done with them. */
export type PendingEdits = ReturnType<typeof usePendingEdits>;

export function usePendingEdits({
  connectionId,
  table,
  result,
  columns,
  afterSave,
}: {
  connectionId: string;
  table: string;
  /** The page shown, whose rows the edits apply to. */
  result: BrowseResult | null;
  columns: Column[];
  /** Reloads the page once a save wrote something. */
  afterSave: () => Promise<void>;
}) {
  const [edits, setEdits] = useState<Edits>(emptyEdits);
  const [selected, setSelected] = useState<string[]>([]);
  const saver = useSaveEdits({ connectionId, table, edits, setEdits, afterSave });
  const { refusals, saveResult, setRefusals } = saver;

  const rows = useMemo(
    () => buildRows(result, edits, refusals, saveResult),
    [result, edits, refusals, saveResult],
  );

  const onEdit = useCallback(
    (r: GridRow, column: string, value: unknown) => {
      const isJson =
        r.json.includes(column) || columns.find((c) => c.name === column)?.kind === "nested-parent";
      const v = typedValue(value, isJson);
      setRefusals([]);
      setEdits((e) => withCellEdit(e, r, column, v));
    },
    [columns, setRefusals],
  );

  const addRow = () => setEdits(withNewRow);

  const deleteSelected = () => {
    if (selected.length === 0) return;
    setEdits((e) => withDeletes(e, selected, result?.rows ?? []));
  };

  const discard = () => {
    setEdits(emptyEdits());
    saver.dismissReport();
  };

  return {
    rows,
    pending: countEdits(edits),
    selected,
    setSelected,
    refusals,
    saveResult,
    saving: saver.saving,
    onEdit,
    addRow,
    deleteSelected,
    dismissReport: saver.dismissReport,
    discard,
    save: saver.save,
  };
}
