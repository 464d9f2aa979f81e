/**
 * The UI API's route table as the app declares it (src/app/http/api/ui-api.ts): every route's
 * method, path and the schemas it declares (handlers.ts, declarationOf), read from the Hono app's
 * own list, so a new route is in it without anyone adding it here. The house rule holds each
 * route to a schema; the app's fuzz test sends each one wrong input.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAppStorage } from "../../src/app/connections/connection-service.ts";
import { declarationOf, type Schemas } from "../../src/app/http/api/handlers.ts";
import { UiServices } from "../../src/app/http/api/services.ts";
import { uiApiRoutes } from "../../src/app/http/api/ui-api.ts";
import { uiJobs } from "../../src/app/http/api/ui-jobs.ts";
import { LiveState } from "../../src/app/live/live-state.ts";

export interface DeclaredRoute {
  method: string;
  /** Below /api, with its `:names`: `/connections/:id/tables`. */
  path: string;
  /** Undefined for a handler not made by answer, download or streamed (the house rule's find). */
  schemas: Schemas | undefined;
}

/** The routes, read from an app composed on an empty data folder (nothing is opened). */
export async function uiRouteTable(): Promise<DeclaredRoute[]> {
  const home = await mkdtemp(join(tmpdir(), "qt-routes-"));
  try {
    const storage = await openAppStorage({ QUARRY_HOME: home, QUARRY_SECRET_STORE: "file" });
    const live = new LiveState(storage, uiJobs());
    const services = new UiServices({ storage, exportDir: join(home, "exports"), live });
    const routes = uiApiRoutes(services).routes.map((r) => ({
      method: r.method,
      path: r.path,
      schemas: declarationOf(r.handler),
    }));
    await live.close();
    return routes;
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** A path's `:names`, in order. */
export function pathNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");
}
