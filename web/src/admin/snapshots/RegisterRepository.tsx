/**
 * Registering a backup repository: a form made from the kinds the cluster's nodes offer
 * (core/cluster-admin.ts `RepositoryKind`), each with its own fields; a shared file system's
 * location offers the `path.repo` folders every node allows, since it must lie under one of them.
 */
import { useState } from "react";
import type { RepositoryField, RepositoryKind } from "../../../../src/core/cluster-admin.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { Checkbox } from "../Checkbox.tsx";
import { useAdminAction } from "../use-admin-action.ts";

type Values = Record<string, string | boolean>;

export function RegisterRepository({
  connectionId,
  kinds,
  onClose,
}: {
  connectionId: string;
  kinds: RepositoryKind[];
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState("");
  const [type, setType] = useState(kinds[0]?.type ?? "");
  const [values, setValues] = useState<Values>({});
  const kind = kinds.find((k) => k.type === type);
  const set = (field: string, v: string | boolean) => setValues({ ...values, [field]: v });
  return (
    <AdminDialog
      title="Register repository"
      action={action}
      onClose={onClose}
      input={() => ({
        action: "repository-register",
        repository: name.trim(),
        type,
        settings: settingsOf(kind?.fields ?? [], values),
      })}
      form={
        <>
          <label>
            Repository name
            <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
          </label>
          <label>
            Type
            <select value={type} onChange={(e) => setType(e.target.value)}>
              {kinds.map((k) => (
                <option key={k.type} value={k.type}>
                  {k.label} ({k.type})
                </option>
              ))}
            </select>
          </label>
          {(kind?.fields ?? []).map((f) => (
            <Field key={`${type}-${f.name}`} field={f} value={values[f.name]} set={set} />
          ))}
        </>
      }
    />
  );
}

function Field({
  field,
  value,
  set,
}: {
  field: RepositoryField;
  value: string | boolean | undefined;
  set: (field: string, v: string | boolean) => void;
}) {
  if (field.kind === "boolean")
    return (
      <Checkbox checked={value === true} onChange={(c) => set(field.name, c)}>
        {field.label}
      </Checkbox>
    );
  const listId = field.choices ? `repository-${field.name}-choices` : undefined;
  return (
    <label>
      {field.label}
      {field.required ? " (required)" : ""}
      <input
        value={typeof value === "string" ? value : ""}
        onChange={(e) => set(field.name, e.target.value)}
        list={listId}
        placeholder={field.choices?.[0] ?? ""}
        spellCheck={false}
      />
      {field.choices ? (
        <datalist id={listId}>
          {field.choices.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      ) : null}
    </label>
  );
}

/** The settings the form gives: fields left empty or unticked are left out, as the cluster's defaults. */
function settingsOf(fields: RepositoryField[], values: Values): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "boolean" ? v === true : typeof v === "string" && v.trim() !== "")
      settings[f.name] = typeof v === "string" ? v.trim() : v;
  }
  return settings;
}
