/**
 * A signal that aborts when the first of its sources does, with that source's reason, and a
 * `release` that unhooks it from them. `AbortSignal.any` does the same but its composite signals
 * cost more per call and stay tied to long-lived sources (a token's, the server's) until they are
 * collected; a call's signal is released when the call ends.
 */
export interface LinkedSignal {
  signal: AbortSignal;
  release(): void;
}

export function linkedSignal(sources: readonly AbortSignal[]): LinkedSignal {
  const aborted = sources.find((s) => s.aborted);
  if (aborted) return { signal: AbortSignal.abort(aborted.reason), release: () => {} };
  const controller = new AbortController();
  const hooks = sources.map((source) => {
    const onAbort = () => {
      release();
      controller.abort(source.reason);
    };
    source.addEventListener("abort", onAbort, { once: true });
    return { source, onAbort };
  });
  const release = () => {
    for (const { source, onAbort } of hooks) source.removeEventListener("abort", onAbort);
  };
  return { signal: controller.signal, release };
}

/** `linkedSignal` of the sources and a timer of `ms`; `timedOut()` says whether the timer fired. */
export function signalWithTimeout(
  sources: readonly AbortSignal[],
  ms: number,
): LinkedSignal & { timedOut(): boolean } {
  const timer = new AbortController();
  const linked = linkedSignal([...sources, timer.signal]);
  const handle = setTimeout(
    () => timer.abort(new DOMException("The operation timed out.", "TimeoutError")),
    ms,
  );
  handle.unref?.();
  return {
    signal: linked.signal,
    timedOut: () => timer.signal.aborted,
    release() {
      clearTimeout(handle);
      linked.release();
    },
  };
}
