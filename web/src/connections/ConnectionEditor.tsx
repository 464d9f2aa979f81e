/**
 * The connection editor: every field of spec 2.1 plus the policies of 2.6. The rules are the
 * server's: choices and defaults come from the driver's form description, and each change is
 * validated by the app, whose error (naming the field) is shown next to that field.
 */
import { useEffect, useId, useRef, useState } from "react";
import { get, post, put, seg, toApiError } from "../api/client.ts";
import type {
  Choice,
  ConnectionForm,
  ConnectionInput,
  ConnectionView,
  SecretsInput,
  ServerInfo,
} from "../api/types.ts";
import { navigate } from "../shell/route.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, Spinner, useDelayed, useLoad } from "../ui/loading.tsx";

interface Draft {
  name: string;
  settings: Record<string, unknown>;
  externalClients: ConnectionInput["externalClients"];
  aiPolicy: ConnectionInput["aiPolicy"];
  /** What the user typed; undefined = unchanged (keep the saved secret). */
  password?: string;
  apiKey?: string;
}

type TestState =
  | { state: "idle" }
  | { state: "running" }
  | { state: "ok"; info: ServerInfo }
  | { state: "failed"; error: unknown };

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
    (signal) => get<ConnectionForm>(`/drivers/${seg(type)}/form`, { signal }),
    [type],
  );
  if (form.error) return <ErrorNote error={form.error} />;
  if (!form.data) return <Loading active label="Loading the editor…" />;
  return <EditorForm form={form.data} existing={existing} onSaved={onSaved} />;
}

