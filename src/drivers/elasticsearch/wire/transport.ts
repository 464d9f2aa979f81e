/**
 * The one door to the cluster: an undici dispatcher per node (direct, through a proxy or an SSH
 * tunnel: dispatchers.ts), with the TLS policy of SSL Mode and the Authorization header of the
 * Auth Method. Plain `application/json`, so 7.x, 8.x and 9.x all
 * answer in their native format (no compatibility headers, no product check).
 */
import { readFile } from "node:fs/promises";
import type { ConnectionSecrets } from "../../../core/driver.ts";
import { errors, QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import { loadClientCert } from "./client-cert.ts";
import { authorizationHeader, baseUrl, type EsConnectionConfig, tlsPolicy } from "./config.ts";
import { type NodeRoute, nodeRoute } from "./dispatchers.ts";
import { type ClusterAddress, httpError, networkError } from "./errors.ts";
import { neverSent, nodeUnavailable, safeToResend } from "./failover.ts";
import { NodeRoutes } from "./node-routes.ts";
import { underPrefix } from "./path-prefix.ts";
import { proxyError, proxyStatusError, unknownFate } from "./route-errors.ts";
import { nodesOf, publishedNodes } from "./routes.ts";
import type { SshTunnels } from "./ssh-tunnel.ts";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH";

export interface EsRequest {
  method: HttpMethod;
  /** Must start with a single "/": the request never leaves the connection's host. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (serialized here), or one already serialized (NDJSON text or bytes). */
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A 2xx answer's body as the chunks it came in (Buffer[]), unparsed; others are parsed. */
  raw?: boolean;
  /** With `raw`: each chunk handed over as it comes, none kept (the body is then an empty list). */
  onChunk?: (chunk: Buffer) => void;
}

export interface EsResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** Nodes tried for one request beyond the first, as the official clients do. */
const MAX_RETRIES = 3;
const DISCOVERY_PATH = "/_nodes/http";

export class EsTransport {
  readonly url: string;
  readonly #config: EsConnectionConfig;
  readonly #secrets: ConnectionSecrets;
  readonly #tunnels: SshTunnels | undefined;
  readonly #authorization: string | undefined;
  readonly #keyPassphrase: string | undefined;
  #nodes: Promise<NodeRoutes> | undefined;
  #discovery: Promise<void> | undefined;

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets, tunnels?: SshTunnels) {
    this.#config = config;
    this.#secrets = secrets;
    this.#tunnels = tunnels;
    this.url = baseUrl(config);
    this.#authorization = authorizationHeader(config, secrets);
    this.#keyPassphrase = secrets.clientKeyPassphrase;
  }

  async #makeNodes(): Promise<NodeRoutes> {
    const policy = tlsPolicy(this.#config);
    let ca: Buffer | undefined;
    if (policy?.verifyChain && this.#config.caFile) {
      try {
        ca = await readFile(this.#config.caFile);
      } catch (e) {
        throw errors.connectionFailed(
          `the CA file ${this.#config.caFile} cannot be read (${(e as NodeJS.ErrnoException).code})`,
          "Choose an existing PEM file in the connection's CA file field.",
          { step: "tls" },
        );
      }
    }
    const { clientCert, clientKey } = this.#config;
    const client =
      policy && clientCert && clientKey
        ? await loadClientCert({
            certFile: clientCert,
            keyFile: clientKey,
            ...(this.#keyPassphrase ? { passphrase: this.#keyPassphrase } : {}),
          })
        : undefined;
    const tls = policy
      ? {
          rejectUnauthorized: policy.verifyChain,
          verifyHostname: policy.verifyHostname,
          ca,
          ...(client ? { client } : {}),
        }
      : undefined;
    const scheme = this.#config.sslMode === "disabled" ? "http" : "https";
    return new NodeRoutes(nodesOf(this.#config), (node) =>
      nodeRoute(node, scheme, tls, this.#config, this.#secrets, this.#tunnels),
    );
  }

  async #routes(): Promise<NodeRoutes> {
    this.#nodes ??= this.#makeNodes();
    try {
      return await this.#nodes;
    } catch (e) {
      this.#nodes = undefined;
      throw e;
    }
  }

  /**
   * Sends a request. Answers of any HTTP status are returned; network failures throw, and so does
   * a 401 (the credentials were rejected: no caller can make more of it, and only here is it known
   * whether the connection uses HTTPS, which the remedy depends on). With several nodes, a request
   * that failed on one is sent to the next only where that is safe (failover.ts).
   */
  async request<T = unknown>(req: EsRequest): Promise<EsResponse<T>> {
    if (!req.path.startsWith("/") || req.path.startsWith("//")) {
      throw new QuarryError(
        "invalid_config",
        `Path "${req.path}" must start with a single "/"`,
        "Write the path relative to the cluster, e.g. /my-index/_search.",
      );
    }
    const nodes = await this.#routes();
    // The discovery's own request (made with the nodes given) does not wait for itself.
    if (this.#config.discoverNodes && req.path !== DISCOVERY_PATH) {
      this.#discovery ??= this.#discover(nodes);
      await this.#discovery;
    }
    const safe = safeToResend(req.method, req.path);
    const order = nodes.order().slice(0, MAX_RETRIES + 1);
    let last: QuarryError | undefined;
    for (const i of order) {
      const route = await nodes.route(i);
      const sent = { chunks: false };
      try {
        const res = await this.#send<T>(route, req, sent);
        if (nodes.size > 1 && safe && nodeUnavailable(res.status) && i !== order.at(-1)) {
          nodes.failed(i);
          continue;
        }
        nodes.served(i);
        return res;
      } catch (e) {
        // undici names a proxy's refusal of CONNECT an AbortError too: that one is worded below.
        const abort =
          (e as Error).name === "AbortError" && !/^Proxy response/.test((e as Error).message);
        if (e instanceof QuarryError || abort) throw e;
        const err =
          (route.via?.proxy ? proxyError(e, route.via.proxy) : undefined) ??
          networkError(route.alerts?.take() ?? e, this.#targetOf(route.url));
        if (nodes.size === 1 || route.via?.proxy) throw err;
        nodes.failed(i);
        if (!sent.chunks && (safe || neverSent(e))) {
          last = err;
          continue;
        }
        throw safe ? err : unknownFate(err, req.method, req.path);
      }
    }
    throw last ?? errors.connectionFailed("no node answered", "Check the nodes (--hosts).");
  }

  async #send<T>(route: NodeRoute, req: EsRequest, sent: { chunks: boolean }) {
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.#authorization) headers.authorization = this.#authorization;
    let body: string | Uint8Array | undefined;
    if (req.body !== undefined) {
      const given = req.body;
      body =
        typeof given === "string" || given instanceof Uint8Array ? given : JSON.stringify(given);
      headers["content-type"] = req.contentType ?? "application/json";
    }
    const timeout = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const res = await route.dispatcher.request({
      origin: route.origin,
      method: req.method,
      path: withQuery(underPrefix(this.#config.pathPrefix, req.path), req.query),
      headers,
      body,
      signal: req.signal,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    if (req.raw && res.statusCode >= 200 && res.statusCode <= 299) {
      const chunks: Buffer[] = [];
      const take = req.onChunk ?? ((c: Buffer) => chunks.push(c));
      for await (const chunk of res.body) {
        sent.chunks = true;
        take(chunk as Buffer);
      }
      return { status: res.statusCode, headers: res.headers, body: chunks as T };
    }
    const text = await res.body.text();
    const type = String(res.headers["content-type"] ?? "");
    let parsed: unknown = text;
    if (text && type.includes("json")) {
      try {
        parsed = parseJsonExact(text);
      } catch {
        parsed = text;
      }
    }
    const target = this.#targetOf(route.url);
    // The cluster's own 401 is JSON; a proxy's refusal of its sign-in is a page of its own.
    const proxyRefused =
      res.statusCode === 407 || (res.statusCode === 401 && !type.includes("json"));
    if (route.via?.proxy && proxyRefused) throw proxyStatusError(res.statusCode, route.via.proxy);
    if (res.statusCode === 401) throw httpError(401, parsed, target);
    return { status: res.statusCode, headers: res.headers, body: parsed as T };
  }

  /** Adds the nodes the cluster publishes; a failure leaves the nodes as they were. */
  async #discover(nodes: NodeRoutes): Promise<void> {
    try {
      const res = await this.request({
        method: "GET",
        path: DISCOVERY_PATH,
        query: { filter_path: "nodes.*.http.publish_address" },
      });
      if (res.status === 200) nodes.add(publishedNodes(res.body));
    } catch {
      // The nodes given still serve; discovery is a bonus.
    }
  }

  /** Sends a request and returns the parsed body of a 2xx answer; any other status throws. */
  async json<T = unknown>(req: EsRequest): Promise<T> {
    const res = await this.request<T>(req);
    if (res.status < 200 || res.status > 299) throw httpError(res.status, res.body, this.target);
    return res.body;
  }

  /** The address and whether it is HTTPS, for errors that depend on it. */
  get target(): ClusterAddress {
    return this.#targetOf(this.url);
  }

  /** A node's address as errors name it: its URL with the cluster's path prefix. */
  #targetOf(url: string): ClusterAddress {
    return {
      url: url === this.url ? url : `${url}${this.#config.pathPrefix ?? ""}`,
      tls: this.#config.sslMode !== "disabled",
      clientCert: !!this.#config.clientCert,
    };
  }

  async close(): Promise<void> {
    const nodes = this.#nodes;
    this.#nodes = undefined;
    this.#discovery = undefined;
    if (nodes) await (await nodes.catch(() => undefined))?.close();
  }
}

function withQuery(path: string, query: EsRequest["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}
