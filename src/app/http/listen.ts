/**
 * One Node HTTP server on 127.0.0.1 for one Hono app (@hono/node-server): the UI's port and the
 * MCP endpoint's each get one. What the app cannot be handed is answered here, in the door's own
 * error shape: bytes Node cannot parse as HTTP (by the shared rule of core/http-client-error.ts),
 * and a request whose Host or target cannot even be made into a URL.
 */
import { createServer, type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { clientErrorAction, wasHead } from "../../core/http-client-error.ts";
import type { UpgradeTicket } from "../../mcp/host.ts";

/** A door's answer, written by hand, to a request that never became one: its status and body. */
export interface RawAnswer {
  contentType: string;
  /** The body for a request Node could not parse; `tooLarge` when its headers were too large. */
  malformed(tooLarge: boolean): string;
  /** The answer to a request whose Host or target is not a URL (the app never sees it). */
  unreadable(): Response;
  /** Headers added to every raw answer (e.g. Cache-Control). */
  extraHeaders?: string;
}

export interface ListenOptions {
  /** The port to listen on: 0 lets the system choose. */
  port: number;
  /** When the port is taken (or not ours to take), listen on any free port instead. */
  orAnyPort?: boolean;
  answers: RawAnswer;
  /**
   * Requests asking for an HTTP Upgrade go to the app too, with an UpgradeTicket (src/mcp/host.ts)
   * as the `upgrade` binding: the MCP endpoint's line stream. Without it Node closes them.
   */
  upgrades?: boolean;
}

export interface Listener {
  readonly port: number;
  readonly server: Server;
  /** Stops listening; open connections are cut after `graceMs` (0: at once). */
  close(graceMs?: number): Promise<void>;
}

/** What is served: a Hono app (its `fetch`). */
export interface Served {
  fetch(request: Request, env: HttpBindings): Response | Promise<Response>;
}

/** Serves `app` on 127.0.0.1 and resolves once it listens. */
export async function listenLoopback(app: Served, options: ListenOptions): Promise<Listener> {
  const { answers } = options;
  const handle = getRequestListener((request, env) => app.fetch(request, env as HttpBindings), {
    // A request without Host still becomes a Request; the Host guard then refuses it.
    hostname: "127.0.0.1",
    // overrideGlobalObjects is left on (the default): Hono's middleware (hono/body-limit) makes
    // new Requests from the adapter's lightweight one, which only the adapter's Request takes.
    errorHandler: () => answers.unreadable(),
  });
  // requireHostHeader off: a request without Host gets the Host guard's refusal in the door's
  // shape, not Node's bare 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => void handle(req, res));
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const action = clientErrorAction(err, socket);
    if (action === "wait") return;
    if (action === "close") return socket.destroy();
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const body = answers.malformed(tooLarge);
    // An answer to HEAD has no body, even this one (the request line was read before the rest).
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\nContent-Type: ${answers.contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${answers.extraHeaders ?? ""}Connection: close\r\n\r\n${wasHead(err) ? "" : body}`,
    );
  });
  if (options.upgrades)
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on("error", () => socket.destroy());
      void answerUpgrade(app, req, socket, head, answers);
    });
  try {
    await listenOn(server, options.port);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!options.orAnyPort || (code !== "EADDRINUSE" && code !== "EACCES")) throw e;
    await listenOn(server, 0);
  }
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    server,
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        const cut = () => {
          for (const s of sockets) s.destroy();
        };
        if (graceMs === 0) cut();
        else setTimeout(cut, graceMs).unref();
      }),
  };
}

/**
 * A request asking for an Upgrade, through the same app (its guards, its routes) as any other: a
 * route that takes the ticket owns the connection; otherwise its Response is written and the
 * connection closed.
 */
async function answerUpgrade(
  app: Served,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  answers: RawAnswer,
): Promise<void> {
  let taken = false;
  const ticket: UpgradeTicket = {
    take: () => {
      if (taken || socket.destroyed) return undefined;
      taken = true;
      return { socket, head };
    },
  };
  let response: Response;
  try {
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const request = new Request(url, { method: req.method ?? "GET", headers });
    const env = { incoming: req, outgoing: undefined, upgrade: ticket };
    response = await app.fetch(request, env as unknown as HttpBindings);
  } catch {
    response = answers.unreadable();
  }
  if (taken || socket.destroyed) return;
  const body = Buffer.from(await response.arrayBuffer());
  let top = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}\r\n`;
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "connection") top += `${name}: ${value}\r\n`;
  });
  top += `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  socket.end(Buffer.concat([Buffer.from(top), body]));
}

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => {
      server.off("listening", onListening);
      reject(e);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, "127.0.0.1");
  });
}