function initialDraft(form: ConnectionForm, existing?: ConnectionView): Draft {
  if (existing) {
    return {
      name: existing.name,
      settings: { ...existing.settings },
      externalClients: existing.externalClients,
      aiPolicy: existing.aiPolicy,
    };
  }
  return {
    name: "",
    settings: { ...form.defaults },
    externalClients: form.defaultExternalClients,
    aiPolicy: form.defaultAiPolicy,
  };
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
  const toasts = useToasts();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(form, existing));
  const [fieldError, setFieldError] = useState<ReturnType<typeof toApiError> | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [test, setTest] = useState<TestState>({ state: "idle" });
  const [advanced, setAdvanced] = useState(
    () =>
      existing?.settings.skipTlsVerify === true ||
      (existing ? existing.externalClients !== form.defaultExternalClients : false),
  );
  const testSpinner = useDelayed(test.state === "running");
  const s = draft.settings;
  const auth = String(s.auth ?? "none");
  const sslMode = String(s.sslMode ?? "disabled");

  const setSetting = (key: string, value: unknown) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }));

  // Every change is checked by the app's own validation (the driver's rules), debounced.
  const validateSeq = useRef(0);
  useEffect(() => {
    const seq = ++validateSeq.current;
    const t = setTimeout(async () => {
      try {
        await post("/connections/validate", { type: form.type, settings: draft.settings });
        if (seq === validateSeq.current) setFieldError(null);
      } catch (e) {
        if (seq === validateSeq.current) setFieldError(toApiError(e));
      }
    }, 250);
    return () => clearTimeout(t);
  }, [draft.settings, form.type]);

  const secrets = (): SecretsInput => {
    const out: SecretsInput = {};
    if (auth === "basic" && draft.password !== undefined) out.password = draft.password;
    if (auth === "api-key" && draft.apiKey !== undefined) out.apiKey = draft.apiKey;
    return out;
  };

  const runTest = async () => {
    if (test.state === "running") return;
    setTest({ state: "running" });
    try {
      const info = await post<ServerInfo>("/connections/test", {
        id: existing?.id,
        type: form.type,
        settings: draft.settings,
        secrets: secrets(),
      });
      setTest({ state: "ok", info });
    } catch (e) {
      setTest({ state: "failed", error: e });
    }
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setSaveError(null);
    const input: ConnectionInput = {
      name: draft.name.trim(),
      type: form.type,
      settings: draft.settings,
      secrets: secrets(),
      externalClients: draft.externalClients,
      aiPolicy: draft.aiPolicy,
    };
    try {
      const saved = existing
        ? await put<ConnectionView>(`/connections/${seg(existing.id)}`, input)
        : await post<ConnectionView>("/connections", input);
      toasts.success(`Connection "${saved.name}" saved.`);
      setDraft((d) => ({ ...d, password: undefined, apiKey: undefined }));
      onSaved(saved);
    } catch (err) {
      setSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  const errorFor = (...labels: string[]) => {
    const all = [fieldError, saveError ? toApiError(saveError) : null];
    for (const e of all) {
      const f = e?.field?.toLowerCase();
      if (e && f && labels.some((l) => l.toLowerCase() === f)) return e;
    }
    return null;
  };
  const generalSaveError = saveError && !toApiError(saveError).field ? saveError : null;

  return (
    <form
      className="editor"
      onSubmit={save}
      aria-label="Connection editor"
      noValidate
      onKeyDown={(e) => {
        // Ctrl/Cmd+S saves here as in the grid, instead of the browser saving the page.
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
          e.preventDefault();
          e.currentTarget.requestSubmit();
        }
      }}
    >
      <div className="editor-header">
        <div>
          <h2>{existing ? `Edit ${existing.name}` : "New Elasticsearch connection"}</h2>
          <p className="muted editor-versions">
            Elasticsearch 7.17, 8.x and 9.x, over its REST API
          </p>
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

      <Field label="Name" error={errorFor("Name")}>
        {(id) => (
          <input
            id={id}
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            placeholder="e.g. Production logs"
            autoComplete="off"
            required
          />
        )}
      </Field>

      <div className="field-row">
        <Field label="Host" error={errorFor("Host")} grow>
          {(id) => (
            <input
              id={id}
              value={String(s.host ?? "")}
              onChange={(e) => setSetting("host", e.target.value)}
              placeholder="localhost"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Port" error={errorFor("Port")} narrow>
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              value={String(s.port ?? "")}
              onChange={(e) =>
                setSetting(
                  "port",
                  e.target.value === ""
                    ? ""
                    : Number.isNaN(Number(e.target.value))
                      ? e.target.value
                      : Number(e.target.value),
                )
              }
            />
          )}
        </Field>
      </div>

      <Field label="Auth Method" error={errorFor("Auth Method")}>
        {(id) => (
          <Select
            id={id}
            value={auth}
            choices={form.authMethods}
            onChange={(v) => setSetting("auth", v)}
          />
        )}
      </Field>

      {auth === "basic" ? (
        <div className="field-row">
          <Field label="Username" error={errorFor("Username")} grow>
            {(id) => (
              <input
                id={id}
                value={String(s.username ?? "")}
                onChange={(e) => setSetting("username", e.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
          <Field label="Password" error={errorFor("Password")} grow>
            {(id) => (
              <SecretInput
                id={id}
                saved={existing?.hasPassword ?? false}
                value={draft.password}
                onChange={(v) => setDraft((d) => ({ ...d, password: v }))}
              />
            )}
          </Field>
        </div>
      ) : null}

      {auth === "api-key" ? (
        <Field
          label="API Key"
          error={errorFor("API Key")}
          hint="The encoded value (base64), sent as Authorization: ApiKey."
        >
          {(id) => (
            <SecretInput
              id={id}
              saved={existing?.hasApiKey ?? false}
              value={draft.apiKey}
              onChange={(v) => setDraft((d) => ({ ...d, apiKey: v }))}
            />
          )}
        </Field>
      ) : null}

      <Field label="SSL Mode" error={errorFor("SSL Mode")}>
        {(id) => (
          <Select
            id={id}
            value={sslMode}
            choices={form.sslModes}
            onChange={(v) => setSetting("sslMode", v)}
          />
        )}
      </Field>

      {sslMode === "verify-ca" || sslMode === "verify-identity" || s.caFile ? (
        <Field
          label="CA file"
          error={errorFor("CA file")}
          hint="Path of a PEM file; empty uses the system's trusted roots."
        >
          {(id) => (
            <input
              id={id}
              value={String(s.caFile ?? "")}
              onChange={(e) => setSetting("caFile", e.target.value || undefined)}
              placeholder="/path/to/ca.pem"
              spellCheck={false}
            />
          )}
        </Field>
      ) : null}

      <details
        className="advanced"
        open={advanced}
        onToggle={(e) => setAdvanced(e.currentTarget.open)}
      >
        <summary>Advanced</summary>
        <div className="advanced-body">
          <label className="check">
            <input
              type="checkbox"
              checked={s.skipTlsVerify === true}
              onChange={(e) => setSetting("skipTlsVerify", e.target.checked)}
            />
            Skip TLS Verification
            <span className="hint">
              Trusts any certificate, even under Verify CA or Verify Identity.
            </span>
          </label>
          {errorFor("Skip TLS Verification") ? (
            <ErrorNote error={errorFor("Skip TLS Verification")} />
          ) : null}
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

      {fieldError && !fieldError.field ? <ErrorNote error={fieldError} /> : null}
      <ErrorNote error={generalSaveError} />

      <div className="test-result" data-testid="test-result" aria-live="polite">
        {test.state === "running" && testSpinner ? <Spinner label="Testing…" /> : null}
        {test.state === "ok" ? (
          <div className="ok-note" role="status">
            Connected to {test.info.product} {test.info.version} (cluster "{test.info.clusterName}
            ").
          </div>
        ) : null}
        {test.state === "failed" ? <ErrorNote error={test.error} /> : null}
      </div>

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
    </form>
  );
}

function Field({
  label,
  error,
  hint,
  grow,
  narrow,
  children,
}: {
  label: string;
  error?: ReturnType<typeof toApiError> | null;
  hint?: string;
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

function Select({
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
function SecretInput({
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
