/**
 * What every list of the administration is drawn with: a card titled by what it lists, with its
 * "New …" button, over a table like the cluster page's; an empty list said in words ("No users."),
 * and a list the cluster cannot give said with its reason.
 */
import type { ReactNode } from "react";
import { TableHead } from "../ui/TableHead.tsx";

export function AdminSection({
  title,
  create,
  children,
}: {
  title: string;
  /** The "New …" button: its label, what it opens, and whether the cluster allows it now. */
  create?: { label: string; open: () => void; disabled?: boolean };
  children: ReactNode;
}) {
  return (
    <section className="card admin-section" aria-label={title}>
      <h3>
        {title}
        {create ? (
          <>
            {" "}
            <button
              type="button"
              className="small"
              disabled={create.disabled}
              onClick={create.open}
            >
              {create.label}
            </button>
          </>
        ) : null}
      </h3>
      {children}
    </section>
  );
}

/** The table of a section, or `empty` in words when it has no row. */
export function AdminTable({
  testId,
  columns,
  count,
  empty,
  children,
}: {
  testId: string;
  /** The headings; the last column holds each row's buttons when it is headed "". */
  columns: string[];
  count: number;
  empty: string;
  children: ReactNode;
}) {
  if (count === 0)
    return (
      <p className="muted" data-testid={testId}>
        {empty}
      </p>
    );
  return (
    <table className="plain-table compact admin-table" data-testid={testId}>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

/** A row's buttons, at the end of the row. */
export function Actions({ children }: { children: ReactNode }) {
  return <td className="actions">{children}</td>;
}
