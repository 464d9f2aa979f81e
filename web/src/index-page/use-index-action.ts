/**
 * One index action on the page: planned by the app (the exact request, shown before anything is
 * sent), what a dangerous one would affect (measured now, reads only), then sent with the
 * confirmed request and the typed name. The answer, or the cluster's refusal with its reason, is
 * kept for the page to show.
 */
import { useState } from "react";
import type { TableActionInput } from "../../../src/core/table-details.ts";
import { call, ui } from "../api/client.ts";
import type { ConsoleImpact, PlannedTableAction, TableActionRun } from "../api/types.ts";
import { announceDataChanged } from "../navigation/data-changed.ts";
import { useBusy } from "../ui/use-busy.ts";

export interface Outcome {
  input: TableActionInput;
  text: string;
  run: TableActionRun;
}

export function useIndexAction(connectionId: string, onDone: (o: Outcome) => void) {
  const [input, setInput] = useState<TableActionInput | null>(null);
  const [planned, setPlanned] = useState<PlannedTableAction | null>(null);
  const [impact, setImpact] = useState<ConsoleImpact["impact"]>(null);
  const { busy, error, setError, attempt } = useBusy();
  const actions = ui.connections[":id"]["table-actions"];
  const param = { id: connectionId };

  /** Opens the dialog on `next`; planned at once unless it waits for a parameter. */
  const open = (next: TableActionInput, planNow = true) => {
    setInput(next);
    setPlanned(null);
    setImpact(null);
    setError(null);
    if (planNow) void plan(next);
  };

  const plan = async (next: TableActionInput) => {
    setInput(next);
    await attempt(
      async () => {
        const p = await call(actions.plan.$post, { param, json: next });
        setPlanned(p);
        if (p.plan.confirmName !== null)
          setImpact((await call(actions.impact.$post, { param, json: next })).impact);
      },
      () => setPlanned(null),
    );
  };

  const send = async (typed: string) => {
    if (!planned) return;
    await attempt(async () => {
      const run = await call(actions.run.$post, {
        param,
        json: {
          input: planned.plan.input,
          confirmed: planned.plan.request,
          typed,
        },
      });
      if (run.result.kind !== "error" && run.plan.classification.class !== "read")
        announceDataChanged(connectionId);
      onDone({ input: planned.plan.input, text: planned.text, run });
      setInput(null);
      setPlanned(null);
    });
  };

  const cancel = () => {
    setInput(null);
    setPlanned(null);
  };

  return { input, planned, impact, error, busy, open, plan, send, cancel };
}

export type IndexAction = ReturnType<typeof useIndexAction>;
