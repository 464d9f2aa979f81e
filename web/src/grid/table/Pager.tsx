/** Paging: the total count, page n of N, first/previous/next/last, jump to a page, page size. */
import { useEffect, useState } from "react";
import type { BrowseResult } from "../../api/types.ts";

export function Pager({
  result,
  pageSizes,
  loading,
  onPage,
  onPageSize,
}: {
  result: BrowseResult | null;
  pageSizes: number[];
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const page = result?.page ?? 1;
  const size = result?.pageSize ?? pageSizes[1] ?? 100;
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <footer className="pager">
      <PagerSummary result={result} first={first} last={last} />
      <span className="pager-spacer" />
      <button
        type="button"
        className="small"
        aria-label="First page"
        disabled={loading || page <= 1}
        onClick={() => onPage(1)}
      >
        «
      </button>
      <button
        type="button"
        className="small"
        aria-label="Previous page"
        disabled={loading || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ‹
      </button>
      <PageJump page={page} pages={pages} onPage={onPage} />
      <button
        type="button"
        className="small"
        aria-label="Next page"
        disabled={loading || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        ›
      </button>
      <button
        type="button"
        className="small"
        aria-label="Last page"
        disabled={loading || page >= pages}
        onClick={() => onPage(pages)}
      >
        »
      </button>
      <select
        aria-label="Rows per page"
        value={size}
        onChange={(e) => onPageSize(Number(e.target.value))}
      >
        {pageSizes.map((s) => (
          <option key={s} value={s}>
            {s} / page
          </option>
        ))}
      </select>
    </footer>
  );
}

/** The total count, the rows shown, and whether pages come through search_after. */
function PagerSummary({
  result,
  first,
  last,
}: {
  result: BrowseResult | null;
  first: number;
  last: number;
}) {
  const total = result?.total ?? 0;
  return (
    <>
      <span className="pager-total" data-testid="total-count">
        {result ? `${total.toLocaleString("en-US")} document${total === 1 ? "" : "s"}` : ""}
      </span>
      <span className="muted">
        {result && total > 0
          ? `rows ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")}`
          : ""}
      </span>
      {result?.paging === "search-after" ? (
        <span
          className="paging-mode"
          title="Past 10,000 documents Quarry pages with search_after over a point in time"
        >
          search_after · point in time
        </span>
      ) : null}
    </>
  );
}

/** "Page [n] of N": typing a number and Enter goes there (kept within 1..N). */
function PageJump({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);
  return (
    <form
      className="pager-jump"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.min(pages, Math.max(1, Math.floor(Number(jump)) || 1));
        onPage(n);
      }}
    >
      Page
      <input
        aria-label="Go to page"
        value={jump}
        onChange={(e) => setJump(e.target.value)}
        inputMode="numeric"
      />
      of <span data-testid="page-count">{pages.toLocaleString("en-US")}</span>
    </form>
  );
}
