/**
 * The administration audit log for the UI (app/storage/admin-audit.ts): the newest writes made to
 * users, roles, keys, snapshots and templates from the CLI and the UI, and whether its chain
 * holds. Shown under the MCP audit log in Settings > Integrations; `quarry audit admin` is the
 * CLI's view (docs/cli.md, "Audit").
 */
import { Hono } from "hono";
import { readAdminAudit, verifyAdminAudit } from "../../../storage/admin-audit.ts";
import { answer, query } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function adminAuditRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/admin-audit",
      answer(query<{ limit?: string }>(), async (req) => {
        const limit = Math.min(1000, Math.max(1, Number(req.query.get("limit") ?? 200) || 200));
        return { entries: (await readAdminAudit(app.storage.dir)).slice(-limit).reverse() };
      }),
    )
    .get(
      "/admin-audit/verify",
      answer(() => verifyAdminAudit(app.storage.dir)),
    );
}
