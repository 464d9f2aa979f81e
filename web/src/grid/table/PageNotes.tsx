/** What the page shown lacks: rows from part of the data only, and sorts the app dropped. */
import type { BrowseResult } from "../../api/types.ts";

export function PageNotes({ result }: { result: BrowseResult | null }) {
  return (
    <>
      {result?.partial ? (
        <div className="partial-note" role="alert" data-testid="partial-results-warning">
          <strong>Partial results.</strong> {result.partial.message} Press Refresh once the cluster
          is healthy again.
        </div>
      ) : null}
      {result && result.droppedSort.length > 0 ? (
        <div className="sort-note" role="status" data-testid="dropped-sort-note">
          {result.droppedSort.map((d) => (
            <div key={d.column}>
              Sort on <strong>{d.column}</strong> was dropped: {d.reason}.
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
