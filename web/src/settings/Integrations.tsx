/**
 * Settings > Integrations: Enable MCP Server and its bound port; Authentication (tokens: create,
 * shown once with a copy button, list, revoke); the audit log; the Connect a Client sheet.
 */
import { useState } from "react";
import { del, get, post, put, seg } from "../api/client.ts";
import type {
  AuditEntry,
  ConnectionView,
  McpStatus,
  TokenCreated,
  TokenInput,
  TokenScope,
  TokenView,
} from "../api/types.ts";
import { copyText } from "../ui/clipboard.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ConnectClientSheet } from "./ConnectClientSheet.tsx";

const SCOPES: { value: TokenScope; label: string }[] = [
  { value: "read-only", label: "Read Only" },
  { value: "read-write", label: "Read & Write" },
  { value: "full-access", label: "Full Access" },
];

export function Integrations() {
  const toasts = useToasts();
  const status = useLoad((signal) => get<McpStatus>("/mcp", { signal }), []);
  const [toggling, setToggling] = useState(false);
  const [sheet, setSheet] = useState(false);

  const toggle = async (enabled: boolean) => {
    setToggling(true);
    try {
      status.setData(await put<McpStatus>("/mcp", { enabled }));
    } catch (e) {
      toasts.error(e);
    } finally {
      setToggling(false);
    }
  };

  const s = status.data;
  return (
    <div className="settings-page">
      <h2>Integrations</h2>
      <section className="card">
        <h3>MCP server</h3>
        <Loading active={status.loading} label="Loading…" />
        <ErrorNote error={status.error} />
        {s ? (
          <>
            <label className="check switch">
              <input
                type="checkbox"
                checked={s.enabled}
                disabled={toggling}
                onChange={(e) => toggle(e.target.checked)}
              />
              Enable MCP Server
            </label>
            <dl className="facts">
              <dt>Status</dt>
              <dd data-testid="mcp-status">
                {s.running ? "running" : !s.enabled ? "off" : s.error ? "failed" : "starting…"}
              </dd>
              <dt>Port</dt>
              <dd data-testid="mcp-port">{s.port ?? "—"}</dd>
              <dt>Endpoint</dt>
              <dd>
                <code>{s.url ?? "—"}</code>
              </dd>
              <dt>Bridge</dt>
              <dd>
                <code>{s.bridgePath}</code>
              </dd>
            </dl>
            {s.error ? (
              <div className="error-note" role="alert" data-testid="mcp-error">
                <div className="error-message">The MCP server did not start: {s.error}</div>
                <div className="error-remedy">
                  Fix what it names, then turn Enable MCP Server off and on again to retry.
                </div>
              </div>
            ) : null}
            <button type="button" className="primary" onClick={() => setSheet(true)}>
              Connect a Client…
            </button>
          </>
        ) : null}
      </section>
      <Tokens />
      <AuditLog />
      {sheet ? <ConnectClientSheet onClose={() => setSheet(false)} /> : null}
    </div>
  );
}

