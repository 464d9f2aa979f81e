/**
 * The page the grid shows: the view as a request (filters, sort, page), the app's answer, and
 * whether one is loading. Only the newest request's answer is shown; an older one arriving late
 * is dropped.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { unpackPage } from "../../../../src/core/packed-page.ts";
import { call, ui } from "../../api/client.ts";
import type { BrowseRequest, BrowseResult, PackedPage } from "../../api/types.ts";

export type PageLoader = ReturnType<typeof usePageLoader>;

/** The first page a grid shows; it comes with the opened grid (one round trip). */
export const FIRST_PAGE: BrowseRequest = { page: 1, pageSize: 100 };

export function usePageLoader(
  gridId: string,
  onLoaded: (r: BrowseResult) => void,
  first?: PackedPage,
) {
  const [request, setRequest] = useState<BrowseRequest>(FIRST_PAGE);
  const [opening] = useState(() => (first ? unpackPage(first) : null));
  const [result, setResult] = useState<BrowseResult | null>(opening);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const seq = useRef(0);

  const browse = useCallback(
    /** Loads a page; true when it is the page now shown. */
    async (req: BrowseRequest): Promise<boolean> => {
      const mine = ++seq.current;
      setLoading(true);
      setError(null);
      try {
        const r = unpackPage(
          await call(ui.grids[":grid"].browse.$post, { param: { grid: gridId }, json: req }),
        );
        if (mine !== seq.current) return false;
        setResult(r);
        setRequest({ ...req, page: r.page, pageSize: r.pageSize });
        onLoaded(r);
        return true;
      } catch (e) {
        if (mine === seq.current) setError(e);
        return false;
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [gridId, onLoaded],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once per grid
  useEffect(() => {
    if (opening) onLoaded(opening);
    else browse(request);
  }, [browse]);

  /** Loads the view changed by `next` (a filter, a sort, another page). */
  const apply = (next: Partial<BrowseRequest>) => browse({ ...request, ...next });
  /** Loads the page shown again; true when it is the page now shown. */
  const reload = () => browse(request);

  return { request, result, loading, error, apply, reload };
}
