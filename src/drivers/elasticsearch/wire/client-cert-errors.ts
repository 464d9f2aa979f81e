/**
 * The TLS alerts a cluster sends about the client certificate, in words: none presented, one it
 * does not trust, one expired. Which alert a server sends varies (Java sends bad_certificate for
 * none, certificate_unknown for an untrusted one), so whether one was presented decides. Pure.
 */
import { QuarryError } from "../../../core/errors.ts";

const SET_ONE =
  "Set the connection's client certificate and key: quarry connections edit <name> --client-cert <cert.pem> --client-key <key.pem>.";

const NONE = {
  reason: "the cluster requires a client certificate, and the connection presents none",
  remedy: SET_ONE,
  uiRemedy: "Choose the connection's Client certificate and Client key (under Advanced).",
};
const UNTRUSTED = {
  reason:
    "the cluster does not trust the client certificate: no certificate authority it trusts issued it",
  remedy:
    "Use a certificate issued by a CA the cluster trusts (xpack.security.http.ssl.certificate_authorities), or ask its administrator to trust this one's CA.",
};
const EXPIRED = {
  reason: "the cluster refused the client certificate as expired",
  remedy: "Ask for a new certificate and choose it as the connection's client certificate.",
};

const REQUIRED = /CERTIFICATE_REQUIRED|alert certificate required/i;
const REFUSED =
  /BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|UNKNOWN_CA|HANDSHAKE_FAILURE|alert (bad certificate|certificate unknown|unknown ca|handshake failure)/i;
const EXPIRED_ALERT = /CERTIFICATE_EXPIRED|alert certificate expired/i;

export function clientCertRefusal(
  code: string,
  message: string,
  details: Record<string, unknown>,
  presented: boolean,
): QuarryError | undefined {
  const text = `${code} ${message}`;
  const words = REQUIRED.test(text)
    ? NONE
    : EXPIRED_ALERT.test(text)
      ? EXPIRED
      : REFUSED.test(text)
        ? presented
          ? UNTRUSTED
          : NONE
        : undefined;
  if (!words) return undefined;
  const alert = /alert [a-z ]+/i.exec(message)?.[0] ?? code;
  return new QuarryError(
    "connection_failed",
    `Connection failed: ${words.reason} (TLS ${alert})`,
    words.remedy,
    { ...details, step: "client_certificate" },
    (words as { uiRemedy?: string }).uiRemedy,
  );
}
