/**
 * A connection's workspace: the sidebar's indices beside the data view or the console. The index
 * list is loaded here because it is also the first sign of whether the cluster answers: the top
 * bar's status dot and, when it fails, the main area (with the remedy, Retry and Edit) say so.
 */
import { useEffect, useRef } from "react";
import { AdminView } from "../admin/AdminView.tsx";
import { call, ui } from "../api/client.ts";
import { ClusterView } from "../cluster/ClusterView.tsx";
import { ConsoleView } from "../console/ConsoleView.tsx";
import { TableView } from "../grid/TableView.tsx";
import { IndexPages } from "../index-page/IndexPages.tsx";
import { useDataChanged } from "../navigation/data-changed.ts";
import { navigate, type Route } from "../navigation/route.ts";
import { Sidebar } from "../sidebar/Sidebar.tsx";
import { ErrorNote, shownError } from "../ui/errors.tsx";
import { useLoad } from "../ui/loading.tsx";

export type Reachability = {
  connectionId: string;
  state: "loading" | "ok" | "failed";
  /** The error's code when it failed: a rejected password is not an unreachable cluster. */
  problem?: string;
};

/** What the main area says above the error, by its code. */
const PROBLEM_HEADINGS: Record<string, string> = {
  authentication_failed: "Authentication failed",
  permission_denied: "Permission denied",
  connection_failed: "The cluster did not answer",
  unsupported_cluster: "This cluster is not supported",
};

export function Workspace({
  route,
  onReachability,
}: {
  route: Extract<Route, { screen: "data" | "console" | "cluster" | "admin" }>;
  onReachability: (r: Reachability) => void;
}) {
  const { connectionId } = route;
  const tables = useLoad(
    (signal) => call(ui.connections[":id"].tables.$get, { param: { id: connectionId } }, signal),
    [connectionId],
  );
  useReloadOnDataChange(connectionId, tables.reload);
  const state = tables.loading ? "loading" : tables.error ? "failed" : "ok";
  const problem = tables.error ? shownError(tables.error).code : undefined;
  useEffect(
    () => onReachability({ connectionId, state, ...(problem ? { problem } : {}) }),
    [connectionId, state, problem, onReachability],
  );

  return (
    <div className="workspace">
      <Sidebar
        connectionId={connectionId}
        tables={tables}
        selected={route.screen === "data" ? route.table : undefined}
        showError={!(route.screen === "data" && !route.table)}
      />
      <section className="workspace-main">
        {route.screen === "console" ? (
          <ConsoleView key={connectionId} connectionId={connectionId} />
        ) : route.screen === "cluster" ? (
          <ClusterView key={connectionId} connectionId={connectionId} />
        ) : route.screen === "admin" ? (
          <AdminView key={connectionId} connectionId={connectionId} tab={route.tab} />
        ) : route.view ? (
          <IndexPages key={`${connectionId}/${route.view}/${route.table ?? ""}`} route={route} />
        ) : route.table ? (
          <TableView
            key={`${connectionId}/${route.table}`}
            connectionId={connectionId}
            table={route.table}
          />
        ) : tables.error ? (
          <div className="empty-state problem" data-testid="connection-problem">
            <h2>{PROBLEM_HEADINGS[problem ?? ""] ?? "The cluster could not list its indices"}</h2>
            <ErrorNote error={tables.error}>
              <button type="button" className="small" onClick={tables.reload}>
                Retry
              </button>
              <button
                type="button"
                className="small"
                onClick={() => navigate({ screen: "connections", edit: connectionId })}
              >
                Edit connection
              </button>
            </ErrorNote>
          </div>
        ) : (
          <div className="empty-state">
            <h2>Pick an index</h2>
            <p>
              Choose an index in the sidebar (<kbd>/</kbd> filters them) to browse its documents, or
              open the console (<kbd>Alt+E</kbd>) or the cluster overview (<kbd>Alt+O</kbd>).{" "}
              <kbd>?</kbd> lists every shortcut.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * The cluster counts documents as of its last refresh: a grid save waits for one, a console
 * request usually does not, and the refresh follows within its interval (1 s by default). So the
 * list is loaded at once, and again once that refresh has happened.
 */
const AFTER_REFRESH_MS = 1_500;

function useReloadOnDataChange(connectionId: string, reload: () => void): void {
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  useDataChanged(connectionId, () => {
    reload();
    clearTimeout(later.current);
    later.current = setTimeout(reload, AFTER_REFRESH_MS);
  });
  useEffect(() => () => clearTimeout(later.current), []);
}
