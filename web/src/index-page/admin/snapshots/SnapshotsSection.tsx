/**
 * A connection's backup repositories and their snapshots: "Register repository…" (a form from the
 * kinds the cluster offers), and for each repository Verify…, Take snapshot… and Remove…, which
 * asks for its name typed; then each repository's snapshots (RepositorySnapshots.tsx).
 */
import { useState } from "react";
import type { RepositoryInfo } from "../../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../../api/client.ts";
import { shownError } from "../../../ui/errors.tsx";
import { Loading, useLoad } from "../../../ui/loading.tsx";
import { type Open, RepositoryDialog } from "./RepositoryDialog.tsx";
import { RepositorySnapshots } from "./RepositorySnapshots.tsx";

export function SnapshotsSection({ connectionId }: { connectionId: string }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const param = { id: connectionId };
  const admin = ui.connections[":id"].admin;
  const repos = useLoad(
    (signal) => call(admin.repositories.$get, { param }, signal),
    [connectionId, version],
  );
  const kinds = useLoad(
    (signal) => call(admin["repository-kinds"].$get, { param }, signal),
    [connectionId],
  );
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => {
    setOpen(null);
    changed();
  };
  const repositories = repos.data?.repositories ?? [];
  const noKind = kinds.data?.kinds.length === 0;
  return (
    <>
      <section className="index-objects" aria-label="Snapshot repositories">
        <h3>
          Snapshot repositories{" "}
          <button
            type="button"
            className="small"
            disabled={!kinds.data || noKind}
            onClick={() => setOpen({ what: "register" })}
          >
            Register repository…
          </button>
        </h3>
        {noKind ? (
          <p className="muted">
            The cluster's nodes offer no repository type Quarry can register: set path.repo on every
            node for a shared file system, or install a repository plugin.
          </p>
        ) : null}
        <Loading active={repos.loading} label="Loading…" />
        {repos.error ? <p className="muted">{shownError(repos.error).message}</p> : null}
        {repos.data && repositories.length === 0 ? <p className="muted">None.</p> : null}
        <ul data-testid="repositories-list">
          {repositories.map((r) => (
            <RepositoryItem
              key={r.name}
              repository={r}
              open={(what) => setOpen({ what, repository: r })}
            />
          ))}
        </ul>
      </section>
      <section className="index-objects" aria-label="Snapshots">
        <h3>Snapshots</h3>
        {repositories.map((r) => (
          <RepositorySnapshots
            key={r.name}
            connectionId={connectionId}
            repository={r.name}
            version={version}
            onChanged={changed}
          />
        ))}
      </section>
      {open ? (
        <RepositoryDialog
          connectionId={connectionId}
          open={open}
          kinds={kinds.data?.kinds ?? []}
          onTaken={changed}
          onClose={close}
        />
      ) : null}
    </>
  );
}

const REPOSITORY_ACTIONS: ("verify" | "take" | "remove")[] = ["verify", "take", "remove"];
const LABELS = { verify: "Verify…", take: "Take snapshot…", remove: "Remove…" };

/** One repository: its type and settings, Verify…, Take snapshot… and Remove…. */
function RepositoryItem({
  repository: r,
  open,
}: {
  repository: RepositoryInfo;
  open: (what: "verify" | "take" | "remove") => void;
}) {
  return (
    <li>
      <code>{r.name}</code> <span className="muted">({r.type})</span>{" "}
      <span className="muted">{settingsText(r.settings)}</span>{" "}
      {REPOSITORY_ACTIONS.map((what) => (
        <button
          key={what}
          type="button"
          className={what === "remove" ? "small danger" : "small"}
          onClick={() => open(what)}
        >
          {LABELS[what]}
        </button>
      ))}
    </li>
  );
}

const settingsText = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
