/** One choice among a few, each a radio with its label and a hint of what it does. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
}

export function RadioChoices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="choices" disabled={disabled}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="radio">
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
          />
          {c.label} <span className="hint">{c.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}
