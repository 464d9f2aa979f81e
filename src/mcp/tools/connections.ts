/** `list_connections`: the saved connections this client may see. */
import { z } from "zod";
import { AI_POLICY_LABELS, EXTERNAL_CLIENT_LABELS } from "../../core/connections.ts";
import { effectiveAccess } from "../policy/access.ts";
import { defineTool } from "./context.ts";
import { OUTPUTS } from "./outputs.ts";

export const listConnections = defineTool({
  name: "list_connections",
  title: "List connections",
  description: "Connections and your access.",
  input: z.strictObject({}),
  output: OUTPUTS.listConnections,
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  async run(_args, ctx) {
    const connections = await ctx.gateway.visible(ctx.principal);
    return {
      connections: connections.map((c) => {
        const host = c.settings.host;
        const port = c.settings.port;
        return {
          id: c.id,
          name: c.name,
          type: c.type,
          ...(typeof host === "string" ? { host } : {}),
          ...(typeof port === "number" ? { port } : {}),
          access: effectiveAccess(c, ctx.principal),
          asks_first: c.aiPolicy === "ask-each-time",
          external_clients: EXTERNAL_CLIENT_LABELS[c.externalClients],
          ai_policy: AI_POLICY_LABELS[c.aiPolicy],
        };
      }),
    };
  },
});
