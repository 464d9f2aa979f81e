/**
 * One cluster administration action in the UI (core/cluster-admin.ts): planned by the app (its
 * requests as shown, a password hidden), then sent with the shown requests and the typed name.
 * The cluster's answers, or its refusal part way, are kept for the dialog to show.
 */
import { useState } from "react";
import type { ClusterAdminInput } from "../../../src/core/cluster-admin.ts";
import { call, ui } from "../api/client.ts";
import type { AdminActionRun, PlannedAdminAction } from "../api/types.ts";
import { announceDataChanged } from "../navigation/data-changed.ts";
import { useBusy } from "../ui/use-busy.ts";

export function useAdminAction(connectionId: string) {
  const [planned, setPlanned] = useState<PlannedAdminAction | null>(null);
  const [input, setInput] = useState<ClusterAdminInput | null>(null);
  const [run, setRun] = useState<AdminActionRun | null>(null);
  const { busy, error, setError, attempt } = useBusy();
  const admin = ui.connections[":id"].admin;
  const param = { id: connectionId };

  const plan = async (next: ClusterAdminInput) => {
    setRun(null);
    await attempt(
      async () => {
        setPlanned(await call(admin.plan.$post, { param, json: next }));
        setInput(next);
      },
      () => setPlanned(null),
    );
  };

  const send = async (typed: string) => {
    if (!planned || !input) return;
    await attempt(async () => {
      const r = await call(admin.run.$post, {
        param,
        json: { input, confirmed: planned.plan.shown, typed },
      });
      setRun(r);
      if (!r.refusal) announceDataChanged(connectionId);
    });
  };

  const reset = () => {
    setPlanned(null);
    setInput(null);
    setRun(null);
    setError(null);
  };
  return { planned, run, error, busy, plan, send, reset };
}

export type AdminAction = ReturnType<typeof useAdminAction>;
