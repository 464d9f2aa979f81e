/**
 * The Elasticsearch connection settings as data (core's SettingsForm): what the CLI's flags and
 * the UI's editor are generated from, and the settings a cluster URL gives. The rules the values
 * obey stay in config.ts; the choices and defaults come from there too.
 */
import { QuarryError } from "../../core/errors.ts";
import type { SettingsForm } from "../../core/settings-form.ts";
import { CLIENT_CERT_FIELDS, CLOUD_ID_FIELD, PATH_PREFIX_FIELD } from "./reach-fields.ts";
import {
  AUTH_METHOD_LABELS,
  AUTH_METHODS,
  DEFAULT_PORT,
  newConnectionConfig,
  SSL_MODE_LABELS,
  SSL_MODES,
} from "./wire/config.ts";
import { normalizePathPrefix } from "./wire/path-prefix.ts";
import { ROUTE_FIELDS } from "./wire/route-fields.ts";

const start = newConnectionConfig();
const VERIFYING = ["verify-ca", "verify-identity"];

export const ES_SETTINGS_FORM: SettingsForm = {
  about: "Elasticsearch 7.17, 8.x and 9.x, over its REST API",
  url: { schemes: ["http", "https"], example: "http://localhost:9200" },
  // A default 8.x/9.x install has security on: HTTPS with its own CA, and the elastic user.
  newConnection: {
    settings: { auth: "basic", username: "elastic", sslMode: "verify-identity" },
    note: "Set for a default 8.x or 9.x install: HTTPS and the elastic user (its password was printed at the first start; CA file: the install's config/certs/http_ca.crt). For 7.x, or a cluster with security turned off: SSL Mode Disabled and Auth Method None. Or paste the cluster's URL (https://elastic@host:9200) into Host.",
  },
  fields: [
    {
      key: "host",
      label: "Host",
      kind: "text",
      default: start.host,
      placeholder: "localhost",
      hint: "Or paste the cluster's URL (https://elastic@host:9200): it fills the fields.",
      row: "endpoint",
      width: "grow",
      cli: {
        flag: "host",
        valueName: "<host>",
        help: "cluster host name or IP address",
        urlFlag: null,
      },
    },
    {
      key: "port",
      label: "Port",
      kind: "number",
      default: DEFAULT_PORT,
      row: "endpoint",
      width: "narrow",
      cli: { flag: "port", valueName: "<port>", help: "REST port", urlFlag: null },
    },
    PATH_PREFIX_FIELD,
    CLOUD_ID_FIELD,
    {
      key: "auth",
      label: "Auth Method",
      kind: "choice",
      choices: AUTH_METHODS.map((value) => ({ value, label: AUTH_METHOD_LABELS[value] })),
      default: start.auth,
      impliedBy: [
        { field: "apiKey", value: "api-key" },
        { field: "username", value: "basic" },
        { field: "password", value: "basic" },
      ],
      cli: {
        flag: "auth",
        valueName: "<method>",
        help: "how to sign in (default: basic with --username, api-key with --api-key-stdin, else none)",
        urlFlag: null,
      },
    },
    {
      key: "username",
      label: "Username",
      kind: "text",
      showWhen: [{ field: "auth", oneOf: ["basic"] }],
      row: "basic",
      width: "grow",
      cli: {
        flag: "username",
        valueName: "<name>",
        help: "user name for --auth basic",
        urlFlag: "user",
      },
    },
    {
      key: "password",
      label: "Password",
      kind: "secret",
      showWhen: [{ field: "auth", oneOf: ["basic"] }],
      row: "basic",
      width: "grow",
      cli: {
        flag: "password-stdin",
        help: "read the password from standard input (it is stored in the secret store)",
      },
    },
    {
      key: "apiKey",
      label: "API Key",
      kind: "secret",
      showWhen: [{ field: "auth", oneOf: ["api-key"] }],
      hint: "The encoded value (base64), sent as Authorization: ApiKey.",
      cli: {
        flag: "api-key-stdin",
        help: "read the API key (base64 `encoded` value) from standard input",
      },
    },
    {
      key: "sslMode",
      label: "SSL Mode",
      kind: "choice",
      choices: SSL_MODES.map((value) => ({ value, label: SSL_MODE_LABELS[value] })),
      default: start.sslMode,
      // Elastic Cloud and a client certificate are reached over HTTPS only.
      impliedBy: [
        { field: "cloudId", value: "verify-identity" },
        { field: "clientCert", value: "verify-identity" },
      ],
      cli: { flag: "ssl-mode", valueName: "<mode>", help: "how to use TLS" },
    },
    {
      key: "caFile",
      label: "CA file",
      kind: "file",
      showWhen: [{ field: "sslMode", oneOf: VERIFYING, orWhenSet: true }],
      hint: "Path of a PEM file; empty uses the system's trusted roots.",
      placeholder: "/path/to/ca.pem",
      cli: {
        flag: "ca-file",
        valueName: "<path>",
        help: "PEM file of the CA to trust (verify-ca, verify-identity)",
      },
    },
    ...CLIENT_CERT_FIELDS,
    {
      key: "skipTlsVerify",
      label: "Skip TLS Verification",
      kind: "boolean",
      default: start.skipTlsVerify,
      advanced: true,
      hint: "Trusts any certificate, even under Verify CA or Verify Identity.",
      cli: {
        flag: "skip-tls-verify",
        help: "trust any certificate, even under verify-ca or verify-identity",
      },
    },
    ...ROUTE_FIELDS,
  ],
};

/**
 * The settings a cluster URL gives: host, port (443 or 9200 when absent) and, for https, SSL Mode
 * Verify Identity, and its path as the Path prefix. Credentials in the URL are refused: they would stay in shell history.
 */
export function settingsFromUrl(url: URL): Record<string, unknown> {
  if (url.username || url.password) {
    throw new QuarryError(
      "invalid_input",
      "The URL carries credentials",
      "Pass the user with --user and the password with --password-stdin, so it stays out of shell history.",
    );
  }
  const https = url.protocol === "https:";
  const pathPrefix = normalizePathPrefix(url.pathname);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port || (https ? 443 : DEFAULT_PORT),
    sslMode: https ? "verify-identity" : "disabled",
    ...(pathPrefix ? { pathPrefix } : {}),
  };
}
