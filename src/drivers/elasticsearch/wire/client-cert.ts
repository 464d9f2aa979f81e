/**
 * The client certificate a connection presents (mutual TLS, the PKI realm): its files read and
 * checked before anything is sent, so a wrong passphrase, a key of another certificate or an
 * expired certificate each say so instead of a TLS alert. Node's own TLS presents it.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import { QuarryError } from "../../../core/errors.ts";

export interface ClientCertFiles {
  certFile: string;
  keyFile: string;
  passphrase?: string;
}

export interface ClientCertTls {
  cert: Buffer;
  key: Buffer;
  passphrase?: string;
}

const STEP = { step: "client_certificate" };

function certError(reason: string, remedy: string, uiRemedy?: string): QuarryError {
  return new QuarryError(
    "connection_failed",
    `Connection failed: ${reason}`,
    remedy,
    STEP,
    uiRemedy,
  );
}

async function readPem(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    throw certError(
      `the ${what} ${path} cannot be read (${(e as NodeJS.ErrnoException).code})`,
      `Choose an existing PEM file as the connection's ${what}.`,
    );
  }
}

function privateKey(pem: Buffer, path: string, passphrase: string | undefined): KeyObject {
  try {
    return createPrivateKey(passphrase ? { key: pem, passphrase } : { key: pem });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "";
    const msg = (e as Error).message;
    if (/passphrase|bad decrypt|BAD_DECRYPT|interrupted or cancelled/i.test(`${code} ${msg}`))
      throw certError(
        passphrase
          ? `the client key ${path} cannot be decrypted with the stored passphrase (bad decrypt)`
          : `the client key ${path} is encrypted and no passphrase is stored`,
        "Store the key's passphrase: quarry connections edit <name> --client-key-passphrase-stdin.",
        "Type the key's passphrase in Client key passphrase (under Advanced).",
      );
    throw certError(
      `the client key ${path} is not a PEM private key (${code || msg})`,
      "Choose the PEM file of the certificate's private key.",
    );
  }
}

/** Reads and checks the files: a readable certificate, valid now, and the key that matches it. */
export async function loadClientCert(
  files: ClientCertFiles,
  now = new Date(),
): Promise<ClientCertTls> {
  const cert = await readPem(files.certFile, "client certificate");
  const key = await readPem(files.keyFile, "client key");
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw certError(
      `the client certificate ${files.certFile} is not a PEM certificate`,
      "Choose the PEM file of the certificate (-----BEGIN CERTIFICATE-----).",
    );
  }
  const from = new Date(x509.validFrom);
  const to = new Date(x509.validTo);
  if (now > to)
    throw certError(
      `the client certificate ${files.certFile} (${x509.subject.replaceAll("\n", ", ")}) expired on ${to.toISOString()}`,
      "Ask for a new certificate from the cluster's certificate authority and choose it as the client certificate.",
    );
  if (now < from)
    throw certError(
      `the client certificate ${files.certFile} is valid only from ${from.toISOString()}`,
      "Check this computer's clock, or use a certificate valid now.",
    );
  const keyObject = privateKey(key, files.keyFile, files.passphrase);
  if (!x509.checkPrivateKey(keyObject))
    throw certError(
      `the client key ${files.keyFile} is not the key of the certificate ${files.certFile}`,
      "Choose the private key made with this certificate.",
    );
  return { cert, key, ...(files.passphrase ? { passphrase: files.passphrase } : {}) };
}
