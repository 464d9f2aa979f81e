/**
 * The editor's Advanced disclosure: the driver's advanced settings, then the policies every
 * connection has (External Clients, AI policy).
 */
import type { ConnectionForm, SettingField } from "../../api/types.ts";
import { Field, Select } from "./controls.tsx";
import { isShown } from "./form-rules.ts";
import { SettingControl, type SettingsProps } from "./SettingsFields.tsx";
import type { Draft } from "./useConnectionDraft.ts";

export function AdvancedPane({
  form,
  open,
  onToggle,
  draft,
  setDraft,
  settingsProps,
}: {
  form: ConnectionForm;
  open: boolean;
  onToggle: (open: boolean) => void;
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  settingsProps: SettingsProps;
}) {
  const advanced = form.settings.fields.filter(
    (f: SettingField) => f.advanced && isShown(f, draft.settings),
  );
  return (
    <details className="advanced" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>Advanced</summary>
      <div className="advanced-body">
        {advanced.map((f) => (
          <SettingControl key={f.key} field={f} {...settingsProps} />
        ))}
        <Field label="External Clients" hint="What AI clients (MCP) may do on this connection.">
          {(id) => (
            <Select
              id={id}
              value={draft.externalClients}
              choices={form.externalClients}
              onChange={(v) =>
                setDraft((d) => ({ ...d, externalClients: v as Draft["externalClients"] }))
              }
            />
          )}
        </Field>
        <Field
          label="AI policy"
          hint="Never hides the connection from AI clients; Ask Each Time asks you here first."
        >
          {(id) => (
            <Select
              id={id}
              value={draft.aiPolicy}
              choices={form.aiPolicies}
              onChange={(v) => setDraft((d) => ({ ...d, aiPolicy: v as Draft["aiPolicy"] }))}
            />
          )}
        </Field>
      </div>
    </details>
  );
}
