/**
 * A gate between the app and a real node: an HTTP proxy on 127.0.0.1 that forwards every request
 * to the node, except those the test holds (`gate.hold(match)`), which wait until the test lets
 * them through. It slows the work under test the way a slow cluster would, but by exactly as much
 * as the test says. A request whose client gave up (a cancelled export) is dropped, never sent.
 * `answers` holds the node's answers the same way: the node has done the work, the client does
 * not know it yet (a client killed then has written without recording it).
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Gate } from "./gate.ts";

export interface HeldRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export interface GateProxy {
  port: number;
  gate: Gate<HeldRequest>;
  answers: Gate<HeldRequest>;
  close(): Promise<void>;
}

export async function startGateProxy(target: string): Promise<GateProxy> {
  const upstream = new URL(target);
  if (upstream.protocol !== "http:") throw new Error("the gate proxy forwards to http:// nodes");
  const gate = new Gate<HeldRequest>();
  const answers = new Gate<HeldRequest>();

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    held: HeldRequest,
    gone: () => boolean,
  ) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        void answers.pass(held, gone).then(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
      },
    );
    out.on("error", () => res.destroy());
    // The client gave up on the request: so does the proxy.
    res.on("close", () => {
      if (!res.writableFinished) out.destroy();
    });
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = body.length > 0 ? JSON.parse(body.toString("utf8")) : undefined;
      } catch {
        json = undefined;
      }
      let gone = false;
      res.on("close", () => {
        gone = true;
      });
      const held = { method: req.method ?? "GET", path: (req.url ?? "/").split("?")[0]!, json };
      void gate
        .pass(held, () => gone)
        .then(() => {
          if (!gone) forward(req, res, body, held, () => gone);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    port: (server.address() as AddressInfo).port,
    gate,
    answers,
    async close() {
      gate.open();
      answers.open();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
