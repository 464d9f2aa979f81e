/** The database cut a query's rows: how many, why, and how to narrow the query or raise LIMIT. */
import type { QueryTable } from "../../api/types.ts";

export function CutNote({ cut }: { cut: NonNullable<QueryTable["cut"]> }) {
  return (
    <div className="partial-note" role="alert" data-testid="query-cut">
      <strong>{cut.message}</strong> {cut.remedy}
    </div>
  );
}
