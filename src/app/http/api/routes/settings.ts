/** Settings > Plugins and Settings > Integrations, and the jobs the page polls. */
import { Hono } from "hono";
import { loadInstalledDrivers } from "../../../connections/driver-registry.ts";
import { badInput, notFound } from "../answers.ts";
import type { ApprovalDecision, JobKind, JobView, TokenInput } from "../contract.ts";
import { answer, json, query } from "../handlers.ts";
import type { IntegrationsService } from "../integrations.ts";
import { pluginEntryView } from "../plugin-views.ts";
import { type UiServices, unavailable } from "../services.ts";

export function settingsRoutes(app: UiServices) {
  return new Hono().route("/", pluginRoutes(app)).route("/", integrationRoutes(app));
}

/** Settings > Plugins, and the jobs the page polls (a plugin's install, an export, a copy…). */
function pluginRoutes(app: UiServices) {
  const plugins = () => {
    if (!app.plugins) throw unavailable("Settings > Plugins");
    return app.plugins;
  };
  const installJob = (type: string, action: "install" | "update"): JobView<"plugin"> => {
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
  // A poll route per kind, so each answers its own result type (contract.ts, JobResults).
  const poll = <K extends JobKind>(kind: K) =>
    answer((_req, { job }) => {
      const j = app.jobs.get(job!, kind);
      if (!j)
        throw notFound(
          "This task is no longer known.",
          "It ended a while ago or Quarry restarted; start it again.",
        );
      return j;
    });
  return new Hono()
    .get(
      "/plugins",
      answer(async () => (await plugins().browse("ui")).map(pluginEntryView)),
    )
    .post(
      "/plugins/:type/install",
      answer((_req, { type }) => installJob(type!, "install")),
    )
    .post(
      "/plugins/:type/update",
      answer((_req, { type }) => installJob(type!, "update")),
    )
    .delete(
      "/plugins/:type",
      answer(async (_req, { type }) => {
        const removed = await plugins().remove(type!);
        await loadInstalledDrivers(app.storage.dir);
        return removed;
      }),
    )
    .get("/jobs/plugin/:job", poll("plugin"))
    .get("/jobs/export/:job", poll("export"))
    .get("/jobs/copy/:job", poll("copy"))
    .get("/jobs/import/:job", poll("import"))
    .get("/jobs/console/:job", poll("console"))
    .delete(
      "/jobs/:job",
      answer((_req, { job }) => ({ cancelled: app.jobs.cancel(job!) })),
    );
}

/** Settings > Integrations: the MCP server, its tokens, approvals and audit log. */
function integrationRoutes(app: UiServices) {
  const mcp = (): IntegrationsService => {
    if (!app.mcp) throw unavailable("Settings > Integrations");
    return app.mcp;
  };
  return new Hono()
    .get(
      "/mcp",
      answer(() => mcp().status()),
    )
    .put(
      "/mcp",
      answer(json<{ enabled: boolean }>(), (req) => {
        const enabled = (req.body as { enabled?: unknown })?.enabled;
        if (typeof enabled !== "boolean") throw badInput("Send { enabled: true | false }.");
        return mcp().setEnabled(enabled);
      }),
    )
    .get(
      "/mcp/tokens",
      answer(() => mcp().listTokens()),
    )
    .post(
      "/mcp/tokens",
      answer(json<TokenInput>(), (req) => mcp().createToken(req.body as TokenInput)),
    )
    .delete(
      "/mcp/tokens/:token",
      answer(async (_req, { token }) => {
        await mcp().revokeToken(token!);
        return { ok: true };
      }),
    )
    .get(
      "/mcp/approvals",
      answer(() => (app.mcp ? app.mcp.pendingApprovals() : [])),
    )
    .post(
      "/mcp/approvals/:approval",
      answer(json<{ decision: ApprovalDecision }>(), async (req, { approval }) => {
        const decision = (req.body as { decision?: ApprovalDecision })?.decision;
        if (decision !== "allow-once" && decision !== "allow-session" && decision !== "deny") {
          throw badInput("Answer with allow-once, allow-session or deny.");
        }
        await mcp().answerApproval(approval!, decision);
        return { ok: true };
      }),
    )
    .get(
      "/mcp/audit",
      answer(query<{ limit?: string }>(), (req) => {
        const limit = Math.min(1000, Math.max(1, Number(req.query.get("limit") ?? 200) || 200));
        return mcp().audit(limit);
      }),
    )
    .get(
      "/mcp/audit/verify",
      answer(() => mcp().verifyAudit()),
    )
    .get(
      "/mcp/connect-client",
      answer(() => mcp().connectClient()),
    );
}
