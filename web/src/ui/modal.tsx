/** A modal dialog: focus moves into it, Escape closes it, Tab stays inside. */
import { type ReactNode, useEffect, useRef } from "react";

export function Modal({
  title,
  onClose,
  children,
  footer,
  wide,
  label,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const previous = document.activeElement as HTMLElement | null;
    const first = el?.querySelector<HTMLElement>(
      "[autofocus], input, select, textarea, button.primary, button",
    );
    first?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click like every dialog
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal${wide ? " modal-wide" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-label={label ?? title}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            onClose();
          }
          if (e.key === "Tab") trapTab(e, ref.current);
        }}
      >
        <header className="modal-header">
          <h2>{title}</h2>
          <button type="button" className="icon" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </div>
  );
}

function trapTab(e: React.KeyboardEvent, root: HTMLElement | null): void {
  if (!root) return;
  const items = [
    ...root.querySelectorAll<HTMLElement>(
      "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])",
    ),
  ];
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
