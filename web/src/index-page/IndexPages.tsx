/** The pages beside the sidebar that are not the grid: an index's page, creating one. */
import type { Route } from "../navigation/route.ts";
import { CreateIndex } from "./CreateIndex.tsx";
import { IndexPage } from "./IndexPage.tsx";
import "./index-page.css";

export function IndexPages({ route }: { route: Extract<Route, { screen: "data" }> }) {
  if (route.view === "create") return <CreateIndex connectionId={route.connectionId} />;
  return <IndexPage connectionId={route.connectionId} table={route.table ?? ""} />;
}
