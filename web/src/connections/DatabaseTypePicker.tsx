/**
 * The chooser's database types. Picking one whose driver is not installed offers its download
 *, with progress; once installed the editor opens.
 */
import { useState } from "react";
import type { DatabaseType, JobView } from "../api/types.ts";
import { navigate } from "../navigation/route.ts";
import { DialogFooter } from "../ui/dialog-footer.tsx";
import { ErrorNote } from "../ui/errors.tsx";
import type { Loaded } from "../ui/loading.tsx";
import { Loading } from "../ui/loading.tsx";
import { Modal } from "../ui/modal.tsx";
import { installPlugin } from "../ui/plugin-actions.ts";
import { ProgressBar } from "../ui/progress.tsx";

export function DatabaseTypePicker({ types }: { types: Loaded<DatabaseType[]> }) {
  const [offer, setOffer] = useState<DatabaseType | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const [error, setError] = useState<unknown>(null);

  const pick = (t: DatabaseType) => {
    if (t.installed) navigate({ screen: "connections", newType: t.type });
    else {
      setOffer(t);
      setJob(null);
      setError(null);
    }
  };

  const install = async (t: DatabaseType) => {
    setError(null);
    try {
      await installPlugin(t.type, setJob);
      types.reload();
      setOffer(null);
      navigate({ screen: "connections", newType: t.type });
    } catch (e) {
      setError(e);
    }
  };

  return (
    <div className="type-picker">
      <h2>New connection</h2>
      <p className="muted">Choose the database type.</p>
      <Loading active={types.loading} label="Loading database types…" />
      <ErrorNote error={types.error} />
      <div className="type-grid">
        {types.data?.map((t) => (
          <button
            key={t.type}
            type="button"
            className="type-tile"
            onClick={() => pick(t)}
            data-type={t.type}
          >
            <span className="type-name">{t.displayName}</span>
            <span className="type-status">
              {t.loadError
                ? "failed to load"
                : t.installed
                  ? `driver ${t.installedVersion ?? ""}`
                  : "driver not installed"}
            </span>
          </button>
        ))}
      </div>
      {offer ? (
        <InstallDriverDialog
          offer={offer}
          job={job}
          error={error}
          onCancel={() => setOffer(null)}
          onInstall={() => install(offer)}
        />
      ) : null}
    </div>
  );
}

/** The offer to download a driver that is not installed, with the download's progress. */
function InstallDriverDialog(props: {
  offer: DatabaseType;
  job: JobView | null;
  error: unknown;
  onCancel: () => void;
  onInstall: () => void;
}) {
  const { offer, job } = props;
  const running = job?.state === "running";
  return (
    <Modal
      title={`Install the ${offer.displayName} driver`}
      onClose={props.onCancel}
      footer={
        <DialogFooter
          onCancel={props.onCancel}
          cancelDisabled={running}
          action="Download and install"
          onAction={props.onInstall}
          actionDisabled={running}
        />
      }
    >
      <p>
        Connections to {offer.displayName} need its driver plugin
        {offer.availableVersion ? ` (version ${offer.availableVersion})` : ""}. Quarry downloads it
        from the plugin catalog and checks its SHA-256 before loading it.
      </p>
      {offer.loadError ? <ErrorNote error={offer.loadError} /> : null}
      {job ? <ProgressBar label={job.label} progress={job.progress} /> : null}
      <ErrorNote error={props.error} />
    </Modal>
  );
}
