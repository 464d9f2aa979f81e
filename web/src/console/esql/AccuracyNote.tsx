/** Under a query's table and in its grid: each approximate column, how exact it is and why. */
import type { QueryTable } from "../../api/types.ts";

/** Each column an approximate function made, how exact it is and how it was counted. */
export function AccuracyNote({ table }: { table: QueryTable }) {
  const marked = table.columns.filter((c) => c.accuracy);
  if (marked.length === 0) return null;
  return (
    <ul className="muted query-accuracy" data-testid="query-accuracy">
      {marked.map((c) => (
        <li key={c.name}>
          {c.name}: {c.accuracy?.word} ({c.accuracy?.how})
        </li>
      ))}
    </ul>
  );
}
