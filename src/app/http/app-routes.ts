/**
 * The app's own API: what other Quarry processes and the UI ask the running app. A second
 * `quarry start` calls `window`, `quarry open-url` calls `open-url`, `quarry stop` calls `stop`.
 */
import type { AppControl } from "../context.ts";
import type { Route } from "./server.ts";

export function appRoutes(app: AppControl): Route[] {
  return [
    { method: "GET", path: "/api/app/status", handler: () => app.status() },
    { method: "POST", path: "/api/app/window", handler: () => app.openWindow() },
    {
      method: "POST",
      path: "/api/app/open-url",
      handler: async ({ readJson }) => {
        const body = await readJson<{ url?: unknown }>();
        return app.handleUrl(typeof body?.url === "string" ? body.url : "");
      },
    },
    {
      method: "POST",
      path: "/api/app/stop",
      handler: ({ afterAnswer }) => {
        // Answer first, then stop: the caller learns the request was taken.
        afterAnswer(() => void app.stop("quarry stop"));
        return { stopping: true };
      },
    },
  ];
}
