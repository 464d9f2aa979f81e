/**
 * OpenSSH's known_hosts, read the way `ssh` reads it: `host[,host] keytype base64` lines, a port
 * other than 22 written `[host]:port`, hashed names `|1|salt|hmac`. Pure: the text in, a verdict
 * out; the file is read and appended to by ssh-tunnel.ts.
 */
import { createHash, createHmac } from "node:crypto";

export type HostKeyVerdict =
  | { kind: "known" }
  | { kind: "unknown"; fingerprint: string }
  | { kind: "changed"; fingerprint: string; expected: string[] };

/** OpenSSH's form: `SHA256:` and the unpadded base64 of the key blob's SHA-256. */
export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

/** The key type named at the start of an SSH key blob (uint32 length, then the name). */
export function keyTypeOf(blob: Buffer): string {
  if (blob.length < 4) return "";
  const n = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + n).toString("latin1");
}

/** How a host is written in known_hosts: bare on port 22, else `[host]:port`. */
export function hostPattern(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function matches(pattern: string, name: string): boolean {
  if (pattern.startsWith("|1|")) {
    const [, , salt, hash] = pattern.split("|");
    if (!salt || !hash) return false;
    const mac = createHmac("sha1", Buffer.from(salt, "base64")).update(name).digest("base64");
    return mac === hash;
  }
  return pattern.split(",").some((p) => p === name);
}

/**
 * The verdict on a host's key: known (a line of this host holds it), changed (the host has lines,
 * none with this key: every such key is named), or unknown. A revoked key counts as changed.
 */
export function checkHostKey(
  knownHosts: string,
  host: string,
  port: number,
  blob: Buffer,
): HostKeyVerdict {
  const name = hostPattern(host, port);
  const fingerprint = fingerprintOf(blob);
  const expected: string[] = [];
  for (const raw of knownHosts.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const fields = line.split(/\s+/);
    const marker = fields[0]?.startsWith("@") ? fields.shift() : undefined;
    const [hosts, , key] = fields;
    if (!hosts || !key || marker === "@cert-authority" || !matches(hosts, name)) continue;
    const same = key === blob.toString("base64");
    if (same && marker !== "@revoked") return { kind: "known" };
    expected.push(fingerprintOf(Buffer.from(key, "base64")));
  }
  return expected.length > 0
    ? { kind: "changed", fingerprint, expected }
    : { kind: "unknown", fingerprint };
}

/** The line that makes a host's key known. */
export function knownHostsLine(host: string, port: number, blob: Buffer): string {
  return `${hostPattern(host, port)} ${keyTypeOf(blob)} ${blob.toString("base64")}\n`;
}
