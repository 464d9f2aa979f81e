/**
 * The UI's JSON API, as one Hono app the app's HTTP server mounts at /api (after its Host and
 * Origin guards): the per-run secret, one body limit, the routes, and the API's own 404.
 *
 *   const api = createUiApi(new UiServices({ storage, plugins, mcp, exportDir, sessions }), { secret });
 *   await startUiServer({ secret, routes, api, pages: (c) => serveWebAssets(c) });
 */
import { Hono } from "hono";
import { secretGuard, sizeGuard } from "../guards.ts";
import { bodyTooLarge, MAX_BODY_BYTES } from "../json-body.ts";
import { errorResult, jsonResponse, toResponse } from "./answers.ts";
import { apiRoutes, noApiAt } from "./handlers.ts";
import { clusterRoutes } from "./routes/cluster.ts";
import { connectionUrlRoutes } from "./routes/connection-url.ts";
import { connectionRoutes } from "./routes/connections.ts";
import { consoleRoutes } from "./routes/console.ts";
import { consoleWorkspaceRoutes } from "./routes/console-workspace.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { tableAdminRoutes } from "./routes/table-admin.ts";
import { tableRoutes } from "./routes/tables.ts";
import { transferRoutes, UPLOAD_PATH, uploadRoute } from "./routes/transfers.ts";
import { uiPreferenceRoutes } from "./routes/ui-preferences.ts";
import type { UiServices } from "./services.ts";

export function createUiApi(services: UiServices, options: { secret: string }): Hono {
  const api = new Hono();
  api.use(
    "*",
    secretGuard(options.secret, () =>
      jsonResponse(401, {
        error: {
          code: "unauthorized",
          message: "This page does not carry this run's access key.",
          remedy:
            "This page belongs to an earlier run of Quarry: open Quarry again, and use the page it opens (its access key is for one run only).",
          details: {},
        },
      }),
    ),
  );
  // An upload's body is a file streamed to disk (any size); every other body is JSON under the limit.
  const limit = sizeGuard(MAX_BODY_BYTES, () => toResponse(errorResult(bodyTooLarge())));
  api.use("*", (c, next) =>
    c.req.method === "POST" && c.req.path.replace(/^\/api/, "") === UPLOAD_PATH
      ? next()
      : limit(c, next),
  );
  uploadRoute(api, services);
  const routes = apiRoutes(api);
  connectionRoutes(routes, services);
  connectionUrlRoutes(routes, services);
  tableRoutes(routes, services);
  tableAdminRoutes(routes, services);
  consoleRoutes(routes, services);
  consoleWorkspaceRoutes(routes, services);
  settingsRoutes(routes, services);
  clusterRoutes(routes, services);
  uiPreferenceRoutes(routes, services);
  transferRoutes(routes, services);
  routes.done();
  api.all("*", (c) => noApiAt(c.req.path));
  return api;
}

export { serveWebAssets } from "./assets.ts";
export type { IntegrationsService } from "./integrations.ts";
export { UiServices, type UiServicesOptions } from "./services.ts";
