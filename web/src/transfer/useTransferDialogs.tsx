/**
 * Copy to… and Import as the grid, the index page and the sidebar open them: whether the dialog is
 * open, and the dialog. When a copy or an import has written, the connections written to are
 * announced as changed, so the sidebar's document counts follow. The dialogs are rendered in the
 * page's body, not where they are opened from (a toolbar's nowrap would reach into them).
 */
import { useState } from "react";
import { createPortal } from "react-dom";
import { announceDataChanged } from "../navigation/data-changed.ts";
import { CopyDialog } from "./CopyDialog.tsx";
import { ImportDialog } from "./ImportDialog.tsx";

export function useCopyDialog(connectionId: string, table: string) {
  const [open, setOpen] = useState(false);
  const dialog = open
    ? createPortal(
        <CopyDialog
          connectionId={connectionId}
          table={table}
          onClose={(wroteTo) => {
            setOpen(false);
            if (wroteTo) announceDataChanged(wroteTo);
          }}
        />,
        document.body,
      )
    : null;
  return { open: () => setOpen(true), dialog };
}

/** `table`: import into that index; none: into a new index named in the dialog. */
export function useImportDialog(connectionId: string, table?: string) {
  const [open, setOpen] = useState(false);
  const dialog = open
    ? createPortal(
        <ImportDialog
          connectionId={connectionId}
          {...(table !== undefined ? { table } : {})}
          onClose={(wrote) => {
            setOpen(false);
            if (wrote) announceDataChanged(connectionId);
          }}
        />,
        document.body,
      )
    : null;
  return { open: () => setOpen(true), dialog };
}
