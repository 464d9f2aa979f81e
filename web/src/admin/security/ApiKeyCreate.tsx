/**
 * An API key created (docs/decisions.md, "Security in the UI"): its name, how long it lives, and
 * optionally role descriptors that narrow it (JSON in the cluster's words); the exact request
 * shown and the key's name typed before it is sent. The key the cluster answers with is shown
 * here once, with Copy: closing the dialog forgets it, and the cluster never gives it again.
 */
import { useState } from "react";
import type { ConsoleResult } from "../../../../src/core/console.ts";
import { copyText } from "../../ui/clipboard.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { useAdminAction } from "../use-admin-action.ts";
import { parsedObject } from "./role-form.ts";

export function ApiKeyCreate({
  connectionId,
  onClose,
}: {
  connectionId: string;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  const [name, setName] = useState("");
  const [expiration, setExpiration] = useState("30d");
  const [descriptors, setDescriptors] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const created = action.run ? createdKey(action.run.results[0]) : null;
  return (
    <AdminDialog
      title="New API key"
      action={action}
      onClose={onClose}
      input={() => {
        const parsed = descriptors.trim() ? parsedObject(descriptors) : undefined;
        setProblem(
          typeof parsed === "string" ? parsed.replace("The role", "The role descriptors") : null,
        );
        if (!name.trim() || typeof parsed === "string") return null;
        return {
          action: "key-create",
          name: name.trim(),
          ...(expiration.trim() ? { expiration: expiration.trim() } : {}),
          ...(parsed ? { roleDescriptors: parsed } : {}),
        };
      }}
      form={
        created ? (
          <ShownOnce encoded={created.encoded} id={created.id} />
        ) : (
          <>
            <label>
              Key name
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                spellCheck={false}
                autoComplete="off"
              />
            </label>
            <label>
              Expires after (e.g. 30d, 12h; empty: never)
              <input
                value={expiration}
                onChange={(e) => setExpiration(e.target.value)}
                spellCheck={false}
              />
            </label>
            <label>
              Role descriptors (JSON, optional: narrower than your own privileges)
              <textarea
                value={descriptors}
                onChange={(e) => setDescriptors(e.target.value)}
                rows={6}
                spellCheck={false}
                aria-label="Role descriptors"
                placeholder={
                  '{ "reader": { "indices": [ { "names": ["logs-*"], "privileges": ["read"] } ] } }'
                }
              />
            </label>
            {problem ? <p className="error-text">{problem}</p> : null}
          </>
        )
      }
    />
  );
}

/** The secret, this once: the `encoded` form an `Authorization: ApiKey …` header takes. */
function ShownOnce({ encoded, id }: { encoded: string; id: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="api-key-once" data-testid="api-key-once">
      <p>
        <strong>Copy this key now: it is shown this once.</strong> Closing this dialog forgets it,
        and the cluster never gives it again. Send it as <code>Authorization: ApiKey …</code>.
      </p>
      <p className="muted">Key id {id}</p>
      <pre className="request-preview" data-testid="api-key-encoded">
        {encoded}
      </pre>
      <button
        type="button"
        className="small"
        onClick={() =>
          copyText(encoded).then(
            () => setCopied("Copied."),
            (e: unknown) => setCopied(e instanceof Error ? e.message : String(e)),
          )
        }
      >
        Copy
      </button>{" "}
      {copied ? <span className="muted">{copied}</span> : null}
    </div>
  );
}

/** Pure: the new key's id and `encoded` secret from the cluster's answer, if it gave them. */
function createdKey(result: ConsoleResult | undefined): { id: string; encoded: string } | null {
  if (!result || !("raw" in result)) return null;
  const raw = result.raw;
  if (typeof raw !== "object" || raw === null || !("encoded" in raw) || !("id" in raw)) return null;
  const { encoded, id } = raw;
  return typeof encoded === "string" && typeof id === "string" ? { id, encoded } : null;
}
