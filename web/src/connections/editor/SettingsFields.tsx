/**
 * The driver's settings as form controls, rendered from its SettingsForm: a control per kind,
 * fields of one row side by side, and only the fields the values so far show.
 */
import type { SettingField } from "../../api/types.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { Field, type FieldError, SecretInput, Select } from "./controls.tsx";
import { isShown, rowsOf, typedValue } from "./form-rules.ts";

export interface SettingsProps {
  settings: Record<string, unknown>;
  secrets: Record<string, string | undefined>;
  storedSecrets: string[];
  setSetting: (key: string, value: unknown) => void;
  setSecret: (key: string, value: string | undefined) => void;
  errorFor: (label: string) => FieldError;
  /** Pasted text that is a connection URL fills the fields (true: the paste was taken). */
  onPasteUrl?: (text: string) => boolean;
}

/** The fields (not Advanced ones) shown for the current values, row by row. */
export function SettingsFields({ fields, ...props }: SettingsProps & { fields: SettingField[] }) {
  const shown = fields.filter((f) => !f.advanced && isShown(f, props.settings));
  return (
    <>
      {rowsOf(shown).map((row) =>
        row.length > 1 ? (
          <div className="field-row" key={row.map((f) => f.key).join()}>
            {row.map((f) => (
              <SettingControl key={f.key} field={f} {...props} />
            ))}
          </div>
        ) : (
          <SettingControl key={row[0]?.key} field={row[0] as SettingField} {...props} />
        ),
      )}
    </>
  );
}

/** One field: a checkbox for a boolean, else a labelled input, select or secret. */
export function SettingControl({ field, ...props }: SettingsProps & { field: SettingField }) {
  const error = props.errorFor(field.label);
  if (field.kind === "boolean") return <BooleanControl field={field} {...props} />;
  return (
    <Field
      label={field.label}
      error={error}
      hint={field.hint}
      grow={field.width === "grow"}
      narrow={field.width === "narrow"}
    >
      {(id) => <SettingInput id={id} field={field} {...props} />}
    </Field>
  );
}

function SettingInput({
  id,
  field,
  ...props
}: SettingsProps & { id: string; field: SettingField }) {
  const value = props.settings[field.key];
  switch (field.kind) {
    case "secret":
      return (
        <SecretInput
          id={id}
          saved={props.storedSecrets.includes(field.key)}
          value={props.secrets[field.key]}
          onChange={(v) => props.setSecret(field.key, v)}
        />
      );
    case "choice":
      return (
        <Select
          id={id}
          value={String(value ?? field.default ?? "")}
          choices={field.choices ?? []}
          onChange={(v) => props.setSetting(field.key, v)}
        />
      );
    default:
      return (
        <input
          id={id}
          value={String(value ?? "")}
          onChange={(e) => props.setSetting(field.key, typedValue(field, e.target.value))}
          onPaste={(e) => {
            if (props.onPasteUrl?.(e.clipboardData.getData("text"))) e.preventDefault();
          }}
          placeholder={field.placeholder}
          {...(field.kind === "number" ? { inputMode: "numeric" } : {})}
          autoComplete="off"
          spellCheck={false}
        />
      );
  }
}

function BooleanControl({ field, ...props }: SettingsProps & { field: SettingField }) {
  const error = props.errorFor(field.label);
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={props.settings[field.key] === true}
          onChange={(e) => props.setSetting(field.key, e.target.checked)}
        />
        {field.label}
        {field.hint ? <span className="hint">{field.hint}</span> : null}
      </label>
      {error ? <ErrorNote error={error} /> : null}
    </>
  );
}
