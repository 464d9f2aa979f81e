/** The editor's building blocks: a labelled field with its error, a select, a secret input. */
import { useId } from "react";
import type { toApiError } from "../../api/client.ts";
import type { Choice } from "../../api/types.ts";

export type FieldError = ReturnType<typeof toApiError> | null;

export function Field({
  label,
  error,
  hint,
  grow,
  narrow,
  children,
}: {
  label: string;
  error?: FieldError;
  hint?: string | undefined;
  grow?: boolean;
  narrow?: boolean;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div
      className={`field${grow ? " grow" : ""}${narrow ? " narrow" : ""}${error ? " invalid" : ""}`}
    >
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && !error ? <div className="hint">{hint}</div> : null}
      {error ? (
        <div className="field-error" role="alert">
          <span>{error.message}</span>
          {error.remedy ? <span className="field-remedy">{error.remedy}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

export function Select({
  id,
  value,
  choices,
  onChange,
}: {
  id: string;
  value: string;
  choices: Choice[];
  onChange: (v: string) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** A secret field: always dots; a saved secret is never sent back, only "saved" is shown. */
export function SecretInput({
  id,
  saved,
  value,
  onChange,
}: {
  id: string;
  saved: boolean;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  return (
    <input
      id={id}
      type="password"
      value={value ?? ""}
      placeholder={saved && value === undefined ? "•••••••• (saved)" : ""}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="new-password"
      spellCheck={false}
    />
  );
}
