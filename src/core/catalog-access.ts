/**
 * Reaching a session's catalog (catalog.ts) from the UI's API, the CLI and the MCP tools alike:
 * a driver plugin built before the catalog, or before one of its views, says so instead of
 * failing with "not a function".
 */
import type { CatalogViews } from "./catalog.ts";
import type { DriverSession } from "./driver.ts";
import { QuarryError } from "./errors.ts";

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
  if (typeof session.catalog !== "function") throw outdated("catalog views");
  const views = session.catalog();
  for (const need of needs)
    if (typeof views[need] !== "function") throw outdated(`"${need}" view in its catalog`);
  return views;
}
