/**
 * Client certificates for a test node that requires one (mutual TLS, the PKI realm), made at run
 * time with openssl from the node's own test CA (never committed): a good one (CN quarry-pki, the
 * PKI realm's user), its key also encrypted with a passphrase, an expired one, and one from
 * another CA that the node does not trust.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runDir } from "./paths.ts";

export interface ClientCerts {
  /** Signed by the node's CA, valid ten years, CN quarry-pki. */
  cert: string;
  key: string;
  /** The same key, encrypted (AES-256) with `passphrase`. */
  encryptedKey: string;
  passphrase: string;
  /** The same key and subject, valid only in January 2020. */
  expiredCert: string;
  /** From a CA the node does not trust. */
  strangerCert: string;
  strangerKey: string;
}

/** The user name the PKI realm gives the good certificate (its CN). */
export const PKI_USER = "quarry-pki";

export function clientCertPaths(nodeName: string): ClientCerts {
  const dir = join(runDir(), "client-certs", nodeName);
  const passFile = join(dir, "passphrase");
  return {
    cert: join(dir, "client.crt"),
    key: join(dir, "client.key"),
    encryptedKey: join(dir, "client-encrypted.key"),
    passphrase: existsSync(passFile) ? readFileSync(passFile, "utf8").trim() : "",
    expiredCert: join(dir, "expired.crt"),
    strangerCert: join(dir, "stranger.crt"),
    strangerKey: join(dir, "stranger.key"),
  };
}

const ssl = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync("openssl", args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });

/** Makes the client certificates once, signed by the CA in `caDir` (ca.crt, ca.key). */
export function ensureClientCertificates(nodeName: string, caDir: string): ClientCerts {
  const dir = join(runDir(), "client-certs", nodeName);
  const paths = clientCertPaths(nodeName);
  if (existsSync(paths.strangerCert)) return paths;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ca = ["-CA", join(caDir, "ca.crt"), "-CAkey", join(caDir, "ca.key"), "-CAcreateserial"];
  writeFileSync(join(dir, "client.ext"), "extendedKeyUsage=clientAuth\n");
  ssl(["genrsa", "-out", paths.key, "2048"], dir);
  ssl(["req", "-new", "-key", paths.key, "-subj", `/CN=${PKI_USER}`, "-out", "client.csr"], dir);
  ssl(
    ["x509", "-req", "-in", "client.csr", ...ca, "-days", "3650", "-sha256"].concat([
      "-extfile",
      "client.ext",
      "-out",
      paths.cert,
    ]),
    dir,
  );
  const passphrase = randomBytes(12).toString("base64url");
  writeFileSync(join(dir, "passphrase"), `${passphrase}\n`, { mode: 0o600 });
  ssl(
    [
      "pkey",
      "-in",
      paths.key,
      "-aes256",
      "-passout",
      "env:QUARRY_KEY_PASS",
      "-out",
      paths.encryptedKey,
    ],
    dir,
    { QUARRY_KEY_PASS: passphrase },
  );
  // `openssl x509` takes no start date: `openssl ca` signs with one in the past.
  const db = join(dir, "expired-ca");
  mkdirSync(join(db, "new"), { recursive: true });
  writeFileSync(join(db, "index.txt"), "");
  writeFileSync(join(db, "serial"), "1000\n");
  writeFileSync(
    join(db, "ca.cnf"),
    `[ca]\ndefault_ca = test\n[test]\ndir = ${db}\ndatabase = $dir/index.txt\nnew_certs_dir = $dir/new\nserial = $dir/serial\ndefault_md = sha256\npolicy = any\nx509_extensions = ext\n[any]\ncommonName = supplied\n[ext]\nextendedKeyUsage = clientAuth\n`,
  );
  ssl(
    ["ca", "-batch", "-config", join(db, "ca.cnf"), "-cert", join(caDir, "ca.crt")]
      .concat(["-keyfile", join(caDir, "ca.key"), "-startdate", "20200101000000Z"])
      .concat([
        "-enddate",
        "20200201000000Z",
        "-notext",
        "-in",
        "client.csr",
        "-out",
        paths.expiredCert,
      ]),
    dir,
  );
  ssl(["genrsa", "-out", "other-ca.key", "2048"], dir);
  ssl(
    [
      "req",
      "-x509",
      "-new",
      "-key",
      "other-ca.key",
      "-days",
      "3650",
      "-subj",
      "/CN=Another CA",
    ].concat(["-out", "other-ca.crt"]),
    dir,
  );
  ssl(["genrsa", "-out", paths.strangerKey, "2048"], dir);
  ssl(["req", "-new", "-key", paths.strangerKey, "-subj", `/CN=${PKI_USER}`, "-out", "s.csr"], dir);
  ssl(
    ["x509", "-req", "-in", "s.csr", "-CA", "other-ca.crt", "-CAkey", "other-ca.key"].concat([
      "-CAcreateserial",
      "-days",
      "3650",
      "-extfile",
      "client.ext",
      "-out",
      paths.strangerCert,
    ]),
    dir,
  );
  return { ...paths, passphrase };
}
