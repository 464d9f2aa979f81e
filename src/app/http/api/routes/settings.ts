/** Settings > Plugins and Settings > Integrations, and the jobs the page polls. */
import { Hono } from "hono";
import { z } from "zod";
import { loadInstalledDrivers } from "../../../connections/driver-registry.ts";
import { notFound } from "../answers.ts";
import type { JobKind, JobView, TokenInput } from "../contract.ts";
import { answer, param, passedOn } from "../handlers.ts";
import type { IntegrationsService } from "../integrations.ts";
import { pluginEntryView } from "../plugin-views.ts";
import { type UiServices, unavailable } from "../services.ts";
import { auditLimit } from "./admin-audit.ts";

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
    answer({ param: param("job") }, (_req, { job }) => {
      const j = app.jobs.get(job, kind);
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
      answer({ param: param("type") }, (_req, { type }) => installJob(type, "install")),
    )
    .post(
      "/plugins/:type/update",
      answer({ param: param("type") }, (_req, { type }) => installJob(type, "update")),
    )
    .delete(
      "/plugins/:type",
      answer({ param: param("type") }, async (_req, { type }) => {
        const removed = await plugins().remove(type);
        await loadInstalledDrivers(app.storage.dir);
        return removed;
      }),
    )
    .get("/jobs/plugin/:job", poll("plugin"))
    .get("/jobs/export/:job", poll("export"))
    .get("/jobs/copy/:job", poll("copy"))
    .get("/jobs/import/:job", poll("import"))
    .get("/jobs/console/:job", poll("console"))
    .get("/jobs/compare/:job", poll("compare"))
    .delete(
      "/jobs/:job",
      answer({ param: param("job") }, (_req, { job }) => ({ cancelled: app.jobs.cancel(job) })),
    );
}

/** A token to make: its fields' types read here, their rules the token store's. */
const tokenInput = passedOn<TokenInput>(
  z.object({
    name: z.string(),
    scope: z.string(),
    connections: z.array(z.string()).nullable(),
    expiresAt: z.string().nullable(),
  }),
);

/** The answer to an approval the MCP server waits on. */
const approvalAnswer = z.object({ decision: z.enum(["allow-once", "allow-session", "deny"]) });

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
      answer({ json: z.object({ enabled: z.boolean() }) }, (req) =>
        mcp().setEnabled(req.body.enabled),
      ),
    )
    .get(
      "/mcp/tokens",
      answer(() => mcp().listTokens()),
    )
    .post(
      "/mcp/tokens",
      answer({ json: tokenInput }, (req) => mcp().createToken(req.body)),
    )
    .delete(
      "/mcp/tokens/:token",
      answer({ param: param("token") }, async (_req, { token }) => {
        await mcp().revokeToken(token);
        return { ok: true };
      }),
    )
    .get(
      "/mcp/approvals",
      answer(() => (app.mcp ? app.mcp.pendingApprovals() : [])),
    )
    .post(
      "/mcp/approvals/:approval",
      answer({ param: param("approval"), json: approvalAnswer }, async (req, { approval }) => {
        await mcp().answerApproval(approval, req.body.decision);
        return { ok: true };
      }),
    )
    .get(
      "/mcp/audit",
      answer({ query: auditLimit }, (req) => mcp().audit(req.query.limit ?? 200)),
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
