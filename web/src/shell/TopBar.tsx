/**
 * The bar across the top: the connection in use, the Data/Console switch, approvals put off with
 * Later, shortcuts, Settings.
 */
import { get, seg } from "../api/client.ts";
import type { ConnectionView } from "../api/types.ts";
import { type Approvals, ApprovalsBadge } from "../settings/ApprovalPrompts.tsx";
import { useLoad } from "../ui/loading.tsx";
import { dataRoute, navigate, type Route } from "./route.ts";
import type { Reachability } from "./Workspace.tsx";

export function TopBar({
  route,
  reachability,
  onHelp,
  approvals,
}: {
  route: Route;
  reachability: Reachability | null;
  onHelp: () => void;
  approvals: Approvals;
}) {
  const connectionId =
    route.screen === "data" || route.screen === "console" ? route.connectionId : null;
  const conn = useLoad(
    (signal) =>
      connectionId
        ? get<ConnectionView>(`/connections/${seg(connectionId)}`, { signal })
        : Promise.resolve(null),
    [connectionId],
  );
  const mine = reachability?.connectionId === connectionId ? reachability : undefined;
  const reach = mine?.state ?? "loading";
  const reachText =
    reach === "failed" ? (FAILED_TEXT[mine?.problem ?? ""] ?? "error") : REACH_TEXT[reach];
  const name = conn.data?.name ?? "…";
  return (
    <header className="topbar">
      <button
        type="button"
        className="brand"
        onClick={() => navigate({ screen: "connections" })}
        title="Connections (Alt+C)"
        aria-keyshortcuts="Alt+C"
      >
        Quarry
      </button>
      {connectionId ? (
        <>
          <button
            type="button"
            className="topbar-connection"
            onClick={() => navigate({ screen: "connections" })}
            title={`${reachText} · switch connection (Alt+C)`}
          >
            <span className={`dot dot-${reach}`} aria-hidden="true" />
            <span className="topbar-connection-name">{name}</span>
            <span className="visually-hidden">({reachText})</span>
          </button>
          <nav className="tabs" aria-label="Views">
            <button
              type="button"
              className={route.screen === "data" ? "tab active" : "tab"}
              aria-current={route.screen === "data" ? "page" : undefined}
              onClick={() => navigate(dataRoute(connectionId))}
              title="Data (Alt+D)"
              aria-keyshortcuts="Alt+D"
            >
              Data
            </button>
            <button
              type="button"
              className={route.screen === "console" ? "tab active" : "tab"}
              aria-current={route.screen === "console" ? "page" : undefined}
              onClick={() => navigate({ screen: "console", connectionId })}
              title="Console (Alt+E)"
              aria-keyshortcuts="Alt+E"
            >
              Console
            </button>
          </nav>
        </>
      ) : (
        <nav className="tabs" aria-label="Views">
          <button
            type="button"
            className={route.screen === "connections" ? "tab active" : "tab"}
            aria-current={route.screen === "connections" ? "page" : undefined}
            onClick={() => navigate({ screen: "connections" })}
            title="Connections (Alt+C)"
            aria-keyshortcuts="Alt+C"
          >
            Connections
          </button>
        </nav>
      )}
      <div className="topbar-spacer" />
      <ApprovalsBadge approvals={approvals} />
      <button
        type="button"
        className="tab help-button"
        onClick={onHelp}
        title="Keyboard shortcuts (?)"
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
      >
        ?
      </button>
      <button
        type="button"
        className={route.screen === "settings" ? "tab active" : "tab"}
        aria-current={route.screen === "settings" ? "page" : undefined}
        onClick={() => navigate({ screen: "settings", section: "integrations" })}
        title="Settings (Alt+S)"
        aria-keyshortcuts="Alt+S"
      >
        Settings
      </button>
    </header>
  );
}

/** A failure in words that fit it: a rejected password is not an unreachable cluster. */
const FAILED_TEXT: Record<string, string> = {
  authentication_failed: "authentication failed",
  permission_denied: "permission denied",
  connection_failed: "not reachable",
  unsupported_cluster: "not supported",
};

const REACH_TEXT: Record<Reachability["state"], string> = {
  loading: "connecting",
  ok: "connected",
  failed: "not reachable",
};
