/**
 * A CSV import into an index that does not exist: the mapping the import will create it with
 * (inferred from the file's first rows) and the request it sends, shown before anything is
 * written; the import waits for the box to be ticked.
 */
import type { ImportPreview } from "../api/types.ts";

export function CreatePlan(props: {
  table: string;
  create: NonNullable<ImportPreview["create"]>;
  ticked: boolean;
  onTick: (t: boolean) => void;
  disabled: boolean;
}) {
  const { create } = props;
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
          checked={props.ticked}
          onChange={(e) => props.onTick(e.target.checked)}
          disabled={props.disabled}
        />{" "}
        Create {props.table} with this mapping
      </label>
    </div>
  );
}
