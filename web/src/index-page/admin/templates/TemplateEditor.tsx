/**
 * Creating or editing a composable index template or a component template: a form for its name,
 * patterns, priority and components, JSON for its settings, mappings and aliases. "Check" asks the
 * cluster's `_simulate` for the index it would make (or its refusal, with its reason); saving is
 * planned and sent through AdminDialog.tsx, which simulates it again and shows the exact request.
 */
import { useState } from "react";
import type {
  TemplateInfo,
  TemplateKind,
  TemplateSimulation,
} from "../../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../../api/client.ts";
import { ErrorNote } from "../../../ui/errors.tsx";
import { JsonEditor } from "../../../ui/JsonEditor.tsx";
import { AdminDialog } from "../AdminDialog.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { TemplateSimulationView } from "./TemplateSimulationView.tsx";
import { draftOf, formOf, JSON_PARTS, type TemplateForm } from "./template-form.ts";

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
  const [form, setForm] = useState<TemplateForm>(() => formOf(saved));
  const [problem, setProblem] = useState<unknown>(null);
  const [simulation, setSimulation] = useState<TemplateSimulation | null>(null);
  const [checking, setChecking] = useState(false);
  const set = (part: Partial<TemplateForm>) => {
    setForm((f) => ({ ...f, ...part }));
    setSimulation(null);
  };
  const draft = () => {
    const made = draftOf(form, saved ? "replace" : "create");
    setProblem("error" in made ? made.error : null);
    return "draft" in made ? made.draft : null;
  };
  const check = async () => {
    const d = draft();
    if (!d) return;
    setChecking(true);
    setSimulation(null);
    try {
      setSimulation(
        await call(ui.connections[":id"].admin.templates.simulate.$post, {
          param: { id: connectionId },
          json: { draft: d },
        }),
      );
    } catch (e) {
      setProblem(e);
    } finally {
      setChecking(false);
    }
  };
  const table = form.kind === "table";
  return (
    <AdminDialog
      title={saved ? `Edit template ${saved.name}` : "New template"}
      action={action}
      onClose={onClose}
      input={() => {
        const d = draft();
        return d ? { action: "template-save", draft: d } : null;
      }}
      form={
        <>
          <label>
            Kind
            <select
              value={form.kind}
              disabled={saved !== undefined}
              onChange={(e) => set({ kind: kindOf(e.target.value) })}
            >
              <option value="table">Index template</option>
              <option value="component">Component template</option>
            </select>
          </label>
          <Text
            label="Template name"
            value={form.name}
            disabled={saved !== undefined}
            on={(name) => set({ name })}
          />
          {table ? (
            <>
              <Text
                label="Index patterns"
                value={form.patterns}
                on={(patterns) => set({ patterns })}
              />
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
          <div className="admin-wide">
            <button type="button" disabled={checking} onClick={() => void check()}>
              {checking ? "Checking…" : "Check"}
            </button>
          </div>
          {simulation ? <TemplateSimulationView simulation={simulation} /> : null}
          {problem ? (
            <div className="admin-wide">
              <ErrorNote error={problem} />
            </div>
          ) : null}
        </>
      }
    />
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
