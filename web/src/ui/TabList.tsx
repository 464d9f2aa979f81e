/**
 * A view's or a page's own tabs, drawn underlined (styles.css `.underline-tabs`). With `idOf` and
 * `panelId`, each tab names its id and the panel it controls, for `aria-labelledby` on the panel.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  labelOf = (t) => t,
  idOf,
  panelId,
  className,
}: {
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  labelOf?: (tab: T) => string;
  idOf?: (tab: T) => string;
  panelId?: string;
  className?: string;
}) {
  return (
    <div
      className={className ? `underline-tabs ${className}` : "underline-tabs"}
      role="tablist"
      aria-label={label}
    >
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={idOf?.(t)}
          aria-selected={t === selected}
          aria-controls={panelId}
          className={t === selected ? "tab active" : "tab"}
          onClick={() => onSelect(t)}
        >
          {labelOf(t)}
        </button>
      ))}
    </div>
  );
}
