/**
 * What the security lists share: a section with its "New …" button over a list, and the small
 * buttons on each item, one of which opens a change shown as its request and confirmed by the
 * name typed (dialogs.tsx).
 */
import type { ReactNode } from "react";
import type { SecurityInput } from "../../../../../src/core/cluster-security.ts";
import type { OpenDialog, SecurityDialog } from "./dialogs.tsx";

export function SecurityList({
  title,
  create,
  testId,
  children,
}: {
  title: string;
  /** The "New …" button: its label and the dialog it opens. */
  create: { label: string; open: () => void };
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="index-objects" aria-label={title}>
      <h3>
        {title}{" "}
        <button type="button" className="small" onClick={create.open}>
          {create.label}
        </button>
      </h3>
      <ul data-testid={testId}>{children}</ul>
    </section>
  );
}

/** A small button that opens a dialog. */
export function OpenButton({
  label,
  open,
  dialog,
}: {
  label: string;
  open: OpenDialog;
  dialog: SecurityDialog;
}) {
  return (
    <>
      {" "}
      <button type="button" className="small" onClick={() => open(dialog)}>
        {label}
      </button>
    </>
  );
}

/** A change without a form (enable, disable, delete, invalidate): its request, then the name. */
export function ConfirmButton({
  label,
  title,
  input,
  open,
}: {
  label: string;
  title: string;
  input: SecurityInput;
  open: OpenDialog;
}) {
  return <OpenButton label={label} open={open} dialog={{ kind: "confirm", title, input }} />;
}
