/**
 * An administration action with nothing to fill in (verify or remove a repository, delete a
 * snapshot or a template): what it does in a sentence, then the plan, shown at once since there
 * is nothing to fill in, the name typed when the plan asks for it, and the outcome
 * (AdminDialog.tsx).
 */
import { type ReactNode, useEffect } from "react";
import type { ClusterAdminInput } from "../../../src/core/cluster-admin.ts";
import type { AdminActionRun } from "../api/types.ts";
import { AdminDialog } from "./AdminDialog.tsx";
import { useAdminAction } from "./use-admin-action.ts";

export function FixedActionDialog({
  connectionId,
  title,
  text,
  input,
  outcome,
  onClose,
}: {
  connectionId: string;
  title: string;
  text: ReactNode;
  input: ClusterAdminInput;
  outcome?: (run: AdminActionRun) => ReactNode;
  onClose: () => void;
}) {
  const action = useAdminAction(connectionId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: planned once, when the dialog opens
  useEffect(() => {
    void action.plan(input);
  }, []);
  return (
    <AdminDialog
      title={title}
      action={action}
      onClose={onClose}
      input={() => input}
      form={<p>{text}</p>}
      {...(outcome ? { outcome } : {})}
    />
  );
}
