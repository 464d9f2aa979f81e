/**
 * The undici dispatcher that reaches one node: a pool straight to it, through the connection's
 * HTTP(S) proxy (undici's ProxyAgent, CONNECT for every target), through the proxy the environment
 * names (EnvHttpProxyAgent: HTTPS_PROXY, HTTP_PROXY, NO_PROXY) when the connection names none, or
 * through the SSH tunnel's local socket. TLS options are the same on every route; under a tunnel
 * the certificate is still checked against the node's own name.
 */
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import type { Dispatcher } from "undici";
import type { ConnectionSecrets } from "../../../core/driver.ts";
import type { ClientCertTls } from "./client-cert.ts";
import { formatNode, type NodeAddress, parseProxy, type RouteSettings } from "./routes.ts";
import { SshTunnels } from "./ssh-tunnel.ts";
import { type AlertRecorder, alertRecorder } from "./tls-alerts.ts";
import { type buildConnector, EnvHttpProxyAgent, Pool, ProxyAgent } from "./undici.ts";

export interface TlsOptions {
  rejectUnauthorized: boolean;
  ca?: Buffer;
  verifyHostname: boolean;
  /** The client certificate presented, when the connection has one. */
  client?: ClientCertTls;
}

export interface NodeRoute {
  /** The node's URL as people see it (errors, curl copies). */
  url: string;
  /** Where requests are addressed: the node, or the tunnel's local end. */
  origin: string;
  dispatcher: Dispatcher;
  /** The TLS alerts a direct or tunnelled pool's sockets received (tls-alerts.ts). */
  alerts?: AlertRecorder;
  /** Names the way in for errors: the proxy or bastion, when there is one. */
  via?: { proxy?: string; ssh?: string };
  alive(): boolean;
  close(): Promise<void>;
}

const POOL = {
  connections: 16,
  pipelining: 1,
  keepAliveTimeout: 30_000,
  // Happy Eyeballs: "localhost" may resolve to ::1 first while a node listens on 127.0.0.1 only.
  autoSelectFamily: true,
} as const;

function tlsConnect(tls: TlsOptions | undefined, host: string) {
  if (!tls) return {};
  const isIp = /^[\d.]+$|:/.test(host);
  return {
    rejectUnauthorized: tls.rejectUnauthorized,
    ...(tls.ca ? { ca: tls.ca } : {}),
    ...(tls.client ?? {}),
    ...(isIp ? {} : { servername: host }),
    // Verify CA checks the chain but not the name; the name checked is always the node's own.
    checkServerIdentity: tls.verifyHostname
      ? (_: string, cert: PeerCertificate) => checkServerIdentity(host, cert)
      : () => undefined,
  };
}

/** Whether the environment names a proxy (HTTPS_PROXY, HTTP_PROXY, either case). */
function envProxy(env: NodeJS.ProcessEnv): boolean {
  return ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"].some((k) => !!env[k]);
}

export async function nodeRoute(
  node: NodeAddress,
  scheme: "http" | "https",
  tls: TlsOptions | undefined,
  routes: RouteSettings,
  secrets: ConnectionSecrets,
  tunnels: SshTunnels | undefined,
): Promise<NodeRoute> {
  const url = `${scheme}://${formatNode(node)}`;
  const connect = tlsConnect(tls, node.host);
  if (routes.ssh) {
    // A session made on its own (no driver around it) has a tunnel of its own.
    const lease = await (tunnels ?? new SshTunnels()).lease(routes, secrets.sshPassphrase, node);
    const origin = `${scheme}://127.0.0.1:${lease.port}`;
    const alerts = tls ? recorder(connect) : undefined;
    const pool = new Pool(origin, { ...POOL, connect: alerts?.connect ?? connect });
    return {
      url,
      origin,
      dispatcher: pool,
      ...(alerts ? { alerts } : {}),
      via: { ssh: routes.ssh },
      alive: () => lease.alive(),
      close: async () => {
        await pool.close();
        await lease.release();
      },
    };
  }
  if (routes.proxy && routes.proxy !== "direct") {
    const p = parseProxy(routes.proxy);
    const token =
      p.username !== undefined
        ? `Basic ${Buffer.from(`${p.username}:${secrets.proxyPassword ?? ""}`).toString("base64")}`
        : undefined;
    const agent = new ProxyAgent({
      uri: p.url,
      ...(token ? { token } : {}),
      requestTls: connect,
      ...POOL,
    });
    return simple(url, agent, { proxy: p.url });
  }
  if (routes.proxy !== "direct" && envProxy(process.env)) {
    const agent = new EnvHttpProxyAgent({ requestTls: connect, connect, ...POOL });
    return simple(url, agent, { proxy: "HTTPS_PROXY/HTTP_PROXY" });
  }
  const alerts = tls ? recorder(connect) : undefined;
  const route = simple(url, new Pool(url, { ...POOL, connect: alerts?.connect ?? connect }));
  return alerts ? { ...route, alerts } : route;
}

/** The TLS connector that keeps a server's post-handshake alert (tls-alerts.ts). */
function recorder(connect: ReturnType<typeof tlsConnect>): AlertRecorder {
  return alertRecorder({ autoSelectFamily: true, ...connect } as buildConnector.BuildOptions);
}

function simple(url: string, dispatcher: Dispatcher, via?: NodeRoute["via"]): NodeRoute {
  return {
    url,
    origin: url,
    dispatcher,
    ...(via ? { via } : {}),
    alive: () => true,
    close: () => dispatcher.close(),
  };
}
