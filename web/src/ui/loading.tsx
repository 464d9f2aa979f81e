/** Loading states: shown only for work that takes longer than 200 ms, so fast answers do not flicker. */
import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";

export const LOADING_DELAY_MS = 200;

/** True once `active` has been true for 200 ms. */
export function useDelayed(active: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => clearTimeout(t);
  }, [active]);
  // The timer can fire in the same render as the answer: never show a spinner for finished work.
  return shown && active;
}

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner-dot" aria-hidden="true" />
      {label}
    </span>
  );
}

/** A spinner that appears only after 200 ms of `active`. */
export function Loading({ active, label }: { active: boolean; label?: string }) {
  const shown = useDelayed(active);
  return shown ? <Spinner label={label} /> : null;
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (d: T) => void;
}

/** Loads `fn()` when `deps` change; a newer load cancels the older one. */
export function useLoad<T>(
  fn: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    fnRef.current(ctrl.signal).then(
      (d) => {
        if (ctrl.signal.aborted) return;
        setData(d);
        setLoading(false);
      },
      (e) => {
        if (ctrl.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => ctrl.abort();
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
