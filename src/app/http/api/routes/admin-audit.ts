/**
 * The administration audit log for the UI (app/storage/admin-audit.ts): the newest writes made to
 * users, roles, keys, snapshots and templates from the CLI and the UI, and whether its chain
 * holds. Shown under the MCP audit log in Settings > Integrations; `quarry audit admin` is the
 * CLI's view (docs/cli.md, "Audit").
 */
import { Hono } from "hono";
import { z } from "zod";
import { readAdminAudit, verifyAdminAudit } from "../../../storage/admin-audit.ts";
import { answer, wholeNumber } from "../handlers.ts";
import type { UiServices } from "../services.ts";

/** `?limit=`: how many of the newest entries (200 when left out). */
export const auditLimit = z.object({ limit: wholeNumber(1, 1000).optional() });

export function adminAuditRoutes(app: UiServices) {
  return new Hono()
    .get(
      "/admin-audit",
      answer({ query: auditLimit }, async (req) => {
        const limit = req.query.limit ?? 200;
        return { entries: (await readAdminAudit(app.storage.dir)).slice(-limit).reverse() };
      }),
    )
    .get(
      "/admin-audit/verify",
      answer(() => verifyAdminAudit(app.storage.dir)),
    );
}
