/** Two pressed-state buttons that switch a view between a readable form and its JSON. */
export function ViewSwitch({
  label,
  first,
  asJson,
  onAsJson,
}: {
  /** The group's accessible name. */
  label: string;
  /** The readable view's button text ("Form", "Tree"). */
  first: string;
  asJson: boolean;
  onAsJson: (v: boolean) => void;
}) {
  return (
    <fieldset className="index-mapping-switch" aria-label={label}>
      <button
        type="button"
        className="small"
        aria-pressed={!asJson}
        onClick={() => onAsJson(false)}
      >
        {first}
      </button>
      <button type="button" className="small" aria-pressed={asJson} onClick={() => onAsJson(true)}>
        JSON
      </button>
    </fieldset>
  );
}
