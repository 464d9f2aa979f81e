/** Settings > Plugins > Browse: the catalog's drivers, with install, update and remove. */
import { useState } from "react";
import { call, ui } from "../api/client.ts";
import type { JobView, PluginEntry } from "../api/types.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { installPlugin, removePlugin, updatePlugin } from "../ui/plugin-actions.ts";
import { ProgressBar } from "../ui/progress.tsx";
import { TableHead } from "../ui/TableHead.tsx";

export function Plugins() {
  const plugins = useLoad((signal) => call(ui.plugins.$get, {}, signal), []);
  const toasts = useToasts();
  const [busy, setBusy] = useState<Busy>(null);
  const [removing, setRemoving] = useState<PluginEntry | null>(null);

  const act = async (p: PluginEntry, action: "install" | "update") => {
    setBusy({ type: p.type, job: null });
    try {
      const onUpdate = (job: JobView) => setBusy({ type: p.type, job });
      if (action === "install") await installPlugin(p.type, onUpdate);
      else await updatePlugin(p.type, onUpdate);
      toasts.success(`${p.displayName} driver ${action === "install" ? "installed" : "updated"}.`);
    } catch (e) {
      toasts.error(e);
    } finally {
      setBusy(null);
      plugins.reload();
    }
  };

  const remove = async (p: PluginEntry) => {
    try {
      await removePlugin(p.type);
      toasts.success(`${p.displayName} driver removed. Its saved connections are kept.`);
    } catch (e) {
      toasts.error(e);
    } finally {
      setRemoving(null);
      plugins.reload();
    }
  };

  return (
    <div className="settings-page">
      <h2>Plugins</h2>
      <p className="muted">
        Browse the drivers Quarry can use. Each download is checked against its SHA-256 before it is
        loaded.
      </p>
      <Loading active={plugins.loading} label="Loading the catalog…" />
      <ErrorNote error={plugins.error} />
      <table className="plain-table" data-testid="plugin-table">
        <TableHead columns={["Driver", "Installed", "Available", ""]} />
        <tbody>
          {plugins.data?.map((p) => (
            <PluginRow
              key={p.type}
              plugin={p}
              busy={busy}
              onAct={(action) => act(p, action)}
              onRemove={() => setRemoving(p)}
            />
          ))}
        </tbody>
      </table>
      {removing ? (
        <RemovePlugin
          plugin={removing}
          onCancel={() => setRemoving(null)}
          onRemove={() => remove(removing)}
        />
      ) : null}
    </div>
  );
}

type Busy = { type: string; job: JobView | null } | null;

/** One driver of the catalog: what it is, which versions, and its actions or its progress. */
function PluginRow({
  plugin: p,
  busy,
  onAct,
  onRemove,
}: {
  plugin: PluginEntry;
  busy: Busy;
  onAct: (action: "install" | "update") => void;
  onRemove: () => void;
}) {
  return (
    <tr>
      <td>
        <strong>{p.displayName}</strong>
        <div className="hint">{p.description}</div>
        {p.loadError ? <ErrorNote error={p.loadError} /> : null}
      </td>
      <td>{p.installedVersion ?? "—"}</td>
      <td>{p.availableVersion ?? "—"}</td>
      <td className="actions">
        {busy?.type === p.type ? (
          <ProgressBar
            label={busy.job?.label ?? "Starting…"}
            progress={busy.job?.progress ?? null}
          />
        ) : (
          <PluginActions plugin={p} disabled={!!busy} onAct={onAct} onRemove={onRemove} />
        )}
      </td>
    </tr>
  );
}

/** Install when it is not installed; Update when the catalog has a newer archive; Remove. */
function PluginActions({
  plugin: p,
  disabled,
  onAct,
  onRemove,
}: {
  plugin: PluginEntry;
  disabled: boolean;
  onAct: (action: "install" | "update") => void;
  onRemove: () => void;
}) {
  return (
    <>
      {!p.installed ? (
        <button
          type="button"
          className="small primary"
          disabled={disabled}
          onClick={() => onAct("install")}
          aria-label={`Install ${p.displayName}`}
        >
          Install
        </button>
      ) : null}
      {p.installed && p.updateAvailable ? (
        <button
          type="button"
          className="small"
          disabled={disabled}
          onClick={() => onAct("update")}
          aria-label={`Update ${p.displayName}`}
        >
          Update
        </button>
      ) : null}
      {p.installed ? (
        <button
          type="button"
          className="small danger-text"
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Remove ${p.displayName}`}
        >
          Remove
        </button>
      ) : null}
    </>
  );
}

function RemovePlugin({
  plugin,
  onCancel,
  onRemove,
}: {
  plugin: PluginEntry;
  onCancel: () => void;
  onRemove: () => void;
}) {
  return (
    <Modal
      title={`Remove the ${plugin.displayName} driver`}
      onClose={onCancel}
      footer={
        <DialogFooter onCancel={onCancel} action="Remove" onAction={onRemove} tone="danger" />
      }
    >
      <p>Saved {plugin.displayName} connections are kept; opening one installs the driver again.</p>
    </Modal>
  );
}
