/**
 * The UI's JSON API: the one registration point the app's HTTP server calls for `/api/*`.
 *
 *   const api = createUiApi(new UiServices({ storage, plugins, mcp, exportDir }));
 *   // in the server, after its Host/Origin checks:
 *   if (url.pathname.startsWith("/api/")) return serveApi(api, req, res, { secret });
 *   else return serveWebAssets(req, res);
 */
import { Router } from "./router.ts";
import { connectionRoutes } from "./routes/connections.ts";
import { consoleRoutes } from "./routes/console.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { tableRoutes } from "./routes/tables.ts";
import type { UiServices } from "./services.ts";

export function createUiApi(services: UiServices): Router {
  const router = new Router();
  connectionRoutes(router, services);
  tableRoutes(router, services);
  consoleRoutes(router, services);
  settingsRoutes(router, services);
  return router;
}

export type { IntegrationsService } from "./integrations.ts";
export { SECRET_HEADER, serveApi, serveWebAssets } from "./serve.ts";
export { UiServices, type UiServicesOptions } from "./services.ts";
