/**
 * An Elasticsearch connection's settings (docs/decisions.md, "Connections") and the rules they
 * obey. Pure: no I/O. Secrets (password, API key) are not part of the configuration.
 */

import { isIP } from "node:net";
import type { ConnectionSecrets } from "../../../core/driver.ts";
import { errors } from "../../../core/errors.ts";
import { displayValue } from "../../../core/exact-json.ts";
import { decodeCloudId } from "./cloud-id.ts";
import { normalizePathPrefix } from "./path-prefix.ts";
import { parseProxy, type RouteSettings, validateRoutes } from "./routes.ts";

export const AUTH_METHODS = ["basic", "api-key", "none"] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const SSL_MODES = [
  "disabled",
  "preferred",
  "required-skip-verify",
  "verify-ca",
  "verify-identity",
] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** How people see the choices (the labels the UI and the docs use). */
export const AUTH_METHOD_LABELS: Record<AuthMethod, string> = {
  basic: "Username & Password",
  "api-key": "API Key",
  none: "None",
};

export const SSL_MODE_LABELS: Record<SslMode, string> = {
  disabled: "Disabled",
  preferred: "Preferred",
  "required-skip-verify": "Required (skip verify)",
  "verify-ca": "Verify CA",
  "verify-identity": "Verify Identity",
};

export const DEFAULT_PORT = 9200;

/** Nodes, proxy and SSH tunnel: routes.ts. */
export interface EsConnectionConfig extends RouteSettings {
  host: string;
  port: number;
  auth: AuthMethod;
  /** Only for `basic`. */
  username?: string;
  sslMode: SslMode;
  /** Advanced: trust any certificate, even under Verify CA or Verify Identity. */
  skipTlsVerify: boolean;
  /** PEM file of the CA to trust; only for Verify CA and Verify Identity. */
  caFile?: string;
  /** The path the cluster is served under (`/elasticsearch`), kept on every request. */
  pathPrefix?: string;
  /** An Elastic Cloud ID; when set, host and port are the ones it names. */
  cloudId?: string;
  /** PEM files of the client certificate and its key (mutual TLS); only over HTTPS. */
  clientCert?: string;
  clientKey?: string;
}

/** A new connection's starting point: SSL Mode starts on Disabled. */
export function newConnectionConfig(): EsConnectionConfig {
  return {
    host: "localhost",
    port: DEFAULT_PORT,
    auth: "none",
    sslMode: "disabled",
    skipTlsVerify: false,
  };
}

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;

function pickEnum<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  labels: Record<T, string>,
): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value))
    return value as T;
  const choices = allowed.map((a) => `${a} (${labels[a]})`).join(", ");
  throw errors.invalidConfig(
    field,
    `"${displayValue(value)}" is not one of the choices`,
    `Use one of: ${choices}.`,
  );
}

/** The Host field: a host name or an IP address, never a URL. */
function checkHost(value: unknown): string {
  const host = typeof value === "string" ? value.trim() : "";
  if (!host)
    throw errors.invalidConfig(
      "Host",
      "is empty",
      "Enter the cluster's host name, e.g. localhost.",
    );
  if (/^[a-z]+:\/\//i.test(host) || host.includes("/")) {
    throw errors.invalidConfig(
      "Host",
      `"${host}" looks like a URL`,
      "Enter only the host name (e.g. es.example.com); set the port in Port and https through SSL Mode.",
    );
  }
  const bracketed = host.startsWith("[") && host.endsWith("]") && isIP(host.slice(1, -1)) === 6;
  // A name made of digits and dots is an IPv4 address to a URL: 256.1.1.1 would pass the
  // name rule and then fail every request. The URL the driver builds must parse.
  const inUrl = isIP(host) === 6 ? `[${host}]` : host;
  if ((!HOST_NAME.test(host) && !isIP(host) && !bracketed) || !URL.canParse(`http://${inUrl}/`)) {
    throw errors.invalidConfig(
      "Host",
      `"${host}" is not a valid host name or IP address`,
      "Enter a host name such as localhost or an IP address.",
    );
  }
  return host;
}

