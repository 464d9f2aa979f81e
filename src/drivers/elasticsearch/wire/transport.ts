/**
 * The one door to the cluster: an undici pool per connection, with the TLS policy of SSL Mode and
 * the Authorization header of the Auth Method. Plain `application/json`, so 7.x, 8.x and 9.x all
 * answer in their native format (no compatibility headers, no product check).
 */
import { readFile } from "node:fs/promises";
import { checkServerIdentity } from "node:tls";
import { Pool } from "undici";
import type { ConnectionSecrets } from "../../../core/driver.ts";
import { errors, QuarryError } from "../../../core/errors.ts";
import { parseJsonExact } from "../../../core/exact-json.ts";
import { loadClientCert } from "./client-cert.ts";
import {
  authorizationHeader,
  baseUrl,
  type EsConnectionConfig,
  originUrl,
  tlsPolicy,
} from "./config.ts";
import { type ClusterAddress, httpError, networkError } from "./errors.ts";
import { underPrefix } from "./path-prefix.ts";
import { type AlertRecorder, alertRecorder } from "./tls-alerts.ts";

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

export class EsTransport {
  readonly url: string;
  readonly #config: EsConnectionConfig;
  readonly #authorization: string | undefined;
  readonly #keyPassphrase: string | undefined;
  #pool: Promise<Pool> | undefined;
  #alerts: AlertRecorder | undefined;

  constructor(config: EsConnectionConfig, secrets: ConnectionSecrets) {
    this.#config = config;
    this.url = baseUrl(config);
    this.#authorization = authorizationHeader(config, secrets);
    this.#keyPassphrase = secrets.clientKeyPassphrase;
  }

  async #makePool(): Promise<Pool> {
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
    const isIp = /^[\d.]+$|:/.test(this.#config.host);
    this.#alerts = policy
      ? alertRecorder({
          // Happy Eyeballs: "localhost" may resolve to ::1 first while a node listens on 127.0.0.1 only.
          autoSelectFamily: true,
          rejectUnauthorized: policy.verifyChain,
          ...(ca ? { ca } : {}),
          ...(client ?? {}),
          ...(isIp ? {} : { servername: this.#config.host }),
          // Verify CA checks the chain but not the name the certificate was issued for.
          checkServerIdentity: policy.verifyHostname ? checkServerIdentity : () => undefined,
        })
      : undefined;
    return new Pool(originUrl(this.#config), {
      connections: 16,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      autoSelectFamily: true,
      connect: this.#alerts?.connect ?? {},
    });
  }

  /**
   * Sends a request. Answers of any HTTP status are returned; network failures throw, and so does
   * a 401 (the credentials were rejected: no caller can make more of it, and only here is it known
   * whether the connection uses HTTPS, which the remedy depends on).
   */
  async request<T = unknown>(req: EsRequest): Promise<EsResponse<T>> {
    if (!req.path.startsWith("/") || req.path.startsWith("//")) {
      throw new QuarryError(
        "invalid_config",
        `Path "${req.path}" must start with a single "/"`,
        "Write the path relative to the cluster, e.g. /my-index/_search.",
      );
    }
    this.#pool ??= this.#makePool();
    let pool: Pool;
    try {
      pool = await this.#pool;
    } catch (e) {
      this.#pool = undefined;
      throw e;
    }
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
    try {
      const res = await pool.request({
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
        for await (const chunk of res.body) take(chunk as Buffer);
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
      if (res.statusCode === 401) throw httpError(401, parsed, this.target);
      return { status: res.statusCode, headers: res.headers, body: parsed as T };
    } catch (e) {
      if (e instanceof QuarryError) throw e;
      if ((e as Error).name === "AbortError") throw e;
      throw networkError(this.#alerts?.take() ?? e, this.target);
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
    return {
      url: this.url,
      tls: this.#config.sslMode !== "disabled",
      clientCert: !!this.#config.clientCert,
    };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.close();
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
