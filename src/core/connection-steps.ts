/**
 * The steps a connection goes through, in order, and which one a failure stopped at: what
 * `connections test` and the editor's Test button name. A transport that adds a step (a proxy, an
 * SSH tunnel) puts its step in its error's `details.step`, or adds a rule to NETWORK_STEP_RULES.
 * Pure.
 */
import { isQuarryError, QuarryError } from "./errors.ts";

/** The stable codes, in the order a connection passes them. */
export const CONNECTION_STEPS = [
  "name_lookup",
  "ssh_auth",
  "host_key",
  "proxy",
  "tcp",
  "tls",
  "client_certificate",
  "http_auth",
  "cluster",
  "fork",
] as const;
export type ConnectionStep = (typeof CONNECTION_STEPS)[number];

export const STEP_LABELS: Record<ConnectionStep, string> = {
  name_lookup: "name lookup",
  ssh_auth: "SSH sign-in",
  host_key: "SSH host key",
  proxy: "proxy",
  tcp: "TCP connection",
  tls: "TLS",
  client_certificate: "client certificate",
  http_auth: "HTTP sign-in",
  cluster: "the cluster",
  fork: "the server's product",
};

/** A network failure's code (Node's, OpenSSL's) or message to the step it belongs to; first match wins. */
export interface StepRule {
  step: ConnectionStep;
  codes?: readonly string[];
  message?: RegExp;
}

export const NETWORK_STEP_RULES: StepRule[] = [
  { step: "name_lookup", codes: ["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"] },
  {
    step: "client_certificate",
    codes: [
      "ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED",
      "ERR_SSL_TLSV1_ALERT_UNKNOWN_CA",
      "ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE",
      "ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED",
      "ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN",
      "ERR_SSL_SSL/TLS_ALERT_BAD_CERTIFICATE",
      "ERR_SSL_SSL/TLS_ALERT_CERTIFICATE_UNKNOWN",
      "ERR_OSSL_BAD_DECRYPT",
      "ERR_SSL_KEY_VALUES_MISMATCH",
    ],
    message:
      /alert (certificate required|unknown ca|bad certificate|certificate expired|certificate unknown)/i,
  },
  {
    step: "tls",
    message: /cert|ssl|tls|wrong version number/i,
    codes: ["EPROTO", "ERR_TLS_CERT_ALTNAME_INVALID", "CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"],
  },
  {
    step: "tcp",
    codes: [
      "ECONNREFUSED",
      "EHOSTUNREACH",
      "ENETUNREACH",
      "EADDRNOTAVAIL",
      "ETIMEDOUT",
      "UND_ERR_CONNECT_TIMEOUT",
      "ECONNRESET",
      "UND_ERR_SOCKET",
    ],
  },
];

/** The step a network failure belongs to: the first rule matching its code, then its message. */
export function stepOfNetworkFailure(code: string, message: string): ConnectionStep {
  const byCode = NETWORK_STEP_RULES.find((r) => r.codes?.includes(code));
  if (byCode) return byCode.step;
  const byMessage = NETWORK_STEP_RULES.find((r) => r.message?.test(`${code} ${message}`));
  return byMessage?.step ?? "tcp";
}

function isStep(value: unknown): value is ConnectionStep {
  return (CONNECTION_STEPS as readonly unknown[]).includes(value);
}

/** The step a refusal stopped at: the one it names, else the one its code implies. */
export function stepOf(e: QuarryError): ConnectionStep | undefined {
  if (isStep(e.details.step)) return e.details.step;
  switch (e.code) {
    case "authentication_failed":
    case "permission_denied":
      return "http_auth";
    case "unsupported_cluster":
      return "fork";
    case "cluster_error":
      return "cluster";
    case "connection_failed":
      return "tcp";
    default:
      return undefined;
  }
}

/**
 * A connection test's failure with its step's code in `details.step` (its words unchanged: every
 * surface shows the step on a line of its own); anything that is not a step's failure (a setting
 * refused) is returned as it is.
 */
export function withStep(e: unknown): unknown {
  if (!isQuarryError(e) || e.details.step !== undefined) return e;
  const step = stepOf(e);
  if (!step) return e;
  return new QuarryError(e.code, e.message, e.remedy, { ...e.details, step }, e.uiRemedy);
}

/** "Failed step: TLS", for a failure that names its step; undefined for others. */
export function stepLine(details: Readonly<Record<string, unknown>>): string | undefined {
  return isStep(details.step) ? `Failed step: ${STEP_LABELS[details.step]}` : undefined;
}
