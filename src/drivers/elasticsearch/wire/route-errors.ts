/**
 * Failures of the way in (an HTTP proxy) and of a request whose node stopped answering among
 * several, in words. Pure. The SSH tunnel's own are in ssh-tunnel.ts; the cluster's in errors.ts.
 */
import { errors, type QuarryError } from "../../../core/errors.ts";

interface ErrorLike {
  code?: string;
  message?: string;
  cause?: unknown;
}

function codeOf(e: unknown): string | undefined {
  let cur = e as ErrorLike | undefined;
  for (let depth = 0; cur && depth < 4; depth++) {
    if (cur.code && !cur.code.startsWith("UND_ERR_ABORTED")) return cur.code;
    cur = cur.cause as ErrorLike | undefined;
  }
  return undefined;
}

/**
 * A proxy that refused or failed, by the status it answered: 407 asks for its sign-in (tinyproxy
 * answers a wrong one with 401).
 */
export function proxyStatusError(status: number, proxy: string): QuarryError {
  if (status === 407 || status === 401) {
    return errors.connectionFailed(
      `the HTTP proxy ${proxy} refused the sign-in (HTTP ${status})`,
      "Give the proxy's user in its URL (--proxy http://user@proxy:3128) and its password with --proxy-password-stdin.",
      { step: "proxy", proxy },
    );
  }
  return errors.connectionFailed(
    `the HTTP proxy ${proxy} could not reach the cluster (it answered ${status})`,
    "Check the cluster's host and port, and that the proxy allows connections to them.",
    { step: "proxy", proxy },
  );
}

/** A network failure through a proxy, when it is the proxy's; undefined when not. */
export function proxyError(e: unknown, proxy: string): QuarryError | undefined {
  const msg = (e as ErrorLike)?.message ?? "";
  // undici's words for a refused CONNECT, and for a 407 to a request sent by absolute URL.
  const status = /Proxy (?:response|Authentication Required) \((\d+)\)/.exec(msg);
  if (status) return proxyStatusError(Number(status[1]), proxy);
  const code = codeOf(e);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return errors.connectionFailed(
      `the HTTP proxy ${proxy} is not answering (${code})`,
      "Check the proxy's address (--proxy), that it runs, or clear it to connect directly.",
      { step: "proxy", proxy },
    );
  }
  return undefined;
}

/** A write sent to a node that stopped answering before it said whether the write was applied. */
export function unknownFate(cause: QuarryError, method: string, path: string): QuarryError {
  return errors.connectionFailed(
    `the node stopped answering after ${method} ${path.split("?")[0]} was sent; whether it was applied is unknown, and it was not sent again`,
    "Check on the cluster whether the change is there before repeating it (another node answers).",
    { ...cause.details, outcome: "unknown" },
  );
}
