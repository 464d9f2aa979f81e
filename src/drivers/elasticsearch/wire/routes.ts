/**
 * How a connection reaches its cluster besides the one host: several nodes, an HTTP(S) proxy, an
 * SSH tunnel through a bastion. Pure: the settings' rules and their parsed forms; the network side
 * is in dispatchers.ts, ssh-tunnel.ts and node-routes.ts.
 */
import { isIP } from "node:net";
import { errors } from "../../../core/errors.ts";

export interface NodeAddress {
  host: string;
  port: number;
}

/** A proxy's URL without credentials, and the user its password (a secret) belongs to. */
export interface ProxyTarget {
  url: string;
  username?: string;
}

export interface SshTarget {
  username: string;
  host: string;
  port: number;
}

/** The route settings as saved (normalized strings), apart from host and port. */
export interface RouteSettings {
  /** "a:9200,b:9200": the nodes, the first also in Host and Port. */
  hosts?: string;
  /** Ask the cluster for its other nodes (`_nodes/http`). */
  discoverNodes?: boolean;
  /** "http://user@proxy:3128", or "direct" to ignore HTTPS_PROXY/HTTP_PROXY. */
  proxy?: string;
  /** "user@bastion:22". */
  ssh?: string;
  sshKey?: string;
  sshKnownHosts?: string;
  /** A new bastion's key fingerprint (SHA256:…) accepted once into known_hosts. */
  sshAcceptHostKey?: string;
}

const NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;

function hostAndPort(text: string, defaultPort: number, field: string, example: string) {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  const host = m?.[1] ?? "";
  const port = m?.[2] === undefined ? defaultPort : Number(m[2]);
  if (!m || !(NAME.test(host) || isIP(host)) || !(port >= 1 && port <= 65535)) {
    throw errors.invalidConfig(field, `"${text}" is not host:port`, `Write it as ${example}.`);
  }
  return { host, port };
}

/** "a:9200, b , [::1]:9201" as nodes (9200 where no port is written). */
export function parseHosts(text: string): NodeAddress[] {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0)
    throw errors.invalidConfig("Nodes", "is empty", "List nodes as a:9200,b:9200, or clear it.");
  const nodes = parts.map((p) => hostAndPort(p, 9200, "Nodes", "a:9200,b:9200"));
  return nodes.filter(
    (n, i) => nodes.findIndex((o) => o.host === n.host && o.port === n.port) === i,
  );
}

export function formatNode(n: NodeAddress): string {
  return `${n.host.includes(":") ? `[${n.host}]` : n.host}:${n.port}`;
}

/** The proxy setting: an http(s) URL, a user but never a password in it, no path. */
export function parseProxy(text: string): ProxyTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw errors.invalidConfig(
      "HTTP proxy",
      `"${text}" is not a URL`,
      "Write it as http://proxy:3128 (or http://user@proxy:3128).",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw errors.invalidConfig(
      "HTTP proxy",
      `"${url.protocol}" is not http: or https:`,
      "Write it as http://proxy:3128.",
    );
  }
  if (url.password) {
    throw errors.invalidConfig(
      "HTTP proxy",
      "carries a password",
      "Write only the user (http://user@proxy:3128) and give the password with --proxy-password-stdin.",
    );
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    throw errors.invalidConfig(
      "HTTP proxy",
      "has a path",
      "Write only scheme, host and port: http://proxy:3128.",
    );
  }
  const username = decodeURIComponent(url.username);
  url.username = "";
  return { url: url.origin, ...(username ? { username } : {}) };
}

/** "user@bastion[:22]". */
export function parseSsh(text: string): SshTarget {
  const at = text.lastIndexOf("@");
  const username = at > 0 ? text.slice(0, at) : "";
  if (!username || /[\s:@]/.test(username)) {
    throw errors.invalidConfig(
      "SSH tunnel",
      `"${text}" names no user`,
      "Write it as user@bastion:22.",
    );
  }
  return { username, ...hostAndPort(text.slice(at + 1), 22, "SSH tunnel", "user@bastion:22") };
}

const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

function text(raw: Record<string, unknown>, key: string, label: string): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string") throw errors.invalidConfig(label, "must be text", `Enter ${label}.`);
  return v.trim() || undefined;
}

