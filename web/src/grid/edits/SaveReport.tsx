/** What a save said: refusals before anything was sent (naming row and column), or per-row results. */
import type { ChangeRefusal, RowResult, SaveResult } from "../../api/types.ts";

/** The other writer's version (`RowResult.current`), without the meta columns. */
function currentText(row: NonNullable<RowResult["current"]>): string {
  const fields = Object.entries(row.cells).filter(([name]) => !name.startsWith("_"));
  return JSON.stringify(Object.fromEntries(fields), null, 2);
}

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
                  ? "conflict: the document changed (or already exists) since it was loaded; nothing was overwritten."
                  : r.notSent
                    ? `not sent: the save stopped before this change${r.error?.reason ? ` (${r.error.reason.replace(/^not sent: /, "")})` : ""}.`
                    : `${r.error?.status ?? ""} ${r.error?.type ?? ""}: ${r.error?.reason ?? "failed"}`}
                {r.conflict && r.current ? (
                  <details className="conflict-current">
                    <summary>What the cluster holds now</summary>
                    <pre data-testid="conflict-current">{currentText(r.current)}</pre>
                  </details>
                ) : r.conflict ? (
                  " Refresh to see the current version."
                ) : null}
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
