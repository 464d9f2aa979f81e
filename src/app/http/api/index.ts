/**
 * The UI's JSON API, as one Hono app the app's HTTP server mounts at /api (after its Host and
 * Origin guards): the per-run secret, one body limit, the routes (declared in ui-api.ts), the 405
 * of a known path asked with another method, and the API's own 404.
 *
 *   const api = createUiApi(new UiServices({ storage, plugins, mcp, exportDir, sessions }), { secret });
 *   await startUiServer({ secret, routes, api, pages: (c) => serveWebAssets(c) });
 */
import { Hono } from "hono";
import { secretGuard, sizeGuard } from "../guards.ts";
import { bodyTooLarge, MAX_BODY_BYTES } from "../json-body.ts";
import { errorResult, jsonResponse, toResponse } from "./answers.ts";
import { noApiAt, refuseOtherMethods } from "./handlers.ts";
import { UPLOAD_PATH } from "./routes/transfers.ts";
import type { UiServices } from "./services.ts";
import { uiApiRoutes } from "./ui-api.ts";

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
  const routes = uiApiRoutes(services);
  api.route("/", routes);
  refuseOtherMethods(api, routes);
  api.all("*", (c) => noApiAt(c.req.path));
  return api;
}

export { serveWebAssets } from "./assets.ts";
export type { IntegrationsService } from "./integrations.ts";
export { UiServices, type UiServicesOptions } from "./services.ts";
export type { UiApi } from "./ui-api.ts";
