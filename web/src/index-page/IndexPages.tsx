/** The pages beside the sidebar that are not the grid: an index's page, creating one, the templates. */
import type { Route } from "../navigation/route.ts";
import { CreateIndex } from "./CreateIndex.tsx";
import { IndexPage } from "./IndexPage.tsx";
import "./index-page.css";
import { Templates } from "./Templates.tsx";

export function IndexPages({ route }: { route: Extract<Route, { screen: "data" }> }) {
  if (route.view === "create") return <CreateIndex connectionId={route.connectionId} />;
  if (route.view === "templates") return <Templates connectionId={route.connectionId} />;
  return <IndexPage connectionId={route.connectionId} table={route.table ?? ""} />;
}
