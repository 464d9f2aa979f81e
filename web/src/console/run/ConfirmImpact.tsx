/**
 * The console confirmation's impact: each destructive request is measured when the dialog opens
 * (`POST <console>/impact`, reads only) and what it would affect is shown. A request that reaches
 * more indices than it names (a wildcard, `_all`, an alias) lists them, and Run waits until the
 * user ticks that list; one whose indices could not be measured says why, and Run waits until the
 * user ticks that they run it anyway. Run also waits for the measuring itself.
 */
import { useEffect, useState } from "react";
import { consoleText } from "../../../../src/core/console.ts";
import { type Impact, namesText, unmeasuredImpact } from "../../../../src/core/impact.ts";
import { call, ui } from "../../api/client.ts";
import type { ParsedConsoleRequest } from "../../api/types.ts";
import { ImpactSummary } from "../../ui/ImpactSummary.tsx";

/** One request's measurement: under way, or done (null: nothing to measure). */
type Measured = { state: "measuring" } | { state: "done"; impact: Impact | null };

export interface ConfirmImpacts {
  measured: Measured[];
  ticked: ReadonlySet<number>;
  tick: (i: number, on: boolean) => void;
  /** Every request measured, and every list that must be confirmed ticked. */
  ready: boolean;
}

/** Whether the user must tick something for this request before it runs. */
function needsTick(m: Measured): boolean {
  return m.state === "done" && m.impact !== null && m.impact.widens;
}

export function useConfirmImpacts(
  connectionId: string,
  blocks: ParsedConsoleRequest[],
): ConfirmImpacts {
  const [measured, setMeasured] = useState<Measured[]>(() =>
    blocks.map(() => ({ state: "measuring" })),
  );
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const stop = new AbortController();
    for (const [i, b] of blocks.entries()) {
      const done = (impact: Impact | null) =>
        setMeasured((all) => all.map((m, j) => (j === i ? { state: "done", impact } : m)));
      if (!b.request) {
        done(null);
        continue;
      }
      call(
        ui.connections[":id"].console.impact.$post,
        { param: { id: connectionId }, json: { request: b.request } },
        stop.signal,
      ).then(
        (answer) => done(answer.impact),
        (e: unknown) => {
          if (!stop.signal.aborted)
            done(unmeasuredImpact([], false, e instanceof Error ? e.message : String(e)));
        },
      );
    }
    return () => stop.abort();
  }, [connectionId, blocks]);
  const tick = (i: number, on: boolean) =>
    setTicked((t) => {
      const next = new Set(t);
      if (on) next.add(i);
      else next.delete(i);
      return next;
    });
  const ready = measured.every((m, i) => m.state === "done" && (!needsTick(m) || ticked.has(i)));
  return { measured, ticked, tick, ready };
}

export function ConfirmImpactList({
  blocks,
  impacts,
}: {
  blocks: ParsedConsoleRequest[];
  impacts: ConfirmImpacts;
}) {
  return (
    <div data-testid="confirm-impacts">
      {blocks.map((b, i) => {
        const m = impacts.measured[i];
        if (!m || !b.request) return null;
        const head = blocks.length > 1 ? consoleText({ ...b.request, body: undefined }) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are fixed while the dialog is open
          <div key={i} className="confirm-impact">
            {head ? <p className="muted">{head}</p> : null}
            {m.state === "measuring" ? (
              <p className="muted">Measuring what it would affect…</p>
            ) : m.impact ? (
              <>
                <ImpactSummary impact={m.impact} />
                {m.impact.widens ? <NamesTick impact={m.impact} i={i} impacts={impacts} /> : null}
              </>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function NamesTick({ impact, i, impacts }: { impact: Impact; i: number; impacts: ConfirmImpacts }) {
  const n = impact.resolved.length;
  const text = impact.unmeasured
    ? `Run it although which indices ${impact.named.join(",")} reaches could not be measured`
    : `I confirm it reaches these ${n} ${n === 1 ? "index" : "indices"}: ${namesText(impact.resolved, 50)}`;
  return (
    <label className="impact-confirm">
      <input
        type="checkbox"
        data-testid="confirm-names"
        checked={impacts.ticked.has(i)}
        onChange={(e) => impacts.tick(i, e.target.checked)}
      />
      <span>{text}</span>
    </label>
  );
}