/** The Port field: 1 to 65535, 9200 when left empty. */
function checkPort(value: unknown): number {
  const port =
    value === undefined || value === null || value === ""
      ? DEFAULT_PORT
      : typeof value === "number" || typeof value === "string"
        ? Number(value)
        : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw errors.invalidConfig(
      "Port",
      `"${displayValue(value)}" is not a port number`,
      "Enter a whole number from 1 to 65535 (Elasticsearch uses 9200 by default).",
    );
  }
  return port;
}

/**
 * Validates raw input (from the UI, the CLI or a saved file) into a configuration.
 * Throws a QuarryError whose message names the field and whose remedy says how to fix it.
 */
export function validateConfig(input: unknown): EsConnectionConfig {
  if (typeof input !== "object" || input === null) {
    throw errors.invalidConfig(
      "connection",
      "settings must be an object",
      "Pass host, port, auth and sslMode.",
    );
  }
  const raw = input as Record<string, unknown>;

  const { routes, first } = validateRoutes(raw);
  const cloudId = optionalText(raw.cloudId, "Cloud ID", "Paste the Cloud ID (name:base64…).");
  const cloud = cloudId ? decodeCloudId(cloudId) : undefined;
  const host = cloud ? cloud.host : (first?.host ?? checkHost(raw.host));
  const port = cloud ? cloud.port : (first?.port ?? checkPort(raw.port));

  const auth = pickEnum(raw.auth ?? "none", AUTH_METHODS, "Auth Method", AUTH_METHOD_LABELS);
  const sslMode = pickEnum(raw.sslMode ?? "disabled", SSL_MODES, "SSL Mode", SSL_MODE_LABELS);

  if (raw.skipTlsVerify !== undefined && typeof raw.skipTlsVerify !== "boolean") {
    throw errors.invalidConfig("Skip TLS Verification", "must be true or false", "Pass a boolean.");
  }
  const skipTlsVerify = raw.skipTlsVerify === true;

  const config: EsConnectionConfig = { host, port, auth, sslMode, skipTlsVerify, ...routes };

  if (auth === "basic") {
    const username = typeof raw.username === "string" ? raw.username : "";
    if (!username) {
      throw errors.invalidConfig(
        "Username",
        "is empty",
        "Enter the user name, or choose Auth Method API Key or None.",
      );
    }
    config.username = username;
  }

  if (raw.caFile !== undefined && raw.caFile !== null && raw.caFile !== "") {
    if (typeof raw.caFile !== "string")
      throw errors.invalidConfig("CA file", "must be a file path", "Enter the path of a PEM file.");
    if (sslMode !== "verify-ca" && sslMode !== "verify-identity") {
      throw errors.invalidConfig(
        "CA file",
        `is only used with Verify CA or Verify Identity, but SSL Mode is ${SSL_MODE_LABELS[sslMode]}`,
        "Choose SSL Mode Verify CA or Verify Identity, or clear the CA file.",
      );
    }
    config.caFile = raw.caFile;
  }
  const pathPrefix = normalizePathPrefix(raw.pathPrefix);
  if (pathPrefix) config.pathPrefix = pathPrefix;
  if (cloudId) {
    if (sslMode === "disabled")
      throw errors.invalidConfig(
        "SSL Mode",
        "is Disabled, but an Elastic Cloud deployment serves HTTPS only",
        "Choose SSL Mode Verify Identity (--ssl-mode verify-identity), or clear the Cloud ID.",
        "Choose SSL Mode Verify Identity, or clear the Cloud ID.",
      );
    config.cloudId = cloudId;
  }
  Object.assign(config, clientCertificate(raw, sslMode));
  return config;
}

function optionalText(value: unknown, field: string, remedy: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw errors.invalidConfig(field, "must be text", remedy);
  return value.trim() || undefined;
}

