/**
 * The connection form's fields for clusters not reached at a plain host and port: a path behind a
 * reverse proxy, an Elastic Cloud ID, a client certificate. Data only (core's SettingField).
 */
import type { SettingField } from "../../core/settings-form.ts";

const HTTPS = ["preferred", "required-skip-verify", "verify-ca", "verify-identity"];

export const PATH_PREFIX_FIELD: SettingField = {
  key: "pathPrefix",
  label: "Path prefix",
  kind: "text",
  placeholder: "/elasticsearch",
  hint: "The path a reverse proxy serves the cluster under; kept in front of every request.",
  cli: {
    flag: "path-prefix",
    valueName: "<path>",
    help: "path the cluster is served under behind a reverse proxy (a URL's path gives it)",
    urlFlag: null,
  },
};

export const CLOUD_ID_FIELD: SettingField = {
  key: "cloudId",
  label: "Cloud ID",
  kind: "text",
  placeholder: "name:base64…",
  hint: "An Elastic Cloud deployment's Cloud ID: it sets Host and Port, over HTTPS. Sign in with an API key or a user.",
  cli: {
    flag: "cloud-id",
    valueName: "<id>",
    help: "Elastic Cloud ID (name:base64); sets the host and port, over HTTPS",
    urlFlag: null,
  },
};

export const CLIENT_CERT_FIELDS: SettingField[] = [
  {
    key: "clientCert",
    label: "Client certificate",
    kind: "file",
    showWhen: [{ field: "sslMode", oneOf: HTTPS, orWhenSet: true }],
    placeholder: "/path/to/client.crt",
    hint: "PEM certificate presented to a cluster that asks for one (mutual TLS, PKI realm).",
    advanced: true,
    cli: {
      flag: "client-cert",
      valueName: "<path>",
      help: "PEM client certificate to present (mutual TLS), with --client-key",
    },
  },
  {
    key: "clientKey",
    label: "Client key",
    kind: "file",
    showWhen: [{ field: "sslMode", oneOf: HTTPS, orWhenSet: true }],
    placeholder: "/path/to/client.key",
    hint: "PEM private key of the client certificate.",
    advanced: true,
    cli: {
      flag: "client-key",
      valueName: "<path>",
      help: "PEM private key of --client-cert",
    },
  },
  {
    key: "clientKeyPassphrase",
    label: "Client key passphrase",
    kind: "secret",
    showWhen: [{ field: "sslMode", oneOf: HTTPS }],
    hint: "Only for an encrypted key; kept in the secret store.",
    advanced: true,
    optional: true,
    cli: {
      flag: "client-key-passphrase-stdin",
      help: "read the client key's passphrase from standard input (stored in the secret store)",
    },
  },
];
