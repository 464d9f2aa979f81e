/**
 * Settings > Integrations > Authentication: the tokens AI clients send on the HTTP endpoint, with
 * their scope, connections, expiry and last use; create one (shown once) or revoke one.
 */
import { useState } from "react";
import { call, ui } from "../api/client.ts";
import type { TokenCreated, TokenView } from "../api/types.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { TableHead } from "../ui/TableHead.tsx";
import { CreateTokenDialog } from "./CreateTokenDialog.tsx";
import { TokenShownOnce } from "./TokenShownOnce.tsx";
import { SCOPES } from "./token-scopes.ts";

export function Tokens() {
  const toasts = useToasts();
  const tokens = useLoad((signal) => call(ui.mcp.tokens.$get, {}, signal), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const [revoking, setRevoking] = useState<TokenView | null>(null);

  const revoke = async (t: TokenView) => {
    try {
      await call(ui.mcp.tokens[":token"].$delete, { param: { token: t.id } });
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
        <TableHead columns={["Name", "Scope", "Connections", "Expires", "Last used", ""]} />
        <tbody>
          {tokens.data?.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                No tokens yet.
              </td>
            </tr>
          ) : null}
          {tokens.data?.map((t) => (
            <TokenRow key={t.id} token={t} onRevoke={() => setRevoking(t)} />
          ))}
        </tbody>
      </table>
      {creating ? (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
            tokens.reload();
          }}
        />
      ) : null}
      {created ? <TokenShownOnce created={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? (
        <RevokeToken
          token={revoking}
          onCancel={() => setRevoking(null)}
          onRevoke={() => revoke(revoking)}
        />
      ) : null}
    </section>
  );
}

function TokenRow({ token: t, onRevoke }: { token: TokenView; onRevoke: () => void }) {
  return (
    <tr className={t.revoked ? "revoked" : undefined}>
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
            onClick={onRevoke}
            aria-label={`Revoke ${t.name}`}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

function RevokeToken({
  token,
  onCancel,
  onRevoke,
}: {
  token: TokenView;
  onCancel: () => void;
  onRevoke: () => void;
}) {
  return (
    <Modal
      title="Revoke token"
      onClose={onCancel}
      footer={
        <DialogFooter onCancel={onCancel} action="Revoke" onAction={onRevoke} tone="danger" />
      }
    >
      <p>
        Clients using <strong>{token.name}</strong> are refused from now on, and their requests in
        flight end.
      </p>
    </Modal>
  );
}
