/**
 * Creating a token: its name, scope, lifetime and, optionally, the connections it may use. The
 * token itself comes back once, for TokenShownOnce.
 */
import { useState } from "react";
import { call, ui } from "../api/client.ts";
import type { ConnectionView, TokenCreated, TokenInput, TokenScope } from "../api/types.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { type Loaded, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { SCOPES } from "./token-scopes.ts";

/** The expiry for a lifetime in days from now, or none for "never". */
function expiresAt(days: string): string | null {
  return days === "never" ? null : new Date(Date.now() + Number(days) * 86_400_000).toISOString();
}

export function CreateTokenDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: TokenCreated) => void;
}) {
  const connections = useLoad((signal) => call(ui.connections.$get, {}, signal), []);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read-only");
  const [limit, setLimit] = useState(false);
  const [allowed, setAllowed] = useState<string[]>([]);
  const [expiry, setExpiry] = useState("30");
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    const input: TokenInput = {
      name: name.trim(),
      scope,
      connections: limit ? allowed : null,
      expiresAt: expiresAt(expiry),
    };
    try {
      onCreated(await call(ui.mcp.tokens.$post, { json: input }));
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Create token" onClose={onClose}>
      <form onSubmit={create} className="stack" aria-label="Create token">
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Claude Desktop"
            required
          />
        </label>
        <ScopeField scope={scope} onChange={setScope} />
        <ExpiryField expiry={expiry} onChange={setExpiry} />
        <label className="check">
          <input type="checkbox" checked={limit} onChange={(e) => setLimit(e.target.checked)} />
          Only these connections (allowlist)
        </label>
        {limit ? (
          <ConnectionAllowlist connections={connections} allowed={allowed} onChange={setAllowed} />
        ) : null}
        <ErrorNote error={error} />
        <div className="modal-footer inline">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The saved connections to tick, for a token limited to some of them. */
function ConnectionAllowlist({
  connections,
  allowed,
  onChange,
}: {
  connections: Loaded<ConnectionView[]>;
  allowed: string[];
  onChange: (update: (allowed: string[]) => string[]) => void;
}) {
  return (
    <div className="allowlist">
      <ErrorNote error={connections.error} />
      {connections.data?.map((c) => (
        <label key={c.id} className="check">
          <input
            type="checkbox"
            checked={allowed.includes(c.id)}
            onChange={(e) =>
              onChange((a) => (e.target.checked ? [...a, c.id] : a.filter((x) => x !== c.id)))
            }
          />
          {c.name}
        </label>
      ))}
    </div>
  );
}

function ScopeField({
  scope,
  onChange,
}: {
  scope: TokenScope;
  onChange: (scope: TokenScope) => void;
}) {
  return (
    <label className="field">
      <span>Scope</span>
      <select value={scope} onChange={(e) => onChange(e.target.value as TokenScope)}>
        {SCOPES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The lifetime in days, or "never". */
function ExpiryField({ expiry, onChange }: { expiry: string; onChange: (expiry: string) => void }) {
  return (
    <label className="field">
      <span>Expires</span>
      <select value={expiry} onChange={(e) => onChange(e.target.value)}>
        <option value="1">in 1 day</option>
        <option value="7">in 7 days</option>
        <option value="30">in 30 days</option>
        <option value="90">in 90 days</option>
        <option value="never">never</option>
      </select>
    </label>
  );
}
