/**
 * A connection's backup repositories and their snapshots: "Register repository…" (a form from the
 * kinds the cluster offers), and for each repository Verify…, Take snapshot… and Remove…, which
 * asks for its name typed; then each repository's snapshots (RepositorySnapshots.tsx).
 */
import { useState } from "react";
import type { RepositoryInfo } from "../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../api/client.ts";
import { shownError } from "../../ui/errors.tsx";
import { Loading, useLoad } from "../../ui/loading.tsx";
import { Actions, AdminSection, AdminTable } from "../AdminTable.tsx";
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
      <AdminSection
        title="Snapshot repositories"
        create={{
          label: "Register repository…",
          open: () => setOpen({ what: "register" }),
          disabled: !kinds.data || noKind,
        }}
      >
        {noKind ? (
          <p className="muted">
            The cluster's nodes offer no repository type Quarry can register: set path.repo on every
            node for a shared file system, or install a repository plugin.
          </p>
        ) : null}
        <Loading active={repos.loading} label="Loading…" />
        {repos.error ? <p className="muted">{shownError(repos.error).message}</p> : null}
        {repos.data ? (
          <RepositoriesTable
            repositories={repositories}
            open={(what, r) => setOpen({ what, repository: r })}
          />
        ) : null}
      </AdminSection>
      <AdminSection title="Snapshots">
        {repos.data && repositories.length === 0 ? (
          <p className="muted">No repository, so no snapshots: register one above.</p>
        ) : null}
        {repositories.map((r) => (
          <RepositorySnapshots
            key={r.name}
            connectionId={connectionId}
            repository={r.name}
            version={version}
            onChanged={changed}
          />
        ))}
      </AdminSection>
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

type RepositoryAction = "verify" | "take" | "remove";

function RepositoriesTable({
  repositories,
  open,
}: {
  repositories: RepositoryInfo[];
  open: (what: RepositoryAction, repository: RepositoryInfo) => void;
}) {
  return (
    <AdminTable
      testId="repositories-list"
      columns={["Name", "Type", "Settings", ""]}
      count={repositories.length}
      empty="No snapshot repositories."
    >
      {repositories.map((r) => (
        <RepositoryRow key={r.name} repository={r} open={(what) => open(what, r)} />
      ))}
    </AdminTable>
  );
}

/** One repository: its type and settings, Verify…, Take snapshot… and Remove…. */
function RepositoryRow({
  repository: r,
  open,
}: {
  repository: RepositoryInfo;
  open: (what: "verify" | "take" | "remove") => void;
}) {
  return (
    <tr data-repository={r.name}>
      <td>
        <code>{r.name}</code>
      </td>
      <td>{r.type}</td>
      <td>{settingsText(r.settings)}</td>
      <Actions>
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
      </Actions>
    </tr>
  );
}

const settingsText = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
