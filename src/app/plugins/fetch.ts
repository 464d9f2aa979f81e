/**
 * Reads a catalog or an archive from its address: `https:`, `file:` (the catalog shipped with a
 * build, a mirror on disk) and `http:` on loopback only (tests, a local mirror). Plain HTTP to
 * another machine is refused: whoever sits on the path could swap the catalog and its hashes.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { fsReason } from "../storage/fs-reason.ts";

export interface FetchProgress {
  received: number;
  /** The expected size, when known. */
  total: number | null;
}

export interface FetchOptions {
  /** Refuse an answer longer than this many bytes. */
  maxBytes: number;
  onProgress?: (p: FetchProgress) => void;
  /** Total time allowed. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Why an address cannot be read, in words; thrown as `FetchError` and wrapped by the caller. */
export class FetchError extends Error {
  override name = "FetchError";
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/i;

/** Checks an address's scheme and host; returns the parsed URL. */
export function checkAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchError(`"${address}" is not an absolute URL`);
  }
  if (url.protocol === "https:" || url.protocol === "file:") return url;
  if (url.protocol === "http:") {
    if (LOOPBACK.test(url.hostname)) return url;
    throw new FetchError(
      "plain http:// is allowed only on this machine (127.0.0.1, localhost); use https://",
    );
  }
  throw new FetchError(
    `the scheme ${url.protocol} is not supported (use https:, or file: for a local mirror)`,
  );
}

export async function fetchBytes(address: string, options: FetchOptions): Promise<Buffer> {
  const url = checkAddress(address);
  if (url.protocol === "file:") {
    let data: Buffer;
    try {
      data = await readFile(fileURLToPath(url));
    } catch (e) {
      throw new FetchError(fsReason(e));
    }
    if (data.length > options.maxBytes) throw tooLarge(options.maxBytes);
    options.onProgress?.({ received: data.length, total: data.length });
    return data;
  }
  const signals = [AbortSignal.timeout(options.timeoutMs ?? 120_000)];
  if (options.signal) signals.push(options.signal);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.any(signals), redirect: "follow" });
  } catch (e) {
    throw new FetchError(networkReason(e));
  }
  if (res.redirected) checkAddress(res.url); // a redirect must not downgrade to plain HTTP
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new FetchError(`the server answered ${res.status} ${res.statusText}`.trim());
  }
  const declared = Number(res.headers.get("content-length"));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (total !== null && total > options.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge(options.maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  options.onProgress?.({ received, total });
  try {
    for await (const chunk of res.body ?? []) {
      received += chunk.length;
      if (received > options.maxBytes) throw tooLarge(options.maxBytes);
      chunks.push(chunk);
      options.onProgress?.({ received, total });
    }
  } catch (e) {
    if (e instanceof FetchError) throw e;
    throw new FetchError(networkReason(e));
  }
  return Buffer.concat(chunks);
}

function tooLarge(max: number): FetchError {
  return new FetchError(`the answer is larger than ${max} bytes`);
}

function networkReason(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === "TimeoutError") return "it took too long (timed out)";
  if (err?.name === "AbortError") return "cancelled";
  const cause = err?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ""}`;
  return err?.message ?? String(e);
}
