/** Settings > Plugins and Settings > Integrations, and the jobs the page polls. */
import { loadInstalledDrivers } from "../../../connections/driver-registry.ts";
import { badInput, notFound } from "../answers.ts";
import type { ApprovalDecision, JobView, TokenInput } from "../contract.ts";
import type { ApiRoutes } from "../handlers.ts";
import type { IntegrationsService } from "../integrations.ts";
import { pluginEntryView } from "../plugin-views.ts";
import { type UiServices, unavailable } from "../services.ts";

export function settingsRoutes(router: ApiRoutes, app: UiServices): void {
  const plugins = () => {
    if (!app.plugins) throw unavailable("Settings > Plugins");
    return app.plugins;
  };
  const mcp = (): IntegrationsService => {
    if (!app.mcp) throw unavailable("Settings > Integrations");
    return app.mcp;
  };

  router.get("/plugins", async () => (await plugins().browse("ui")).map(pluginEntryView));

  const installJob = (type: string, action: "install" | "update"): JobView => {
    const service = plugins();
    return app.jobs.start(
      "plugin",
      `${action === "install" ? "Installing" : "Updating"} the ${type} driver`,
      async ({ signal, progress }) => {
        const onProgress = (p: { phase: string; received: number; total: number }) =>
          progress({ done: p.received, total: p.total });
        if (action === "install") await service.install(type, { onProgress, signal });
        else await service.update(type, { onProgress, signal });
        return { ok: true };
      },
    );
  };
  router.post("/plugins/:type/install", (_req, { type }) => installJob(type!, "install"));
  router.post("/plugins/:type/update", (_req, { type }) => installJob(type!, "update"));
  router.delete("/plugins/:type", async (_req, { type }) => {
    const removed = await plugins().remove(type!);
    await loadInstalledDrivers(app.storage.dir);
    return removed;
  });

  router.get("/jobs/:job", (_req, { job }) => {
    const j = app.jobs.get(job!);
    if (!j)
      throw notFound(
        "This task is no longer known.",
        "It ended a while ago or Quarry restarted; start it again.",
      );
    return j;
  });
  router.delete("/jobs/:job", (_req, { job }) => ({ cancelled: app.jobs.cancel(job!) }));

  router.get("/mcp", () => mcp().status());
  router.put("/mcp", (req) => {
    const enabled = (req.body as { enabled?: unknown })?.enabled;
    if (typeof enabled !== "boolean") throw badInput("Send { enabled: true | false }.");
    return mcp().setEnabled(enabled);
  });
  router.get("/mcp/tokens", () => mcp().listTokens());
  router.post("/mcp/tokens", (req) => mcp().createToken(req.body as TokenInput));
  router.delete("/mcp/tokens/:token", async (_req, { token }) => {
    await mcp().revokeToken(token!);
    return { ok: true };
  });
  router.get("/mcp/approvals", () => (app.mcp ? app.mcp.pendingApprovals() : []));
  router.post("/mcp/approvals/:approval", async (req, { approval }) => {
    const decision = (req.body as { decision?: ApprovalDecision })?.decision;
    if (decision !== "allow-once" && decision !== "allow-session" && decision !== "deny") {
      throw badInput("Answer with allow-once, allow-session or deny.");
    }
    await mcp().answerApproval(approval!, decision);
    return { ok: true };
  });
  router.get("/mcp/audit", (req) => {
    const limit = Math.min(1000, Math.max(1, Number(req.query.get("limit") ?? 200) || 200));
    return mcp().audit(limit);
  });
  router.get("/mcp/audit/verify", () => mcp().verifyAudit());
  router.get("/mcp/connect-client", () => mcp().connectClient());
}
