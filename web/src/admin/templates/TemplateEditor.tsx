/**
 * Creating or editing a composable index template or a component template: a form for its name,
 * patterns, priority and components, JSON for its settings, mappings and aliases. "Check" asks the
 * cluster's `_simulate` for the index it would make (or its refusal, with its reason); saving is
 * planned and sent through AdminDialog.tsx, which simulates it again and shows the exact request.
 */
import { useState } from "react";
import type { TemplateInfo, TemplateKind } from "../../../../src/core/cluster-admin.ts";
import { ErrorNote } from "../../ui/errors.tsx";
import { JsonEditor } from "../../ui/JsonEditor.tsx";
import { AdminDialog } from "../AdminDialog.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { TemplateSimulationView } from "./TemplateSimulationView.tsx";
import { formOf, JSON_PARTS, type TemplateForm } from "./template-form.ts";
import { useTemplateCheck } from "./use-template-check.ts";

export function TemplateEditor({
  connectionId,
  saved,
  onClose,
}: {
  connectionId: string;
  /** The template edited; none: a new one. */
  saved?: TemplateInfo;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const checked = useTemplateCheck(connectionId, saved ? "replace" : "create");
  const [form, setForm] = useState<TemplateForm>(() => formOf(saved));
  const set = (part: Partial<TemplateForm>) => {
    setForm((f) => ({ ...f, ...part }));
    checked.forget();
  };
  return (
    <AdminDialog
      title={saved ? `Edit template ${saved.name}` : "New template"}
      action={action}
      onClose={onClose}
      input={() => {
        const d = checked.draft(form);
        return d ? { action: "template-save", draft: d } : null;
      }}
      form={
        <>
          <Fields form={form} set={set} editing={saved !== undefined} />
          <div className="admin-wide">
            <button
              type="button"
              disabled={checked.checking}
              onClick={() => void checked.check(form)}
            >
              {checked.checking ? "Checking…" : "Check"}
            </button>
          </div>
          {checked.simulation ? <TemplateSimulationView simulation={checked.simulation} /> : null}
          {checked.problem ? (
            <div className="admin-wide">
              <ErrorNote error={checked.problem} />
            </div>
          ) : null}
        </>
      }
    />
  );
}

/** The form's fields; a saved template keeps its kind and name (another name is a new one). */
function Fields({
  form,
  set,
  editing,
}: {
  form: TemplateForm;
  set: (part: Partial<TemplateForm>) => void;
  editing: boolean;
}) {
  return (
    <>
      <label>
        Kind
        <select
          value={form.kind}
          disabled={editing}
          onChange={(e) => set({ kind: kindOf(e.target.value) })}
        >
          <option value="table">Index template</option>
          <option value="component">Component template</option>
        </select>
      </label>
      <Text
        label="Template name"
        value={form.name}
        disabled={editing}
        on={(name) => set({ name })}
      />
      {form.kind === "table" ? (
        <>
          <Text label="Index patterns" value={form.patterns} on={(patterns) => set({ patterns })} />
          <Text label="Priority" value={form.priority} on={(priority) => set({ priority })} />
          <Text
            label="Composed of"
            value={form.composedOf}
            on={(composedOf) => set({ composedOf })}
          />
        </>
      ) : null}
      {JSON_PARTS.map((part) => (
        <div key={part} className="admin-wide">
          <span>{part[0]?.toUpperCase() + part.slice(1)} (JSON)</span>
          <JsonEditor
            label={`Template ${part}`}
            value={form[part]}
            minHeight={part === "aliases" ? 40 : 90}
            onChange={(text) => set({ [part]: text })}
          />
        </div>
      ))}
    </>
  );
}

function Text({
  label,
  value,
  disabled,
  on,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  on: (v: string) => void;
}) {
  return (
    <label>
      {label}
      <input
        value={value}
        disabled={disabled}
        onChange={(e) => on(e.target.value)}
        spellCheck={false}
      />
    </label>
  );
}

const kindOf = (v: string): TemplateKind => (v === "component" ? "component" : "table");
