/**
 * A CSV import into an index that does not exist: the mapping the import will create it with
 * (inferred from the file's first rows) and the request it sends, shown before anything is
 * written; the import waits for the box to be ticked.
 */
import { useState } from "react";
import type { ImportPreview } from "../api/types.ts";

type Planned = NonNullable<ImportPreview["create"]>;

/**
 * The planned creation and whether Import may go: a creation shown must be ticked. `current` is
 * false while the name typed is not yet the one previewed (its own plan is on its way).
 */
export function useCreateConfirm(planned: Planned | undefined, current: boolean) {
  // The tick confirms the plan it was given on: a new preview's plan starts unticked.
  const [tickedPlan, setTickedPlan] = useState<Planned | undefined>(undefined);
  const create = current ? planned : undefined;
  const ticked = !!create && tickedPlan === create;
  const setTicked = (on: boolean) => setTickedPlan(on ? create : undefined);
  return { create, ticked, setTicked, confirmed: !planned || ticked };
}

export function CreatePlan(props: {
  table: string;
  plan: ReturnType<typeof useCreateConfirm>;
  disabled: boolean;
}) {
  const { create, ticked, setTicked } = props.plan;
  if (!create) return null;
  return (
    <div className="transfer-create" data-testid="import-create-plan">
      <p>
        {props.table} does not exist: it will be created with this mapping, inferred from the first{" "}
        {create.inferredFrom} rows.
      </p>
      <pre>{create.request}</pre>
      {create.notes.length > 0 ? (
        <ul>
          {create.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <label>
        <input
          type="checkbox"
          checked={ticked}
          onChange={(e) => setTicked(e.target.checked)}
          disabled={props.disabled}
        />{" "}
        Create {props.table} with this mapping
      </label>
    </div>
  );
}
