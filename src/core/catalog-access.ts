/**
 * Reaching a session's catalog (catalog.ts) from the UI's API, the CLI and the MCP tools alike:
 * a driver that does not offer the catalog facet says so (facet-access.ts), and one whose catalog
 * lacks a view names it instead of failing with "not a function".
 */
import type { CatalogViews } from "./catalog.ts";
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";
import { facet } from "./facet-access.ts";

const outdated = (what: string) =>
  new QuarryError(
    "plugin_unavailable",
    `This connection's driver plugin offers no ${what}`,
    "Update the driver plugin (quarry plugins update), then call again.",
    {},
    "Update the driver plugin in Settings > Plugins, then try again.",
  );

/** The session's catalog, with every view in `needs` present. */
export function catalogOf(session: DriverSession, ...needs: (keyof CatalogViews)[]): CatalogViews {
  const views = facet(session, "catalog");
  for (const need of needs)
    if (typeof views[need] !== "function") throw outdated(`"${need}" view in its catalog`);
  return views;
}
