/**
 * The frame of a panel beside the console's editor (History, Saved requests, Library): its title
 * and its search box, then what the panel lists.
 */
import type { ReactNode } from "react";

export function WorkPanel({
  title,
  testId,
  search,
  children,
}: {
  title: string;
  testId: string;
  /** The search box: what it searches (its placeholder), its name for screen readers, its text. */
  search: { placeholder: string; label: string; value: string; onChange: (text: string) => void };
  children: ReactNode;
}) {
  return (
    <section className="work-panel" aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
      <input
        type="search"
        placeholder={search.placeholder}
        aria-label={search.label}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
      />
      {children}
    </section>
  );
}
