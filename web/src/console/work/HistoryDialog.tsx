/**
 * The console's kept work: the library and this connection's saved requests beside the one
 * history of every connection (newest first), each searchable; picking one adds it to the editor,
 * Run runs a saved one.
 */
import { Modal } from "../../ui/modal.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { LibraryPanel } from "./LibraryPanel.tsx";
import { SavedPanel } from "./SavedPanel.tsx";
import "../results/results.css";

export function HistoryDialog({
  connectionId,
  onPick,
  onRun,
  onClose,
}: {
  connectionId: string;
  onPick: (text: string) => void;
  /** Runs a saved request's text (the dialog closes). */
  onRun: (text: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Library, saved requests and history" onClose={onClose} wide>
      <div className="work-panels">
        <LibraryPanel connectionId={connectionId} onInsert={onPick} onRun={onRun} />
        <SavedPanel connectionId={connectionId} onInsert={onPick} onRun={onRun} />
        <HistoryPanel connectionId={connectionId} onPick={onPick} />
      </div>
    </Modal>
  );
}
