/**
 * What the security lists share: a section with its "New …" button over a table, and the small
 * buttons on each row, one of which opens a change shown as its request and confirmed by the
 * name typed (dialogs.tsx).
 */
import type { ReactNode } from "react";
import type { SecurityInput } from "../../../../src/core/cluster-security.ts";
import { AdminSection, AdminTable } from "../AdminTable.tsx";
import type { OpenDialog, SecurityDialog } from "./dialogs.tsx";

export function SecurityList({
  title,
  create,
  testId,
  columns,
  count,
  empty,
  note,
  children,
}: {
  title: string;
  /** The "New …" button: its label and the dialog it opens. */
  create: { label: string; open: () => void };
  testId: string;
  columns: string[];
  count: number;
  empty: string;
  /** A line under the table (what it leaves out). */
  note?: string;
  children: ReactNode;
}) {
  return (
    <AdminSection title={title} create={create}>
      <AdminTable testId={testId} columns={columns} count={count} empty={empty}>
        {children}
      </AdminTable>
      {note ? <p className="muted">{note}</p> : null}
    </AdminSection>
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
