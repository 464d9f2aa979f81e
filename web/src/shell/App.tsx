/** The whole page: the top bar, then the screen the route names; approval prompts float above. */

import { useCallback, useEffect, useRef, useState } from "react";
import { ComparePage } from "../compare/ComparePage.tsx";
import { ConnectionsScreen } from "../connections/ConnectionsScreen.tsx";
import { adminRoute, dataRoute, navigate, type Route, useRoute } from "../navigation/route.ts";
import { ApprovalPrompt, useApprovals } from "../settings/ApprovalPrompts.tsx";
import { SettingsScreen } from "../settings/SettingsScreen.tsx";
import { ToastProvider } from "../ui/errors.tsx";
import { isModalOpen } from "../ui/modal.tsx";
import { AccessGate } from "./AccessGate.tsx";
import { ShortcutsHelp } from "./ShortcutsHelp.tsx";
import { TopBar } from "./TopBar.tsx";
import { type Reachability, Workspace } from "./Workspace.tsx";

export function App() {
  return (
    <ToastProvider>
      <AccessGate>
        <Shell />
      </AccessGate>
    </ToastProvider>
  );
}

function Shell() {
  const route = useRoute();
  const [help, setHelp] = useState(false);
  const [reachability, setReachability] = useState<Reachability | null>(null);
  const main = useRef<HTMLElement>(null);
  const openHelp = useCallback(() => setHelp(true), []);
  const approvals = useApprovals();
  useGlobalShortcuts(route, openHelp);
  useFocusOnScreenChange(route, main);
  return (
    <div className="app">
      <TopBar route={route} reachability={reachability} onHelp={openHelp} approvals={approvals} />
      <main className="main" ref={main} tabIndex={-1}>
        <Screen route={route} onReachability={setReachability} />
      </main>
      <ApprovalPrompt approvals={approvals} />
      {help ? <ShortcutsHelp onClose={() => setHelp(false)} /> : null}
    </div>
  );
}

function Screen({
  route,
  onReachability,
}: {
  route: Route;
  onReachability: (r: Reachability) => void;
}) {
  switch (route.screen) {
    case "connections":
      return <ConnectionsScreen route={route} />;
    case "settings":
      return <SettingsScreen section={route.section} />;
    case "compare":
      return <ComparePage route={route} />;
    case "data":
    case "console":
    case "cluster":
    case "admin":
      return <Workspace route={route} onReachability={onReachability} />;
  }
}

/** True when a key press is typing into something (a field, the console, a grid cell editor). */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    !!target.closest("input, textarea, select, [contenteditable='true'], .cm-editor")
  );
}

/** Alt+C connections, Alt+D data, Alt+E console, Alt+O cluster, Alt+A admin, Alt+S settings, ? the shortcuts. */
function useGlobalShortcuts(route: Route, showHelp: () => void): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      // A dialog is modal: the page behind it does not move until it is closed.
      if (e.defaultPrevented || isModalOpen() || e.ctrlKey || e.metaKey) return;
      if (!e.altKey) {
        if (e.key === "?" && !isTyping(e.target)) {
          e.preventDefault();
          showHelp();
        }
        return;
      }
      const key = e.code;
      const connectionId = "connectionId" in route ? route.connectionId : null;
      if (key === "KeyC") navigate({ screen: "connections" });
      else if (key === "KeyS") navigate({ screen: "settings", section: "integrations" });
      else if (key === "KeyD" && connectionId) navigate(dataRoute(connectionId));
      else if (key === "KeyE" && connectionId) navigate({ screen: "console", connectionId });
      else if (key === "KeyO" && connectionId) navigate({ screen: "cluster", connectionId });
      else if (key === "KeyA" && connectionId) navigate(adminRoute(connectionId));
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, [route, showHelp]);
}

/**
 * After a screen change the element that had focus is often gone (the console's editor, a list
 * item); focus then goes to the main area, so Tab continues from the new screen rather than from
 * the top of the page.
 */
function useFocusOnScreenChange(route: Route, main: React.RefObject<HTMLElement | null>): void {
  const key = "connectionId" in route ? `${route.screen}/${route.connectionId}` : route.screen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    const t = setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body) main.current?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(t);
  }, [key]);
}
