/**
 * The bar across the top: the connection in use, the Data/Console/Cluster/Admin switch, approvals put off with
 * Later, shortcuts, Settings.
 */
import { call, ui } from "../api/client.ts";
import { adminRoute, dataRoute, navigate, type Route } from "../navigation/route.ts";
import { type Approvals, ApprovalsBadge } from "../settings/ApprovalPrompts.tsx";
import { useLoad } from "../ui/loading.tsx";
import { ThemeSwitch } from "./ThemeSwitch.tsx";
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
  const connectionId = "connectionId" in route ? route.connectionId : null;
  const conn = useLoad(
    (signal) =>
      connectionId
        ? call(ui.connections[":id"].$get, { param: { id: connectionId } }, signal)
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
        <ConnectionTabs
          connectionId={connectionId}
          screen={route.screen}
          name={name}
          reach={reach}
          reachText={reachText}
        />
      ) : (
        <nav className="tabs" aria-label="Views">
          <Tab
            active={route.screen === "connections"}
            onClick={() => navigate({ screen: "connections" })}
            label="Connections"
            shortcut="Alt+C"
          />
        </nav>
      )}
      <div className="topbar-spacer" />
      <ApprovalsBadge approvals={approvals} />
      <ThemeSwitch />
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
      <Tab
        active={route.screen === "settings"}
        onClick={() => navigate({ screen: "settings", section: "integrations" })}
        label="Settings"
        shortcut="Alt+S"
      />
    </header>
  );
}

/** The connection in use (click to switch) and its Data, Console, Cluster and Admin tabs. */
function ConnectionTabs(props: {
  connectionId: string;
  screen: Route["screen"];
  name: string;
  reach: Reachability["state"];
  reachText: string;
}) {
  const { connectionId, screen, name, reach, reachText } = props;
  return (
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
        <Tab
          active={screen === "data"}
          onClick={() => navigate(dataRoute(connectionId))}
          label="Data"
          shortcut="Alt+D"
        />
        <Tab
          active={screen === "console"}
          onClick={() => navigate({ screen: "console", connectionId })}
          label="Console"
          shortcut="Alt+E"
        />
        <Tab
          active={screen === "cluster"}
          onClick={() => navigate({ screen: "cluster", connectionId })}
          label="Cluster"
          shortcut="Alt+O"
        />
        <Tab
          active={screen === "admin"}
          onClick={() => navigate(adminRoute(connectionId))}
          label="Admin"
          shortcut="Alt+A"
        />
      </nav>
    </>
  );
}

/** A view's tab: its label, and its shortcut in the tooltip and for assistive technology. */
function Tab(props: { active: boolean; onClick: () => void; label: string; shortcut: string }) {
  return (
    <button
      type="button"
      className={props.active ? "tab active" : "tab"}
      aria-current={props.active ? "page" : undefined}
      onClick={props.onClick}
      title={`${props.label} (${props.shortcut})`}
      aria-keyshortcuts={props.shortcut}
    >
      {props.label}
    </button>
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
