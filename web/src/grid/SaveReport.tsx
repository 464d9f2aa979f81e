/** What a save said: refusals before anything was sent (naming row and column), or per-row results. */
import type { ChangeRefusal, SaveResult } from "../api/types.ts";

export function SaveReport({
  refusals,
  result,
  onDismiss,
}: {
  refusals: ChangeRefusal[];
  result: SaveResult | null;
  onDismiss: () => void;
}) {
  const failed = result?.results.filter((r) => !r.ok) ?? [];
  if (refusals.length === 0 && failed.length === 0) return null;
  return (
    <div className="save-report" role="alert" data-testid="save-report">
      {refusals.length > 0 ? (
        <>
          <div className="save-report-title">
            Nothing was saved:{" "}
            {refusals.length === 1 ? "one change is" : `${refusals.length} changes are`} refused.
          </div>
          <ul>
            {refusals.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: refusals have no id and never reorder
              <li key={i} data-testid="refusal">
                <strong>{r.row}</strong>
                {r.column ? (
                  <>
                    {" · column "}
                    <code>{r.column}</code>
                  </>
                ) : null}
                : {r.message} <span className="remedy">{r.remedy}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {failed.length > 0 ? (
        <>
          <div className="save-report-title">
            {failed.length} of {result?.results.length} changes were not saved; their edits are kept
            for you to fix and retry.
          </div>
          <ul>
            {failed.map((r) => (
              <li key={`${r.change}-${r.row}`} data-testid={r.conflict ? "conflict" : "row-error"}>
                <strong>{r.row}</strong> ({r.change}):{" "}
                {r.conflict
                  ? "conflict: the document changed (or already exists) since it was loaded; nothing was overwritten. Refresh to see the current version."
                  : `${r.error?.status ?? ""} ${r.error?.type ?? ""}: ${r.error?.reason ?? "failed"}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
