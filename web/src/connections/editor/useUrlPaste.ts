/**
 * A connection URL pasted into a text field of the editor (`https://elastic@host:9200`) fills the
 * fields instead: the driver reads the address (host, port, TLS), the user goes to the field the
 * URL's user fills, a password to the Password field (a secret: it is saved in the secret store,
 * never in the connections file), and the choices they imply (Username & Password) follow. A note
 * says what was filled, and what of the URL no field takes.
 */
import { useState } from "react";
import { readPastedUrl } from "../../../../src/core/connection-url.ts";
import { call, ui } from "../../api/client.ts";
import type { ConnectionForm } from "../../api/types.ts";
import type { Draft } from "./useConnectionDraft.ts";

export interface PasteNote {
  kind: "ok" | "error";
  text: string;
}

export function useUrlPaste(
  form: ConnectionForm,
  setDraft: (change: (d: Draft) => Draft) => void,
): { onPasteUrl: (text: string) => boolean; note: PasteNote | null } {
  const [note, setNote] = useState<PasteNote | null>(null);
  const fields = form.settings.fields;

  const onPasteUrl = (text: string): boolean => {
    const pasted = readPastedUrl(text, form.settings.url?.schemes ?? []);
    if (!pasted) return false;
    const userField = fields.find((f) => f.cli.urlFlag === "user");
    const passwordField = fields.find((f) => f.kind === "secret" && f.key === "password");
    call(ui.drivers[":type"]["settings-from-url"].$post, {
      param: { type: form.type },
      json: { url: `${pasted.address}${pasted.path ?? ""}` },
    }).then(
      ({ settings }) => {
        const given = { ...settings };
        if (pasted.username && userField) given[userField.key] = pasted.username;
        const givenKeys = [...Object.keys(given), ...(pasted.password ? ["password"] : [])];
        for (const f of fields) {
          const rule = f.impliedBy?.find((r) => givenKeys.includes(r.field));
          if (rule && !(f.key in settings)) given[f.key] = rule.value;
        }
        setDraft((d) => ({
          ...d,
          settings: { ...d.settings, ...given },
          secrets:
            pasted.password && passwordField
              ? { ...d.secrets, [passwordField.key]: pasted.password }
              : d.secrets,
        }));
        setNote({ kind: "ok", text: describe(form, given, pasted) });
      },
      (e: unknown) =>
        setNote({
          kind: "error",
          text: e instanceof Error ? e.message : "The URL could not be read.",
        }),
    );
    return true;
  };
  return { onPasteUrl, note };
}

/** "Filled from the URL: Host, Port, SSL Mode, Username. …" */
function describe(
  form: ConnectionForm,
  given: Record<string, unknown>,
  pasted: ReturnType<typeof readPastedUrl> & {},
): string {
  const labels = form.settings.fields.filter((f) => f.key in given).map((f) => f.label);
  const parts = [`Filled from the URL: ${labels.join(", ")}.`];
  if (pasted.password)
    parts.push(
      "Its password is in the Password field: it is kept in the secret store, never in the connections file.",
    );
  const path = pasted.path?.replace(/\/+$/, "");
  if (path && !Object.values(given).includes(path))
    parts.push(`${pasted.path} is not used: no setting takes a path.`);
  if (pasted.ignored) parts.push(`${pasted.ignored} is not used: no setting takes it.`);
  return parts.join(" ");
}
