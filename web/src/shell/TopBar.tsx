/** The bar across the top: the connection in use, the Data/Console switch, Settings. */
import { get, seg } from "../api/client.ts";
import type { ConnectionView } from "../api/types.ts";
import { useLoad } from "../ui/loading.tsx";
import { navigate, type Route } from "./route.ts";

export function TopBar({ route }: { route: Route }) {
  const connectionId =
    route.screen === "data" || route.screen === "console" ? route.connectionId : null;
  const conn = useLoad(
    (signal) =>
      connectionId
        ? get<ConnectionView>(`/connections/${seg(connectionId)}`, { signal })
        : Promise.resolve(null),
    [connectionId],
  );
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
            title="Switch connection (Alt+C)"
          >
            <span className="dot-online" aria-hidden="true" />
            {conn.data?.name ?? "…"}
          </button>
          <nav className="tabs" aria-label="Views">
            <button
              type="button"
              className={route.screen === "data" ? "tab active" : "tab"}
              aria-current={route.screen === "data" ? "page" : undefined}
              onClick={() => navigate({ screen: "data", connectionId })}
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
            onClick={() => navigate({ screen: "connections" })}
          >
            Connections
          </button>
        </nav>
      )}
      <div className="topbar-spacer" />
      <button
        type="button"
        className={route.screen === "settings" ? "tab active" : "tab"}
        onClick={() => navigate({ screen: "settings", section: "integrations" })}
        title="Settings (Alt+S)"
        aria-keyshortcuts="Alt+S"
      >
        Settings
      </button>
    </header>
  );
}
