/**
 * The UI's API declared once: every route with the input it takes and the answer it gives, as
 * one Hono app (paths below /api). Its type, `UiApi`, is what the web's typed client is made from
 * (`hc<UiApi>` in web/src/api/client.ts, which imports the type only: no server code reaches the
 * page). docs/architecture.md, "The UI's API".
 */
import { Hono } from "hono";
import { adminAuditRoutes } from "./routes/admin-audit.ts";
import { adminSecurityRoutes } from "./routes/admin-security.ts";
import { adminSnapshotRoutes } from "./routes/admin-snapshots.ts";
import { adminTemplateRoutes } from "./routes/admin-templates.ts";
import { clusterRoutes } from "./routes/cluster.ts";
import { clusterAdminRoutes } from "./routes/cluster-admin.ts";
import { compareRoutes } from "./routes/compare.ts";
import { connectionUrlRoutes } from "./routes/connection-url.ts";
import { connectionRoutes } from "./routes/connections.ts";
import { consoleRoutes } from "./routes/console.ts";
import { consoleWorkspaceRoutes } from "./routes/console-workspace.ts";
import { esqlRoutes } from "./routes/esql.ts";
import { queryRoutes } from "./routes/queries.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { tableAdminRoutes } from "./routes/table-admin.ts";
import { tableRoutes } from "./routes/tables.ts";
import { transferRoutes, uploadRoute } from "./routes/transfers.ts";
import { uiPreferenceRoutes } from "./routes/ui-preferences.ts";
import type { UiServices } from "./services.ts";

export function uiApiRoutes(services: UiServices) {
  return new Hono()
    .route("/", uploadRoute(services))
    .route("/", connectionRoutes(services))
    .route("/", connectionUrlRoutes(services))
    .route("/", tableRoutes(services))
    .route("/", tableAdminRoutes(services))
    .route("/", consoleRoutes(services))
    .route("/", consoleWorkspaceRoutes(services))
    .route("/", queryRoutes(services))
    .route("/", esqlRoutes(services))
    .route("/", settingsRoutes(services))
    .route("/", clusterRoutes(services))
    .route("/", clusterAdminRoutes(services))
    .route("/", adminSnapshotRoutes(services))
    .route("/", adminTemplateRoutes(services))
    .route("/", adminSecurityRoutes(services))
    .route("/", adminAuditRoutes(services))
    .route("/", uiPreferenceRoutes(services))
    .route("/", transferRoutes(services))
    .route("/", compareRoutes(services));
}

/** The UI's API as the typed client sees it: paths, inputs and answers. */
export type UiApi = ReturnType<typeof uiApiRoutes>;
