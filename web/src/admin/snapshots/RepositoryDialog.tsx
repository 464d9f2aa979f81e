/**
 * The dialog of a repository action (docs/decisions.md, "Cluster administration"): registering
 * one from the cluster's form, taking a snapshot into it, verifying it (the nodes that did, or the
 * cluster's refusal), removing it once its name is typed.
 */
import type { RepositoryInfo, RepositoryKind } from "../../../../src/core/cluster-admin.ts";
import type { AdminActionRun } from "../../api/types.ts";
import { FixedActionDialog } from "../FixedActionDialog.tsx";
import { RegisterRepository } from "./RegisterRepository.tsx";
import { TakeSnapshot } from "./TakeSnapshot.tsx";

export type Open =
  | { what: "register" }
  | { what: "verify" | "remove" | "take"; repository: RepositoryInfo };

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

/** The dialog of the repository action asked for. */
export function RepositoryDialog({
  connectionId,
  open,
  kinds,
  onTaken,
  onClose: close,
}: {
  connectionId: string;
  open: Open;
  kinds: RepositoryKind[];
  onTaken: () => void;
  onClose: () => void;
}) {
  return (
    <>
      {open.what === "register" ? (
        <RegisterRepository connectionId={connectionId} kinds={kinds} onClose={close} />
      ) : null}
      {open.what === "take" ? (
        <TakeSnapshot
          connectionId={connectionId}
          repository={open.repository.name}
          onDone={onTaken}
          onClose={close}
        />
      ) : null}
      {open.what === "verify" ? (
        <FixedActionDialog
          connectionId={connectionId}
          title={`Verify repository ${open.repository.name}`}
          text={`Every node writes a test file to ${open.repository.name} and reads it back.`}
          input={{ action: "repository-verify", repository: open.repository.name }}
          outcome={(run) => <VerifiedBy run={run} />}
          onClose={close}
        />
      ) : null}
      {open.what === "remove" ? (
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
