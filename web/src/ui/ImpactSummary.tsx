/**
 * What a dangerous request would affect, measured just before it is confirmed: the driver's
 * one-line summary, then each index with its documents and size, or each user, API key, role or
 * role mapping a security write reaches. Shown by the console's
 * confirmation and by the approval prompt of an AI client's request.
 */
import { bytesText, countText, type Impact } from "../../../src/core/impact.ts";
import { TableHead } from "./TableHead.tsx";

/** Rows shown; the summary already counts them all. */
const MAX_ROWS = 50;

export function ImpactSummary({ impact }: { impact: Impact }) {
  const rows = impact.targets.slice(0, MAX_ROWS);
  return (
    <div className={impact.unmeasured ? "impact impact-unmeasured" : "impact"} data-testid="impact">
      <p className="impact-summary">{impact.summary}</p>
      {rows.length > 0 ? (
        <table className="impact-targets">
          <TableHead columns={["Index", "Documents", "Size"]} />
          <tbody>
            {rows.map((t) => (
              <tr key={t.name}>
                <td>{t.name}</td>
                <td>{t.closed ? "closed" : t.records === null ? "–" : countText(t.records)}</td>
                <td>{t.bytes === null ? "–" : bytesText(t.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {impact.affected && impact.affected.length > 0 ? (
        <ul className="impact-affected" data-testid="impact-affected">
          {impact.affected.slice(0, MAX_ROWS).map((p) => (
            <li key={`${p.kind}:${p.name}:${p.note}`}>
              {p.kind} <code>{p.name}</code> <span className="muted">{p.note}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {impact.targets.length > MAX_ROWS ? (
        <p className="muted">and {impact.targets.length - MAX_ROWS} more</p>
      ) : null}
    </div>
  );
}