function Tokens() {
  const toasts = useToasts();
  const tokens = useLoad((signal) => get<TokenView[]>("/mcp/tokens", { signal }), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [revoking, setRevoking] = useState<TokenView | null>(null);

  const revoke = async (t: TokenView) => {
    try {
      await del(`/mcp/tokens/${seg(t.id)}`);
      toasts.success(`Token "${t.name}" revoked.`);
    } catch (e) {
      toasts.error(e);
    } finally {
      setRevoking(null);
      tokens.reload();
    }
  };

  return (
    <section className="card">
      <div className="card-header">
        <h3>Authentication</h3>
        <button type="button" className="small primary" onClick={() => setCreating(true)}>
          Create token…
        </button>
      </div>
      <p className="muted">
        AI clients on the HTTP endpoint send a token as Authorization: Bearer. The stdio bridge
        needs none.
      </p>
      <Loading active={tokens.loading} label="Loading tokens…" />
      <ErrorNote error={tokens.error} />
      <table className="plain-table" data-testid="token-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Scope</th>
            <th>Connections</th>
            <th>Expires</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tokens.data?.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                No tokens yet.
              </td>
            </tr>
          ) : null}
          {tokens.data?.map((t) => (
            <tr key={t.id} className={t.revoked ? "revoked" : undefined}>
              <td>
                {t.name} <code className="muted">{t.prefix}…</code>
              </td>
              <td>{SCOPES.find((s) => s.value === t.scope)?.label ?? t.scope}</td>
              <td>{t.connections === null ? "all" : `${t.connections.length} allowed`}</td>
              <td>{t.expiresAt ? new Date(t.expiresAt).toLocaleDateString() : "never"}</td>
              <td>
                {t.lastUsedAt ? (
                  // Written at most once a minute per token, so true to the minute.
                  <time dateTime={t.lastUsedAt} title="Recorded at most once a minute">
                    {new Date(t.lastUsedAt).toLocaleString()}
                  </time>
                ) : (
                  "—"
                )}
              </td>
              <td className="actions">
                {t.revoked ? (
                  <span className="muted">revoked</span>
                ) : (
                  <button
                    type="button"
                    className="small danger-text"
                    onClick={() => setRevoking(t)}
                    aria-label={`Revoke ${t.name}`}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {creating ? (
        <CreateToken
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
            tokens.reload();
          }}
        />
      ) : null}
      {created ? <ShowOnce created={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? (
        <Modal
          title="Revoke token"
          onClose={() => setRevoking(null)}
          footer={
            <>
              <button type="button" onClick={() => setRevoking(null)}>
                Cancel
              </button>
              <button type="button" className="danger" onClick={() => revoke(revoking)}>
                Revoke
              </button>
            </>
          }
        >
          <p>
            Clients using <strong>{revoking.name}</strong> are refused from now on, and their
            requests in flight end.
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

function CreateToken({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: TokenCreated) => void;
}) {
  const connections = useLoad((signal) => get<ConnectionView[]>("/connections", { signal }), []);
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
      expiresAt:
        expiry === "never"
          ? null
          : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString(),
    };
    try {
      onCreated(await post<TokenCreated>("/mcp/tokens", input));
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
        <label className="field">
          <span>Scope</span>
          <select value={scope} onChange={(e) => setScope(e.target.value as TokenScope)}>
            {SCOPES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Expires</span>
          <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            <option value="1">in 1 day</option>
            <option value="7">in 7 days</option>
            <option value="30">in 30 days</option>
            <option value="90">in 90 days</option>
            <option value="never">never</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={limit} onChange={(e) => setLimit(e.target.checked)} />
          Only these connections (allowlist)
        </label>
        {limit ? (
          <div className="allowlist">
            <ErrorNote error={connections.error} />
            {connections.data?.map((c) => (
              <label key={c.id} className="check">
                <input
                  type="checkbox"
                  checked={allowed.includes(c.id)}
                  onChange={(e) =>
                    setAllowed((a) =>
                      e.target.checked ? [...a, c.id] : a.filter((x) => x !== c.id),
                    )
                  }
                />
                {c.name}
              </label>
            ))}
          </div>
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

function ShowOnce({ created, onClose }: { created: TokenCreated; onClose: () => void }) {
  const toasts = useToasts();
  return (
    <Modal
      title={`Token "${created.token.name}" created`}
      onClose={onClose}
      footer={
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p>Copy the token now. Quarry keeps only a salted hash of it and cannot show it again.</p>
      <div className="secret-once">
        <code data-testid="new-token">{created.secret}</code>
        <button
          type="button"
          className="small"
          onClick={() =>
            copyText(created.secret).then(
              () => toasts.success("Token copied."),
              (e) => toasts.error(e),
            )
          }
        >
          Copy
        </button>
      </div>
    </Modal>
  );
}

function AuditLog() {
  const audit = useLoad((signal) => get<AuditEntry[]>("/mcp/audit?limit=200", { signal }), []);
  return (
    <section className="card">
      <div className="card-header">
        <h3>Audit log</h3>
        <button type="button" className="small" onClick={audit.reload}>
          Refresh
        </button>
      </div>
      <Loading active={audit.loading} label="Loading the audit log…" />
      <ErrorNote error={audit.error} />
      <div className="audit-scroll">
        <table className="plain-table compact" data-testid="audit-table">
          <thead>
            <tr>
              <th>Time</th>
              <th>Token</th>
              <th>Connection</th>
              <th>Tool</th>
              <th>Class</th>
              <th>Outcome</th>
              <th>ms</th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">
                  No calls from AI clients yet.
                </td>
              </tr>
            ) : null}
            {audit.data?.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only, newest first
              <tr key={i} title={a.message ?? undefined}>
                <td>{new Date(a.at).toLocaleString()}</td>
                <td>{a.token ?? "—"}</td>
                <td>{a.connection ?? "—"}</td>
                <td>{a.tool ?? "—"}</td>
                <td>{a.classification ?? "—"}</td>
                <td className={`outcome-${a.outcome}`}>
                  {a.outcome}
                  {a.layer ? ` (${a.layer})` : ""}
                </td>
                <td>{a.durationMs ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
