/**
 * The console's variables on this connection: `${NAME}` in the requests takes the value given
 * here. Kept by the app (the same ones `quarry console` reads), as plain text: not for secrets.
 */
import { useEffect, useState } from "react";
import { call, ui } from "../../api/client.ts";
import { DialogFooter } from "../../ui/dialog-footer.tsx";
import { ErrorNote } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Modal } from "../../ui/modal.tsx";
import { TableHead } from "../../ui/TableHead.tsx";

// biome-ignore lint/suspicious/noTemplateCurlyInString: the console's variable syntax, shown as text
const SAMPLE = "${NAME}";

type Row = { key: number; name: string; value: string };
let nextKey = 0;
const row = (name = "", value = ""): Row => ({ key: nextKey++, name, value });

export function VariablesDialog({
  connectionId,
  onSaved,
  onClose,
}: {
  connectionId: string;
  /** After a save: the requests are read again with the new values. */
  onSaved: () => void;
  onClose: () => void;
}) {
  const loaded = useLoad(
    (signal) =>
      call(ui.connections[":id"].console.variables.$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.data) setRows(loaded.data.variables.map((v) => row(v.name, v.value)));
  }, [loaded.data]);

  const save = async () => {
    if (!rows) return;
    setSaving(true);
    setError(null);
    try {
      const variables = rows
        .filter((r) => r.name.trim() !== "" || r.value !== "")
        .map((r) => ({ name: r.name.trim(), value: r.value }));
      await call(ui.connections[":id"].console.variables.$put, {
        param: { id: connectionId },
        json: { variables },
      });
      onSaved();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Variables"
      onClose={onClose}
      wide
      footer={
        <DialogFooter
          onCancel={onClose}
          action="Save"
          onAction={save}
          actionDisabled={!rows || saving}
        />
      }
    >
      <p className="muted">
        Write <code>{SAMPLE}</code> in a path or a body: the value replaces it as written, so{" "}
        <code>{`"${SAMPLE}"`}</code> is a string and <code>{SAMPLE}</code> a number or an object.
        Kept for this connection and also read by <code>quarry console</code>. Values are stored as
        plain text and show in the history: they are not for passwords or API keys.
      </p>
      <Loading active={loaded.loading} label="Loading variables…" />
      <ErrorNote error={loaded.error ?? error} />
      {rows ? <VariableRows rows={rows} setRows={setRows} /> : null}
      <button
        type="button"
        className="small"
        disabled={!rows}
        onClick={() => setRows((rs) => [...(rs ?? []), row()])}
      >
        Add variable
      </button>
    </Modal>
  );
}

/** One editable row per variable: its name, its value, and Remove. */
function VariableRows({
  rows,
  setRows,
}: {
  rows: Row[];
  setRows: (update: (rows: Row[] | null) => Row[] | null) => void;
}) {
  const edit = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? null);
  return (
    <table className="variables-table" aria-label="Variables">
      <TableHead columns={["Name", "Value", ""]} />
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.key}>
            <td>
              <input
                aria-label={`Name ${i + 1}`}
                value={r.name}
                spellCheck={false}
                onChange={(e) => edit(r.key, { name: e.target.value })}
              />
            </td>
            <td>
              <input
                aria-label={`Value ${i + 1}`}
                value={r.value}
                spellCheck={false}
                onChange={(e) => edit(r.key, { value: e.target.value })}
              />
            </td>
            <td>
              <button
                type="button"
                className="small"
                aria-label={`Remove ${r.name || `variable ${i + 1}`}`}
                onClick={() => setRows((rs) => rs?.filter((x) => x.key !== r.key) ?? null)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
