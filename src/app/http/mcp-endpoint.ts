/**
 * The MCP door on its own port, served by the app's one HTTP layer: the door's routes (src/mcp)
 * behind the same loopback Host guard as the UI's, and the Origin guard with the MCP rule (any
 * loopback page: MCP clients run there), each refusal in the door's JSON-RPC shape.
 */
import { Hono } from "hono";
import type { DoorSpec, EndpointServer } from "../../mcp/host.ts";
import { hostGuard, isLoopbackOrigin, originGuard } from "./guards.ts";
import { listenLoopback } from "./listen.ts";

/** In-flight answers get this long to end when the endpoint stops; then they are cut. */
const CLOSE_GRACE_MS = 1000;

export const mcpEndpointServer: EndpointServer = {
  async serve(door: DoorSpec, preferredPort: number) {
    let port = 0;
    const app = new Hono();
    for (const path of door.guarded)
      app.use(
        path,
        hostGuard(() => port, door.refuseHost),
        originGuard(isLoopbackOrigin, door.refuseOrigin),
      );
    app.route("/", door.app);
    const listener = await listenLoopback(app, {
      port: preferredPort,
      orAnyPort: true,
      upgrades: door.upgrades ?? false,
      answers: {
        contentType: door.contentType,
        malformed: door.malformed,
        unreadable: door.unreadable,
      },
    });
    port = listener.port;
    return { port, close: () => listener.close(CLOSE_GRACE_MS) };
  },
};
