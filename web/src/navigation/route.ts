/**
 * Where the user is, kept in the URL's hash so Back, reload and links work:
 *   #/connections                 the chooser and editor
 *   #/connections/new/<type>      a new connection of a database type
 *   #/connections/<id>/edit       editing a saved connection
 *   #/c/<id>/data/<table>         browsing a table
 *   #/c/<id>/console              the console
 *   #/c/<id>/cluster              the cluster overview
 *   #/c/<id>/admin/<tab>          administration: snapshots, security or templates
 *   #/c/<id>/index/<table>        a table's page (details and actions)
 *   #/c/<id>/new-index            creating a table
 *   #/settings/plugins | #/settings/integrations
 *   #/compare/<id>/<table>/<id>/<table>   two indices (or two clusters: "-" for no table; an
 *                                          index name never starts with "-")
 */
import { useEffect, useState } from "react";

export type Route =
  | { screen: "connections"; edit?: string; newType?: string }
  | { screen: "data"; connectionId: string; table?: string; view?: DataView }
  | { screen: "console"; connectionId: string }
  | { screen: "cluster"; connectionId: string }
  | { screen: "admin"; connectionId: string; tab: AdminTab }
  | { screen: "settings"; section: "plugins" | "integrations" }
  | { screen: "compare"; left?: CompareSide; right?: CompareSide };

/** One side of the Compare page: a saved connection, and an index on it (none: the cluster). */
export interface CompareSide {
  connection: string;
  table?: string;
}

/** What the data screen shows beside the sidebar: the grid (default) or a page of the index page. */
export type DataView = "index" | "create";

/** The administration's tabs, in the order shown; the first is where Admin opens. */
export const ADMIN_TABS = ["snapshots", "security", "templates"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const adminTab = (s: string | null | undefined): AdminTab =>
  ADMIN_TABS.find((t) => t === s) ?? ADMIN_TABS[0];

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [a, b, c, d] = parts;
  if (a === "c" && b) {
    if (c === "console") return { screen: "console", connectionId: b };
    if (c === "cluster") return { screen: "cluster", connectionId: b };
    if (c === "index" && d) return { screen: "data", connectionId: b, table: d, view: "index" };
    if (c === "new-index") return { screen: "data", connectionId: b, view: "create" };
    if (c === "admin") return { screen: "admin", connectionId: b, tab: adminTab(d) };
    // The address the templates page had before administration had a room of its own.
    if (c === "templates") return { screen: "admin", connectionId: b, tab: "templates" };
    return d ? { screen: "data", connectionId: b, table: d } : { screen: "data", connectionId: b };
  }
  if (a === "compare") {
    const side = (id?: string, table?: string): CompareSide | undefined =>
      id && id !== "-"
        ? { connection: id, ...(table && table !== "-" ? { table } : {}) }
        : undefined;
    const left = side(b, c);
    const right = side(d, parts[4]);
    return { screen: "compare", ...(left ? { left } : {}), ...(right ? { right } : {}) };
  }
  if (a === "settings")
    return { screen: "settings", section: b === "plugins" ? "plugins" : "integrations" };
  if (a === "connections" && b === "new" && c) return { screen: "connections", newType: c };
  if (a === "connections" && b && c === "edit") return { screen: "connections", edit: b };
  return { screen: "connections" };
}

export function routeHash(r: Route): string {
  const e = encodeURIComponent;
  switch (r.screen) {
    case "connections":
      if (r.newType) return `#/connections/new/${e(r.newType)}`;
      return r.edit ? `#/connections/${e(r.edit)}/edit` : "#/connections";
    case "data":
      if (r.view === "index" && r.table) return `#/c/${e(r.connectionId)}/index/${e(r.table)}`;
      if (r.view === "create") return `#/c/${e(r.connectionId)}/new-index`;
      return r.table
        ? `#/c/${e(r.connectionId)}/data/${e(r.table)}`
        : `#/c/${e(r.connectionId)}/data`;
    case "console":
      return `#/c/${e(r.connectionId)}/console`;
    case "cluster":
      return `#/c/${e(r.connectionId)}/cluster`;
    case "admin":
      return `#/c/${e(r.connectionId)}/admin/${r.tab}`;
    case "settings":
      return `#/settings/${r.section}`;
    case "compare": {
      const side = (s?: CompareSide) => `${e(s?.connection ?? "-")}/${e(s?.table ?? "-")}`;
      return `#/compare/${side(r.left)}/${side(r.right)}`;
    }
  }
}

export function navigate(r: Route): void {
  if (r.screen === "data" && r.table) rememberTable(r.connectionId, r.table);
  if (r.screen === "admin") rememberAdminTab(r.tab);
  const h = routeHash(r);
  if (location.hash !== h) location.hash = h;
}

const lastTableKey = (connectionId: string) => `quarry.lastTable.${connectionId}`;

/** The table last opened on a connection, so Data (Alt+D) goes back to it from the console. */
export function rememberTable(connectionId: string, table: string): void {
  sessionStorage.setItem(lastTableKey(connectionId), table);
}

export function forgetTable(connectionId: string, table: string): void {
  if (sessionStorage.getItem(lastTableKey(connectionId)) === table)
    sessionStorage.removeItem(lastTableKey(connectionId));
}

/** The data screen of a connection, on the table last opened there. */
export function dataRoute(connectionId: string): Route {
  const table = sessionStorage.getItem(lastTableKey(connectionId));
  return table ? { screen: "data", connectionId, table } : { screen: "data", connectionId };
}

/** Administration on a connection, on the tab last opened there (Snapshots at first). */
export function adminRoute(connectionId: string): Route {
  return { screen: "admin", connectionId, tab: adminTab(sessionStorage.getItem(lastAdminTabKey)) };
}

const lastAdminTabKey = "quarry.lastAdminTab";

/** The administration tab last opened, so Admin (Alt+A) goes back to it. */
export function rememberAdminTab(tab: AdminTab): void {
  sessionStorage.setItem(lastAdminTabKey, tab);
}

/** The route in the address bar; a table reached by Back, a link or reload counts as opened. */
function currentRoute(): Route {
  const r = parseRoute(location.hash);
  if (r.screen === "data" && r.table) rememberTable(r.connectionId, r.table);
  if (r.screen === "admin") rememberAdminTab(r.tab);
  return r;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const on = () => setRoute(currentRoute());
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  return route;
}