/** Client certificate and key: both or neither, PEM file paths, only over HTTPS. */
function clientCertificate(
  raw: Record<string, unknown>,
  sslMode: SslMode,
): Pick<EsConnectionConfig, "clientCert" | "clientKey"> {
  const remedy = "Enter the path of a PEM file.";
  const clientCert = optionalText(raw.clientCert, "Client certificate", remedy);
  const clientKey = optionalText(raw.clientKey, "Client key", remedy);
  if (!clientCert && !clientKey) return {};
  if (!clientCert || !clientKey)
    throw errors.invalidConfig(
      clientCert ? "Client key" : "Client certificate",
      `is empty, but the ${clientCert ? "Client certificate" : "Client key"} is set`,
      "Give both: --client-cert <certificate.pem> and --client-key <key.pem>, or clear both.",
      "Choose both files, the certificate and its key, or clear both.",
    );
  if (sslMode === "disabled")
    throw errors.invalidConfig(
      "Client certificate",
      "is only presented over HTTPS, but SSL Mode is Disabled",
      "Choose an HTTPS SSL Mode (--ssl-mode verify-identity), or clear the client certificate.",
      "Choose an HTTPS SSL Mode, or clear the client certificate.",
    );
  return { clientCert, clientKey };
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Checks that the secrets the chosen Auth Method needs are present and well formed. */
export function validateSecrets(config: EsConnectionConfig, secrets: ConnectionSecrets): void {
  const proxyUser = config.proxy && config.proxy !== "direct" && parseProxy(config.proxy).username;
  if (proxyUser && !secrets.proxyPassword) {
    throw errors.invalidConfig(
      "Proxy secret",
      "is missing",
      `Give the password of proxy user ${proxyUser} (--proxy-password-stdin), or drop the user from the proxy URL.`,
    );
  }
  if (config.auth === "basic" && secrets.password === undefined) {
    throw errors.invalidConfig(
      "Password",
      "is missing",
      "Enter the password for the user (it is stored in the secret store, not the connections file).",
    );
  }
  if (config.auth === "api-key") {
    const key = secrets.apiKey?.trim() ?? "";
    if (!key)
      throw errors.invalidConfig(
        "API Key",
        "is empty",
        "Paste the API key's encoded value (base64).",
      );
    if (!BASE64.test(key)) {
      throw errors.invalidConfig(
        "API Key",
        "is not base64",
        "Paste the `encoded` value returned by POST /_security/api_key, or the base64 of <id>:<api_key>.",
      );
    }
  }
}

/** The secrets these settings use: the Auth Method's, the client key's, the proxy user's, the SSH key's. */
export function secretFields(config: EsConnectionConfig): Array<keyof ConnectionSecrets> {
  const out: Array<keyof ConnectionSecrets> =
    config.auth === "basic" ? ["password"] : config.auth === "api-key" ? ["apiKey"] : [];
  if (config.clientKey) out.push("clientKeyPassphrase");
  if (config.proxy && config.proxy !== "direct" && parseProxy(config.proxy).username)
    out.push("proxyPassword");
  if (config.ssh && config.sshKey) out.push("sshPassphrase");
  return out;
}

/**
 * The scheme follows SSL Mode alone: Disabled is plain HTTP with no fallback; every other mode is
 * HTTPS.
 */
export function originUrl(config: EsConnectionConfig): string {
  const scheme = config.sslMode === "disabled" ? "http" : "https";
  const host =
    config.host.includes(":") && !config.host.startsWith("[") ? `[${config.host}]` : config.host;
  return `${scheme}://${host}:${config.port}`;
}

/** The cluster's URL: the origin, then the path prefix when it is served under one. */
export function baseUrl(config: EsConnectionConfig): string {
  return `${originUrl(config)}${config.pathPrefix ?? ""}`;
}

/** The Authorization header for the chosen method; the API key is sent verbatim. */
export function authorizationHeader(
  config: EsConnectionConfig,
  secrets: ConnectionSecrets,
): string | undefined {
  switch (config.auth) {
    case "basic":
      return `Basic ${Buffer.from(`${config.username}:${secrets.password ?? ""}`, "utf8").toString("base64")}`;
    case "api-key":
      return `ApiKey ${secrets.apiKey?.trim()}`;
    case "none":
      return undefined;
  }
}

/** What TLS checks apply, derived from SSL Mode and Skip TLS Verification. */
export interface TlsPolicy {
  verifyChain: boolean;
  verifyHostname: boolean;
}

export function tlsPolicy(config: EsConnectionConfig): TlsPolicy | undefined {
  if (config.sslMode === "disabled") return undefined;
  if (config.skipTlsVerify) return { verifyChain: false, verifyHostname: false };
  switch (config.sslMode) {
    case "preferred":
    case "required-skip-verify":
      return { verifyChain: false, verifyHostname: false };
    case "verify-ca":
      return { verifyChain: true, verifyHostname: false };
    case "verify-identity":
      return { verifyChain: true, verifyHostname: true };
  }
}
