/**
 * A real nginx (Debian's package, installed by the suite) started on loopback with its own config
 * in a temp folder, serving a cluster under a path as a reverse proxy does, and writing each
 * request's URI to an access log the test reads. Stopped by its pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureSystemPackages } from "../../scripts/system-packages.ts";
import { waitFor } from "./quarry.ts";

export const NGINX = "/usr/sbin/nginx";

export interface Nginx {
  /** http://127.0.0.1:<port> */
  origin: string;
  pid: number;
  /** The request URIs nginx received, in order. */
  requests(): string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** nginx serving `upstream` (http://127.0.0.1:19218) under `prefix` (/es/); anything else is a 404. */
export async function startNginx(prefix: string, upstream: string): Promise<Nginx> {
  ensureSystemPackages(["nginx"]);
  const dir = mkdtempSync(join(tmpdir(), "quarry-nginx-"));
  const port = await freePort();
  const log = join(dir, "access.log");
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  log_format uris '$request_method $request_uri';
  access_log ${log} uris;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:${port};
    location ${prefix} {
      proxy_pass ${upstream}/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
    location / { return 404 "not here: the cluster is under ${prefix}\\n"; }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ["-c", join(dir, "nginx.conf"), "-p", dir, "-e", join(dir, "error.log")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  await waitFor(async () => {
    if (gone) throw new Error(`nginx exited: ${stderr}`);
    return answers(port);
  }, "nginx to listen");
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    requests: () => {
      try {
        return readFileSync(log, "utf8").split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    async stop() {
      if (!gone) {
        process.kill(child.pid!, "SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
