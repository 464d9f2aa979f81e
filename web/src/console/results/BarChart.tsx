/**
 * A bar per row of a table (its label and its count), drawn with plain elements: enough to see a
 * distribution at a glance, no chart library. Past `limit` bars the rest are left out, said so.
 */
import type { ResultTable } from "../../api/types.ts";
import { displayCell } from "../../ui/cell-text.ts";

const LIMIT = 60;

export function BarChart({ table }: { table: ResultTable }) {
  const chart = table.chart;
  if (!chart) return null;
  const bars = table.rows.slice(0, LIMIT).map((row) => ({
    label: displayCell(row[chart.label] ?? null),
    value: typeof row[chart.value] === "number" ? (row[chart.value] as number) : 0,
  }));
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="bar-chart" data-testid="bar-chart" aria-label={`${table.title} chart`}>
      {bars.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bars follow the table's rows, which may repeat labels
        <div className="bar-row" key={i} title={`${b.label}: ${b.value.toLocaleString("en-US")}`}>
          <span className="bar-label">{b.label}</span>
          <span className="bar-track">
            <span className="bar" style={{ width: `${(b.value / max) * 100}%` }} />
          </span>
          <span className="bar-value">{b.value.toLocaleString("en-US")}</span>
        </div>
      ))}
      {table.rows.length > LIMIT ? (
        <figcaption className="muted">
          First {LIMIT} of {table.rows.length.toLocaleString("en-US")} bars; the table has them all.
        </figcaption>
      ) : null}
    </figure>
  );
}
