/**
 * Reaching a session's views (catalog.ts) from the UI's API, the CLI and the MCP tools alike: a
 * driver that does not offer the facet says so (facet-access.ts), and one whose facet lacks a view
 * names it instead of failing with "not a function".
 */
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";
import { facet } from "./facet-access.ts";
import type { DriverFacets } from "./facets.ts";

const outdated = (what: string) =>
  new QuarryError(
    "plugin_unavailable",
    `This connection's driver plugin offers no ${what}`,
    "Update the driver plugin (quarry plugins update), then call again.",
    {},
    "Update the driver plugin in Settings > Plugins, then try again.",
  );

type Views = "clusterViews" | "tableViews" | "aggregation";

/** The session's cluster views, table views or aggregation, with every view in `needs` present. */
export function viewsOf<K extends Views>(
  session: DriverSession,
  name: K,
  ...needs: (keyof DriverFacets[K])[]
): DriverFacets[K] {
  const views = facet(session, name);
  for (const need of needs)
    if (typeof views[need] !== "function") throw outdated(`"${String(need)}" view in its ${name}`);
  return views;
}
