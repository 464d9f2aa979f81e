/**
 * The editor's draft: name, the driver's settings, the secrets typed (undefined keeps the saved
 * one) and the policies; and which secrets go out with a save or a test (those the settings show).
 */
import { useState } from "react";
import type {
  ConnectionForm,
  ConnectionInput,
  ConnectionView,
  SecretsInput,
} from "../../api/types.ts";
import { isShown } from "./form-rules.ts";

export interface Draft {
  name: string;
  settings: Record<string, unknown>;
  externalClients: ConnectionInput["externalClients"];
  aiPolicy: ConnectionInput["aiPolicy"];
  /** What the user typed, by secret name; absent = unchanged (keep the saved secret). */
  secrets: Record<string, string | undefined>;
}

function initialDraft(form: ConnectionForm, existing?: ConnectionView): Draft {
  if (existing) {
    return {
      name: existing.name,
      settings: { ...existing.settings },
      externalClients: existing.externalClients,
      aiPolicy: existing.aiPolicy,
      secrets: {},
    };
  }
  return {
    name: "",
    settings: { ...form.defaults },
    externalClients: form.defaultExternalClients,
    aiPolicy: form.defaultAiPolicy,
    secrets: {},
  };
}

export function useConnectionDraft(form: ConnectionForm, existing?: ConnectionView) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(form, existing));
  const setSetting = (key: string, value: unknown) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }));
  const setSecret = (key: string, value: string | undefined) =>
    setDraft((d) => ({ ...d, secrets: { ...d.secrets, [key]: value } }));
  const clearSecrets = () => setDraft((d) => ({ ...d, secrets: {} }));

  /** The secrets typed for fields the settings show; a hidden one is not sent. */
  const secretsInput = (): SecretsInput => {
    const out: Record<string, string> = {};
    for (const f of form.settings.fields) {
      const value = draft.secrets[f.key];
      if (f.kind === "secret" && value !== undefined && isShown(f, draft.settings))
        out[f.key] = value;
    }
    return out as SecretsInput;
  };

  return { draft, setDraft, setSetting, setSecret, clearSecrets, secretsInput };
}
