/** Settings > Plugins > Browse: the catalog's drivers, with install, update and remove. */
import { useState } from "react";
import { get } from "../api/client.ts";
import type { JobView, PluginEntry } from "../api/types.ts";
import { ErrorNote, useToasts } from "../ui/errors.tsx";
import { Loading, useLoad } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { ProgressBar } from "../ui/progress.tsx";
import { installPlugin, removePlugin, updatePlugin } from "./plugin-actions.ts";

export function Plugins() {
  const plugins = useLoad((signal) => get<PluginEntry[]>("/plugins", { signal }), []);
  const { busy, removing, setRemoving, act, remove } = usePluginJobs(plugins.reload);

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
        <thead>
          <tr>
            <th>Driver</th>
            <th>Installed</th>
            <th>Available</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {plugins.data?.map((p) => (
            <tr key={p.type}>
              <td>
                <strong>{p.displayName}</strong>
                <div className="hint">{p.description}</div>
                {p.loadError ? <ErrorNote error={p.loadError} /> : null}
              </td>
              <td>{p.installedVersion ?? "—"}</td>
              <td>{p.availableVersion ?? "—"}</td>
              <td className="actions">
                <PluginActions
                  plugin={p}
                  busy={busy}
                  onAct={(action) => act(p, action)}
                  onRemove={() => setRemoving(p)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing ? (
        <RemoveDialog
          plugin={removing}
          onCancel={() => setRemoving(null)}
          onRemove={() => remove(removing)}
        />
      ) : null}
    </div>
  );
}

/** Installing, updating and removing drivers, one at a time, each told in a toast. */
function usePluginJobs(reload: () => void) {
  const toasts = useToasts();
  const [busy, setBusy] = useState<{ type: string; job: JobView | null } | null>(null);
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
      reload();
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
      reload();
    }
  };
  return { busy, removing, setRemoving, act, remove };
}

/** A driver's install, update and remove buttons, or the progress of the one running. */
function PluginActions(props: {
  plugin: PluginEntry;
  busy: { type: string; job: JobView | null } | null;
  onAct: (action: "install" | "update") => void;
  onRemove: () => void;
}) {
  const { plugin: p, busy } = props;
  if (busy?.type === p.type)
    return (
      <ProgressBar label={busy.job?.label ?? "Starting…"} progress={busy.job?.progress ?? null} />
    );
  return (
    <>
      {!p.installed ? (
        <button
          type="button"
          className="small primary"
          disabled={!!busy}
          onClick={() => props.onAct("install")}
          aria-label={`Install ${p.displayName}`}
        >
          Install
        </button>
      ) : null}
      {p.installed && p.updateAvailable ? (
        <button
          type="button"
          className="small"
          disabled={!!busy}
          onClick={() => props.onAct("update")}
          aria-label={`Update ${p.displayName}`}
        >
          Update
        </button>
      ) : null}
      {p.installed ? (
        <button
          type="button"
          className="small danger-text"
          disabled={!!busy}
          onClick={props.onRemove}
          aria-label={`Remove ${p.displayName}`}
        >
          Remove
        </button>
      ) : null}
    </>
  );
}

function RemoveDialog(props: { plugin: PluginEntry; onCancel: () => void; onRemove: () => void }) {
  return (
    <Modal
      title={`Remove the ${props.plugin.displayName} driver`}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={props.onRemove}>
            Remove
          </button>
        </>
      }
    >
      <p>
        Saved {props.plugin.displayName} connections are kept; opening one installs the driver
        again.
      </p>
    </Modal>
  );
}
