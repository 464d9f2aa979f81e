/**
 * A loopback HTTP proxy in front of a real node that records every request it forwards, so a test
 * can say exactly what Quarry sent (for example: nothing but `GET /` to a fork it refuses).
 */

import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";

export interface RecordingProxy {
  port: number;
  url: string;
  /** `METHOD /path` of each request forwarded so far, in order. */
  sent(): string[];
  clear(): void;
  close(): Promise<void>;
}

/** `ca`: the file of the CA that signed an HTTPS target's certificate (a secured node). */
export async function recordingProxy(
  target: string,
  options: { ca?: string } = {},
): Promise<RecordingProxy> {
  const log: string[] = [];
  const dispatcher = options.ca
    ? new Agent({ connect: { ca: readFileSync(options.ca, "utf8") } })
    : undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    log.push(`${req.method} ${new URL(path, "http://x").pathname}`);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const headers = { ...req.headers };
        delete headers.host;
        delete headers.connection;
        const answer = await request(`${target}${path}`, {
          method: req.method as "GET",
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
          ...(dispatcher ? { dispatcher } : {}),
        });
        const body = Buffer.from(await answer.body.arrayBuffer());
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(answer.headers)) {
          if (v !== undefined && k !== "transfer-encoding" && k !== "connection") out[k] = v;
        }
        res.writeHead(answer.statusCode, out).end(body);
      } catch (e) {
        res.writeHead(502).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    sent: () => [...log],
    clear: () => {
      log.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => void (dispatcher?.close() ?? Promise.resolve()).then(() => r()));
      }),
  };
}