/**
 * Checks and normalizes the route settings of raw input. With Nodes, Host and Port are the first
 * node (returned in `first`).
 */
export function validateRoutes(raw: Record<string, unknown>): {
  routes: RouteSettings;
  first?: NodeAddress;
} {
  const routes: RouteSettings = {};
  let first: NodeAddress | undefined;
  const hosts = text(raw, "hosts", "Nodes");
  if (hosts) {
    const nodes = parseHosts(hosts);
    routes.hosts = nodes.map(formatNode).join(",");
    first = nodes[0];
  }
  if (raw.discoverNodes !== undefined && raw.discoverNodes !== null) {
    if (typeof raw.discoverNodes !== "boolean")
      throw errors.invalidConfig("Discover nodes", "must be true or false", "Pass a boolean.");
    if (raw.discoverNodes) routes.discoverNodes = true;
  }
  const proxy = text(raw, "proxy", "HTTP proxy");
  if (proxy) {
    if (proxy === "direct") routes.proxy = proxy;
    else {
      const p = parseProxy(proxy);
      const u = new URL(p.url);
      if (p.username) u.username = encodeURIComponent(p.username);
      routes.proxy = u.href.replace(/\/$/, "");
    }
  }
  const ssh = text(raw, "ssh", "SSH tunnel");
  if (ssh) {
    const s = parseSsh(ssh);
    routes.ssh = `${s.username}@${formatNode(s)}`;
    if (routes.proxy && routes.proxy !== "direct") {
      throw errors.invalidConfig(
        "SSH tunnel",
        "and HTTP proxy are both set",
        "Choose one way to reach the cluster: clear --proxy or --ssh.",
      );
    }
  }
  for (const [key, label] of [
    ["sshKey", "SSH key"],
    ["sshKnownHosts", "Bastion keys file"],
    ["sshAcceptHostKey", "Accept bastion key"],
  ] as const) {
    const v = text(raw, key, label);
    if (!v) continue;
    if (!routes.ssh)
      throw errors.invalidConfig(label, "is set without SSH tunnel", "Set --ssh, or clear it.");
    if (key === "sshAcceptHostKey" && !FINGERPRINT.test(v)) {
      throw errors.invalidConfig(
        label,
        `"${v}" is not a SHA256 fingerprint`,
        "Copy the SHA256:… fingerprint the refusal of the new host showed.",
      );
    }
    routes[key] = v;
  }
  return { routes, ...(first ? { first } : {}) };
}

/** The nodes of a connection: Nodes when set, else Host and Port. */
export function nodesOf(c: { host: string; port: number; hosts?: string }): NodeAddress[] {
  return c.hosts ? parseHosts(c.hosts) : [{ host: c.host, port: c.port }];
}

/**
 * The HTTP addresses `_nodes/http` publishes ("10.0.0.1:9200" or "name/10.0.0.1:9200"): the
 * part after the slash is the reachable one.
 */
export function publishedNodes(body: unknown): NodeAddress[] {
  const nodes = (body as { nodes?: Record<string, { http?: { publish_address?: unknown } }> })
    ?.nodes;
  const out: NodeAddress[] = [];
  for (const n of Object.values(nodes ?? {})) {
    const a = n.http?.publish_address;
    if (typeof a !== "string") continue;
    try {
      out.push(hostAndPort(a.slice(a.lastIndexOf("/") + 1), 9200, "Nodes", "host:port"));
    } catch {
      // An address this client cannot read is left out, not fatal.
    }
  }
  return out;
}

/** How the routes read after the endpoint in lists: " and 2 more nodes, through ssh ops@b:22". */
export function describeRoutes(r: RouteSettings): string {
  const more = r.hosts ? parseHosts(r.hosts).length - 1 : 0;
  const parts = [
    more > 0 ? ` and ${more} more node${more === 1 ? "" : "s"}` : "",
    r.discoverNodes ? " (and those it publishes)" : "",
    r.ssh ? `, through SSH ${r.ssh}` : "",
    r.proxy && r.proxy !== "direct" ? `, through proxy ${parseProxy(r.proxy).url}` : "",
  ];
  return parts.join("");
}
