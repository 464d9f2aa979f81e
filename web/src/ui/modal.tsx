/**
 * A modal dialog: focus moves into it, Escape closes it, Tab stays inside, and on close focus goes
 * back to what had it before. Dialogs can stack (an approval prompt over an open dialog): only the
 * topmost one answers the keyboard.
 */
import { type ReactNode, useEffect, useRef } from "react";

/** Open dialogs, the topmost last. */
const stack: HTMLElement[] = [];

const FOCUSABLE =
  "button, input, select, textarea, a[href], [contenteditable='true'], [tabindex]:not([tabindex='-1'])";

/** What can take focus inside `root`, in tab order (disabled and hidden things left out). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(":disabled") && el.getClientRects().length > 0,
  );
}

/**
 * The first thing to focus: an [autofocus] field, else the first form field of the body (the
 * dialog is there to be filled in), else the footer's primary action, else its first button
 * (Cancel, for confirmations: Enter must never delete by accident), else anything.
 */
function initialFocus(root: HTMLElement): HTMLElement | undefined {
  const body = root.querySelector<HTMLElement>(".modal-body");
  const footer = root.querySelector<HTMLElement>(".modal-footer");
  const pick = (scope: HTMLElement | null, selector: string) =>
    scope ? focusables(scope).find((el) => el.matches(selector)) : undefined;
  return (
    pick(root, "[autofocus]") ??
    pick(body, "input, select, textarea, [contenteditable='true']") ??
    pick(footer, "button.primary") ??
    pick(footer, "button") ??
    focusables(root)[0]
  );
}

/**
 * While the dialog is open: it is on top of the stack, holds the focus (Tab stays inside, focus
 * that lands outside comes back), Escape closes it; once closed the focus goes back where it was.
 */
function useDialogFocus(ref: React.RefObject<HTMLDivElement | null>, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens (the ref is the dialog's own)
  useEffect(() => {
    const el = ref.current!;
    const previous = document.activeElement as HTMLElement | null;
    stack.push(el);
    const focusFirst = () => (initialFocus(el) ?? el).focus();
    // The body may still be loading: focus its first field once it has rendered, unless focus has
    // already moved to something inside (typing must never jump to the first field on a slow tab).
    const t = setTimeout(() => {
      const at = document.activeElement;
      if (at === el || !(at instanceof Node && el.contains(at))) focusFirst();
    }, 0);
    focusFirst();

    const isTop = () => stack[stack.length - 1] === el;
    const onKey = (e: KeyboardEvent) => {
      if (!isTop()) return;
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        onCloseRef.current();
      } else if (e.key === "Tab") trapTab(e, el);
    };
    // Focus that lands outside the topmost dialog (a click on the backdrop, an element removed
    // under the cursor) is brought back, so the keyboard never acts on the page behind it.
    const onFocusIn = (e: FocusEvent) => {
      if (isTop() && e.target instanceof Node && !el.contains(e.target)) focusFirst();
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      clearTimeout(t);
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      stack.splice(stack.indexOf(el), 1);
      const back =
        previous?.isConnected && previous !== document.body
          ? previous
          : document.querySelector<HTMLElement>("main");
      back?.focus({ preventScroll: true });
    };
  }, []);
}

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
  useDialogFocus(ref, onClose);

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
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 className="modal-title">{title}</h2>
          <button type="button" className="icon" aria-label="Close (Escape)" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </div>
  );
}

function trapTab(e: KeyboardEvent, root: HTMLElement): void {
  const items = focusables(root);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const at = document.activeElement;
  const inside = at instanceof Node && root.contains(at);
  if (e.shiftKey && (at === first || at === root || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}

/** True while a dialog is open: page-wide shortcuts wait until it is closed. */
export function isModalOpen(): boolean {
  return stack.length > 0;
}
