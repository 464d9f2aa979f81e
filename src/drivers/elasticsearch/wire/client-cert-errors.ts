/**
 * The TLS alerts a cluster sends about the client certificate, in words: none presented, one it
 * does not trust, one expired. Pure.
 */
import { errors, type QuarryError } from "../../../core/errors.ts";

const SET_ONE =
  "Set the connection's client certificate and key: quarry connections edit <name> --client-cert <cert.pem> --client-key <key.pem> (in the editor: Client certificate, Client key).";

const ALERTS: { test: RegExp; reason: string; remedy: string }[] = [
  {
    test: /CERTIFICATE_REQUIRED|alert certificate required|HANDSHAKE_FAILURE|alert handshake failure/i,
    reason: "the cluster requires a client certificate, and the connection presents none",
    remedy: SET_ONE,
  },
  {
    test: /UNKNOWN_CA|alert unknown ca/i,
    reason:
      "the cluster does not trust the client certificate: no certificate authority it trusts issued it",
    remedy:
      "Use a certificate issued by a CA the cluster trusts (xpack.security.http.ssl.certificate_authorities), or ask its administrator to trust this one's CA.",
  },
  {
    test: /CERTIFICATE_EXPIRED|alert certificate expired/i,
    reason: "the cluster refused the client certificate as expired",
    remedy: "Ask for a new certificate and choose it as the connection's client certificate.",
  },
  {
    test: /BAD_CERTIFICATE|CERTIFICATE_UNKNOWN|alert bad certificate|alert certificate unknown/i,
    reason: "the cluster refused the client certificate",
    remedy:
      "Check the certificate is a client certificate (extendedKeyUsage clientAuth) issued by a CA the cluster trusts, and not expired.",
  },
];

export function clientCertRefusal(
  code: string,
  message: string,
  details: Record<string, unknown>,
): QuarryError | undefined {
  const text = `${code} ${message}`;
  const alert = ALERTS.find((a) => a.test.test(text));
  if (!alert) return undefined;
  return errors.connectionFailed(`${alert.reason} (${code || message})`, alert.remedy, {
    ...details,
    step: "client_certificate",
  });
}
