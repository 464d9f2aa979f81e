/** The whole page: the top bar, then the screen the route names; approval prompts float above. */
import { useEffect } from "react";
import { ConnectionsScreen } from "../connections/ConnectionsScreen.tsx";
import { ConsoleView } from "../console/ConsoleView.tsx";
import { TableView } from "../grid/TableView.tsx";
import { ApprovalPrompts } from "../settings/ApprovalPrompts.tsx";
import { SettingsScreen } from "../settings/SettingsScreen.tsx";
import { Sidebar } from "../sidebar/Sidebar.tsx";
import { ToastProvider } from "../ui/errors.tsx";
import { navigate, type Route, useRoute } from "./route.ts";
import { TopBar } from "./TopBar.tsx";

export function App() {
  const route = useRoute();
  useGlobalShortcuts(route);
  return (
    <ToastProvider>
      <div className="app">
        <TopBar route={route} />
        <main className="main">
          <Screen route={route} />
        </main>
        <ApprovalPrompts />
      </div>
    </ToastProvider>
  );
}

function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case "connections":
      return <ConnectionsScreen route={route} />;
    case "settings":
      return <SettingsScreen section={route.section} />;
    case "data":
    case "console":
      return (
        <div className="workspace">
          <Sidebar
            connectionId={route.connectionId}
            selected={route.screen === "data" ? route.table : undefined}
          />
          <section className="workspace-main">
            {route.screen === "data" ? (
              route.table ? (
                <TableView
                  key={`${route.connectionId}/${route.table}`}
                  connectionId={route.connectionId}
                  table={route.table}
                />
              ) : (
                <div className="empty-state">
                  <h2>Pick an index</h2>
                  <p>
                    Choose an index in the sidebar to browse its documents, or open the console
                    (Alt+E).
                  </p>
                </div>
              )
            ) : (
              <ConsoleView key={route.connectionId} connectionId={route.connectionId} />
            )}
          </section>
        </div>
      );
  }
}

/** Alt+C connections, Alt+D data, Alt+E console, Alt+S settings. */
function useGlobalShortcuts(route: Route): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const key = e.code;
      const connectionId =
        route.screen === "data" || route.screen === "console" ? route.connectionId : null;
      if (key === "KeyC") navigate({ screen: "connections" });
      else if (key === "KeyS") navigate({ screen: "settings", section: "integrations" });
      else if (key === "KeyD" && connectionId) navigate({ screen: "data", connectionId });
      else if (key === "KeyE" && connectionId) navigate({ screen: "console", connectionId });
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, [route]);
}
