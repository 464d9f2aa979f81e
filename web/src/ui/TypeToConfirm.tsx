/**
 * The name to type out before a destructive request is sent: the request goes only once `value`
 * equals `name` (the caller compares).
 */
export function TypeToConfirm({
  name,
  value,
  onChange,
  focus = false,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Take the focus when shown: when the request is already on screen, typing is what is left. */
  focus?: boolean;
}) {
  return (
    <label className="index-confirm">
      <span>
        Type <strong>{name}</strong> to confirm
      </span>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={`Type ${name} to confirm`}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: only where the request is shown and typing is the one thing left
        autoFocus={focus}
        spellCheck={false}
      />
    </label>
  );
}
