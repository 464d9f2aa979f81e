/**
 * The small form a saved query's parameters are asked in before it runs: one field per parameter,
 * its type and default shown; the server checks the values and names a missing or mistyped one.
 */
import { useState } from "react";
import { DialogFooter } from "./dialog-footer.tsx";
import { ErrorNote } from "./errors.tsx";
import { Modal } from "./modal.tsx";

interface Param {
  name: string;
  type: "text" | "number" | "date" | "list";
  default?: string | undefined;
}

const HINTS: Record<Param["type"], string> = {
  text: "text",
  number: "a number",
  date: "2026-01-31, or now-7d",
  list: "a, b, c",
};

export function ParamsDialog({
  query,
  action,
  onSubmit,
  onClose,
}: {
  query: { name: string; description: string; params: Param[] };
  action: string;
  onSubmit: (params: Record<string, string>) => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      // An empty field takes the default (the server says when there is none).
      await onSubmit(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`${action} ${query.name}`}
      label="Parameters"
      onClose={onClose}
      footer={
        <DialogFooter onCancel={onClose} action={action} onAction={submit} actionDisabled={busy} />
      }
    >
      {query.description ? <p className="muted">{query.description}</p> : null}
      <form
        data-testid="params-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {query.params.map((p) => (
          <label key={p.name} className="field">
            <span>
              {p.name} <span className="muted">({p.type})</span>
            </span>
            <input
              name={p.name}
              aria-label={p.name}
              inputMode={p.type === "number" ? "decimal" : undefined}
              placeholder={p.default !== undefined ? `default: ${p.default}` : HINTS[p.type]}
              value={values[p.name] ?? ""}
              onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" hidden />
      </form>
      <ErrorNote error={error} />
    </Modal>
  );
}
