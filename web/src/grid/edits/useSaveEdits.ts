/**
 * Saving the pending edits: the app validates the change set first (nothing is sent when it
 * refuses a change), then saves it; the report (refusals, or each change's outcome) stays until
 * dismissed, and only the edits of rows that failed are kept.
 */
import { type Dispatch, type SetStateAction, useState } from "react";
import { call, ui } from "../../api/client.ts";
import type { ChangeRefusal, SaveResult } from "../../api/types.ts";
import { announceDataChanged } from "../../navigation/data-changed.ts";
import { useToasts } from "../../ui/errors.tsx";
import { keepRemaining } from "../table/grid-rows.ts";
import { countEdits, type Edits, toChangeSet } from "./edits.ts";

export function useSaveEdits({
  connectionId,
  table,
  edits,
  setEdits,
  afterSave,
}: {
  connectionId: string;
  table: string;
  edits: Edits;
  setEdits: Dispatch<SetStateAction<Edits>>;
  /** Reloads the page once a save wrote something. */
  afterSave: () => Promise<void>;
}) {
  const toasts = useToasts();
  const [refusals, setRefusals] = useState<ChangeRefusal[]>([]);
  const [saveResult, setSaveResult] = useState<SaveResult | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (countEdits(edits) === 0 || saving) return;
    setSaving(true);
    setSaveResult(null);
    const changes = toChangeSet(edits);
    const edited = ui.connections[":id"].tables[":table"];
    const param = { id: connectionId, table };
    try {
      const refused = await call(edited["validate-changes"].$post, { param, json: changes });
      setRefusals(refused);
      if (refused.length > 0) return; // nothing was sent
      const saved = await call(edited.save.$post, { param, json: changes });
      setSaveResult(saved);
      const failed = saved.results.filter((r) => !r.ok).length;
      setEdits(keepRemaining(edits, saved));
      // Inserted and deleted documents change the sidebar's count of this index.
      if (saved.results.some((r) => r.ok)) announceDataChanged(connectionId);
      if (failed === 0)
        toasts.success(
          `Saved ${saved.results.length} change${saved.results.length === 1 ? "" : "s"}.`,
        );
      await afterSave();
    } catch (e) {
      toasts.error(e);
    } finally {
      setSaving(false);
    }
  };

  /** Forgets the refusals and the last save's report (the edits stay). */
  const dismissReport = () => {
    setRefusals([]);
    setSaveResult(null);
  };

  return { refusals, setRefusals, saveResult, saving, save, dismissReport };
}
