/**
 * The connection editor: the driver's settings, rendered from the form it describes (fields,
 * kinds, choices, when each shows), plus the connection's policies (docs/mcp.md, "Policies"). The
 * rules are the server's: each change is validated by the app, whose error (naming the field) is
 * shown next to that field.
 */
import { useState } from "react";
import { stepLine } from "../../../src/core/connection-steps.ts";
import { call, toApiError, ui } from "../api/client.ts";
import type { ConnectionForm, ConnectionInput, ConnectionView } from "../api/types.ts";
import { navigate } from "../navigation/route.ts";
import { ErrorNote, shownError, useToasts } from "../ui/errors.tsx";
import { Loading, Spinner, useDelayed, useLoad } from "../ui/loading.tsx";
import { AdvancedPane } from "./editor/AdvancedPane.tsx";
import { Field, type FieldError } from "./editor/controls.tsx";
import { differsFromDefault } from "./editor/form-rules.ts";
import { SettingsFields, type SettingsProps } from "./editor/SettingsFields.tsx";
import { useConnectionDraft } from "./editor/useConnectionDraft.ts";
import { type TestState, useConnectionTest } from "./editor/useConnectionTest.ts";
import { useSettingsCheck } from "./editor/useSettingsCheck.ts";
import { type PasteNote, useUrlPaste } from "./editor/useUrlPaste.ts";

export function ConnectionEditor({
  type,
  existing,
  onSaved,
}: {
  type: string;
  existing?: ConnectionView;
  onSaved: (c: ConnectionView) => void;
}) {
  const form = useLoad(
    (signal) => call(ui.drivers[":type"].form.$get, { param: { type } }, signal),
    [type],
  );
  if (form.error) return <ErrorNote error={form.error} />;
  if (!form.data) return <Loading active label="Loading the editor…" />;
  return <EditorForm form={form.data} existing={existing} onSaved={onSaved} />;
}

/** Advanced starts open when an existing connection set something there. */
function advancedInUse(form: ConnectionForm, existing?: ConnectionView): boolean {
  if (!existing) return false;
  return (
    existing.externalClients !== form.defaultExternalClients ||
    form.settings.fields.some((f) => f.advanced && differsFromDefault(f, existing.settings[f.key]))
  );
}

function useSave(
  existing: ConnectionView | undefined,
  onSaved: (c: ConnectionView) => void,
  input: () => ConnectionInput,
  clearSecrets: () => void,
) {
  const toasts = useToasts();
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setSaveError(null);
    try {
      const saved = existing
        ? await call(ui.connections[":id"].$put, { param: { id: existing.id }, json: input() })
        : await call(ui.connections.$post, { json: input() });
      toasts.success(`Connection "${saved.name}" saved.`);
      clearSecrets();
      onSaved(saved);
    } catch (err) {
      setSaveError(err);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, saveError };
}

function EditorForm({
  form,
  existing,
  onSaved,
}: {
  form: ConnectionForm;
  existing?: ConnectionView;
  onSaved: (c: ConnectionView) => void;
}) {
  const { draft, setDraft, setSetting, setSecret, clearSecrets, secretsInput } = useConnectionDraft(
    form,
    existing,
  );
  const [advanced, setAdvanced] = useState(() => advancedInUse(form, existing));
  const paste = useUrlPaste(form, setDraft);
  const fieldError = useSettingsCheck(form.type, draft.settings);
  const { test, runTest } = useConnectionTest(() => ({
    id: existing?.id,
    type: form.type,
    settings: draft.settings,
    secrets: secretsInput(),
  }));
  const { save, saving, saveError } = useSave(
    existing,
    onSaved,
    () => ({
      name: draft.name.trim(),
      type: form.type,
      settings: draft.settings,
      secrets: secretsInput(),
      externalClients: draft.externalClients,
      aiPolicy: draft.aiPolicy,
    }),
    clearSecrets,
  );
  const errors = [fieldError, saveError ? toApiError(saveError) : null];
  const errorFor = (label: string) =>
    errors.find((e) => e?.field && e.field.toLowerCase() === label.toLowerCase()) ?? null;
  const generalSaveError = saveError && !toApiError(saveError).field ? saveError : null;
  const settingsProps: SettingsProps = {
    settings: draft.settings,
    secrets: draft.secrets,
    storedSecrets: existing?.storedSecrets ?? [],
    setSetting,
    setSecret,
    errorFor,
    onPasteUrl: paste.onPasteUrl,
  };

  return (
    <form
      className="editor"
      onSubmit={save}
      aria-label="Connection editor"
      noValidate
      onKeyDown={saveOnCtrlS}
    >
      <EditorHeader form={form} existing={existing} />
      <NameField
        value={draft.name}
        error={errorFor("Name")}
        onChange={(name) => setDraft((d) => ({ ...d, name }))}
      />
      <PastedNote note={paste.note} />
      <SettingsFields fields={form.settings.fields} {...settingsProps} />
      <AdvancedPane
        form={form}
        open={advanced}
        onToggle={setAdvanced}
        draft={draft}
        setDraft={setDraft}
        settingsProps={settingsProps}
      />
      {fieldError && !fieldError.field ? <ErrorNote error={fieldError} /> : null}
      <ErrorNote error={generalSaveError} />
      <TestResult test={test} />
      <EditorActions test={test} runTest={runTest} saving={saving} />
    </form>
  );
}

function NameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: FieldError;
  onChange: (name: string) => void;
}) {
  return (
    <Field label="Name" error={error}>
      {(id) => (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="e.g. Production logs"
          autoComplete="off"
          required
        />
      )}
    </Field>
  );
}

/** Ctrl/Cmd+S saves here as in the grid, instead of the browser saving the page. */
function saveOnCtrlS(e: React.KeyboardEvent<HTMLFormElement>) {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
    e.preventDefault();
    e.currentTarget.requestSubmit();
  }
}

function EditorHeader({ form, existing }: { form: ConnectionForm; existing?: ConnectionView }) {
  return (
    <div className="editor-header">
      <div>
        <h2>{existing ? `Edit ${existing.name}` : `New ${form.displayName} connection`}</h2>
        {form.settings.about ? (
          <p className="muted editor-versions">{form.settings.about}</p>
        ) : null}
        {!existing && form.settings.newConnection?.note ? (
          <p className="muted editor-start-note" data-testid="new-connection-note">
            {form.settings.newConnection.note}
          </p>
        ) : null}
      </div>
      {existing ? (
        <button
          type="button"
          className="small"
          onClick={() => navigate({ screen: "data", connectionId: existing.id })}
        >
          Open
        </button>
      ) : null}
    </div>
  );
}

/** What a pasted URL filled in, or why it could not be read. */
function PastedNote({ note }: { note: PasteNote | null }) {
  if (!note) return null;
  return (
    <p
      className={note.kind === "ok" ? "ok-note paste-note" : "error-note paste-note"}
      role="status"
      data-testid="paste-note"
    >
      {note.text}
    </p>
  );
}

/** The step a failed test stopped at (TLS, HTTP sign-in…), on a line of its own. */
function FailedStep({ error }: { error: unknown }) {
  const line = stepLine(shownError(error).details);
  return line ? (
    <p className="failed-step" data-testid="failed-step">
      {line}
    </p>
  ) : null;
}

function TestResult({ test }: { test: TestState }) {
  const testSpinner = useDelayed(test.state === "running");
  return (
    <div className="test-result" data-testid="test-result" aria-live="polite">
      {test.state === "running" && testSpinner ? <Spinner label="Testing…" /> : null}
      {test.state === "ok" ? (
        <div className="ok-note" role="status">
          Connected to {test.info.product} {test.info.version} (cluster "{test.info.clusterName}
          ").
        </div>
      ) : null}
      {test.state === "failed" ? <FailedStep error={test.error} /> : null}
      {test.state === "failed" ? <ErrorNote error={test.error} /> : null}
    </div>
  );
}

function EditorActions({
  test,
  runTest,
  saving,
}: {
  test: TestState;
  runTest: () => void;
  saving: boolean;
}) {
  return (
    <div className="editor-actions">
      <button
        type="button"
        onClick={runTest}
        // Not disabled while testing: a disabled button drops the keyboard focus.
        aria-disabled={test.state === "running"}
        aria-busy={test.state === "running"}
        title="Connect with these settings and show the cluster's version"
      >
        Test
      </button>
      <button type="submit" className="primary" disabled={saving} title="Save (Ctrl+S)">
        {saving ? "Saving…" : "Save"}
      </button>
    </div>
  );
}
