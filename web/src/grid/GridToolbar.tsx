/**
 * The table's toolbar: Refresh, the edit actions (+ Row, Delete rows, Save, Discard) and the view
 * elsewhere (the console, curl, an export, Copy to… with its dialog). It shows state and calls back.
 */
import { navigate } from "../navigation/route.ts";
import { useCopyDialog } from "../transfer/useTransferDialogs.tsx";
import type { PendingEdits } from "./edits/usePendingEdits.ts";

/** The grid's one row of actions. Long because it is that row of buttons, each a few lines. */
export function GridToolbar({
  table,
  edits,
  onRefresh,
  onOpenInConsole,
  onCopyCurl,
  onExport,
  connectionId,
  onColumns,
}: {
  table: string;
  edits: PendingEdits;
  onRefresh: () => void;
  onOpenInConsole: () => void;
  onCopyCurl: () => void;
  onExport: () => void;
  /** For Copy to… (the toolbar holds its dialog) and the index page. */
  connectionId: string;
  onColumns: () => void;
}) {
  const copyDialog = useCopyDialog(connectionId, table);
  return (
    <div className="toolbar" role="toolbar" aria-label="Table actions">
      <h2 className="toolbar-title" title={table}>
        {table}
      </h2>
      <button type="button" className="small" onClick={onRefresh} title="Reload this page">
        Refresh
      </button>
      <button
        type="button"
        className="small"
        onClick={() => navigate({ screen: "data", connectionId, table, view: "index" })}
        title="Details and actions"
      >
        Index page
      </button>
      <button
        type="button"
        className="small"
        onClick={onColumns}
        title="Choose, order and pin columns (Alt+K)"
        aria-keyshortcuts="Alt+K"
      >
        Columns…
      </button>
      <span className="toolbar-sep" />
      <EditButtons edits={edits} />
      <span className="toolbar-sep" />
      <button type="button" className="small" onClick={onOpenInConsole}>
        Open in console
      </button>
      <button type="button" className="small" onClick={onCopyCurl}>
        Copy as curl
      </button>
      <button type="button" className="small" onClick={onExport}>
        Export…
      </button>
      <button
        type="button"
        className="small"
        onClick={copyDialog.open}
        title="Copy the index to another index or cluster"
      >
        Copy to…
      </button>
      {copyDialog.dialog}
    </div>
  );
}

/** + Row, Delete rows, Save and Discard, with the counts they act on. */
function EditButtons({ edits }: { edits: PendingEdits }) {
  const { pending, saving } = edits;
  const selectedCount = edits.selected.length;
  const canDiscard = pending > 0 || edits.refusals.length > 0 || !!edits.saveResult;
  return (
    <>
      <button
        type="button"
        className="small"
        onClick={edits.addRow}
        title="Add a row (Ctrl+Shift+N)"
      >
        + Row
      </button>
      <button
        type="button"
        className="small"
        onClick={edits.deleteSelected}
        disabled={selectedCount === 0}
      >
        Delete rows{selectedCount ? ` (${selectedCount})` : ""}
      </button>
      <button
        type="button"
        className="small primary"
        onClick={edits.save}
        disabled={pending === 0 || saving}
        title="Save (Ctrl+S)"
        aria-keyshortcuts="Control+S"
      >
        {saving ? "Saving…" : `Save${pending ? ` (${pending})` : ""}`}
      </button>
      <button type="button" className="small" onClick={edits.discard} disabled={!canDiscard}>
        Discard
      </button>
    </>
  );
}
