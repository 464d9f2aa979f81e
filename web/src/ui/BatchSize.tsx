/** The Advanced block of the dialogs that move documents: how many one request or batch holds. */
export function BatchSize({
  label,
  value,
  onChange,
  placeholder,
  hint,
  disabled,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  hint: string;
  disabled: boolean;
  /** Another class beside `advanced`. */
  className?: string;
}) {
  return (
    <details className={className ? `advanced ${className}` : "advanced"}>
      <summary>Advanced</summary>
      <label className="field">
        <span>{label}</span>
        <input
          type="number"
          min={1}
          max={10_000}
          step={1}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
        />
      </label>
      <span className="hint">{hint}</span>
    </details>
  );
}
