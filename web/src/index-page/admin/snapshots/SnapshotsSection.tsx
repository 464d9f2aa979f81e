/**
 * A connection's backup repositories and their snapshots: "Register repository…" (a form from the
 * kinds the cluster offers), and for each repository Verify…, Take snapshot… and Remove…, which
 * asks for its name typed; then each repository's snapshots (RepositorySnapshots.tsx).
 */
import { useState } from "react";
import type { RepositoryInfo } from "../../../../../src/core/cluster-admin.ts";
import { call, ui } from "../../../api/client.ts";
import type { AdminActionRun } from "../../../api/types.ts";
import { shownError } from "../../../ui/errors.tsx";
import { Loading, useLoad } from "../../../ui/loading.tsx";
import { FixedActionDialog } from "../FixedActionDialog.tsx";
import { RegisterRepository } from "./RegisterRepository.tsx";
import { RepositorySnapshots } from "./RepositorySnapshots.tsx";
import { TakeSnapshot } from "./TakeSnapshot.tsx";

type Open =
  | { what: "register" }
  | { what: "verify" | "remove" | "take"; repository: RepositoryInfo }
  | null;

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
  const [open, setOpen] = useState<Open>(null);
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
            <li key={r.name}>
              <code>{r.name}</code> <span className="muted">({r.type})</span>{" "}
              <span className="muted">{settingsText(r.settings)}</span>{" "}
              {REPOSITORY_ACTIONS.map((what) => (
                <button
                  key={what}
                  type="button"
                  className={what === "remove" ? "small danger" : "small"}
                  onClick={() => setOpen({ what, repository: r })}
                >
                  {LABELS[what]}
                </button>
              ))}
            </li>
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
      {open?.what === "register" && kinds.data ? (
        <RegisterRepository connectionId={connectionId} kinds={kinds.data.kinds} onClose={close} />
      ) : null}
      {open?.what === "take" ? (
        <TakeSnapshot
          connectionId={connectionId}
          repository={open.repository.name}
          onDone={changed}
          onClose={close}
        />
      ) : null}
      {open?.what === "verify" ? (
        <FixedActionDialog
          connectionId={connectionId}
          title={`Verify repository ${open.repository.name}`}
          text={`Every node writes a test file to ${open.repository.name} and reads it back.`}
          input={{ action: "repository-verify", repository: open.repository.name }}
          outcome={(run) => <VerifiedBy run={run} />}
          onClose={close}
        />
      ) : null}
      {open?.what === "remove" ? (
        <FixedActionDialog
          connectionId={connectionId}
          title={`Remove repository ${open.repository.name}`}
          text={`The cluster forgets ${open.repository.name}; its files stay where they are.`}
          input={{ action: "repository-remove", repository: open.repository.name }}
          onClose={close}
        />
      ) : null}
    </>
  );
}

const REPOSITORY_ACTIONS: ("verify" | "take" | "remove")[] = ["verify", "take", "remove"];
const LABELS = { verify: "Verify…", take: "Take snapshot…", remove: "Remove…" };

const settingsText = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The nodes that verified the repository, from the cluster's answer (`nodes: { id: { name } }`). */
function VerifiedBy({ run }: { run: AdminActionRun }) {
  const answer = run.results.at(-1);
  const raw = answer && "raw" in answer ? answer.raw : undefined;
  const nodes = isRecord(raw) && isRecord(raw.nodes) ? Object.entries(raw.nodes) : [];
  return (
    <p data-testid="verified-by">
      Verified by{" "}
      {nodes
        .map(([id, n]) => (isRecord(n) && typeof n.name === "string" ? n.name : id))
        .join(", ") || "no node"}
      .
    </p>
  );
}
