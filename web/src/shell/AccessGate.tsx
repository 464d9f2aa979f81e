/**
 * The page needs this run's access key (the app puts it in the address it opens). Without it every
 * request is refused, so instead of a screen full of identical errors the page says once, plainly,
 * how to get in.
 */
import { type ReactNode, useEffect, useState } from "react";
import { call, toApiError, ui } from "../api/client.ts";
import { ErrorNote } from "../ui/errors.tsx";
import { Loading } from "../ui/loading.tsx";

/** Where api/client.ts keeps the key for this tab. */
const SECRET_KEY = "quarry.secret";

type Access = { state: "checking" } | { state: "ok" } | { state: "refused"; error: unknown };

export function AccessGate({ children }: { children: ReactNode }) {
  // With a key, the app shows at once and the check runs beside it; without one, nothing that
  // cannot work is shown while the app is asked.
  const hasKey = Boolean(sessionStorage.getItem(SECRET_KEY));
  const [access, setAccess] = useState<Access>({ state: hasKey ? "ok" : "checking" });
  useEffect(() => {
    const ctrl = new AbortController();
    call(ui.connections.$get, {}, ctrl.signal).then(
      () => setAccess({ state: "ok" }),
      (e) => {
        const err = toApiError(e);
        if (err.status === 401 || err.status === 403) setAccess({ state: "refused", error: err });
        else if (err.code !== "aborted") setAccess({ state: "ok" }); // the screens show it
      },
    );
    return () => ctrl.abort();
  }, []);
  if (access.state === "refused") return <LockedScreen error={access.error} />;
  if (access.state === "checking") return <Loading active label="Connecting to Quarry…" />;
  return children;
}

function LockedScreen({ error }: { error: unknown }) {
  return (
    <main className="locked" aria-labelledby="locked-title">
      <div className="locked-card">
        <h1 id="locked-title">This page needs Quarry's access key</h1>
        <ErrorNote error={error} />
        <p>To get in:</p>
        <ol>
          <li>
            Run <code>quarry</code> (or <code>quarry start</code>) in a terminal. If Quarry is
            already running, it opens a new window with this run's key; where no browser can open,
            it prints the address with the key.
          </li>
          <li>
            Use that window or address. The key is new on every run, so old bookmarks stop working.
          </li>
        </ol>
      </div>
    </main>
  );
}
