/**
 * A request's target as a URL, read as a path whatever it starts with: `new URL("//x", base)`
 * takes "x" for a host name (or fails), so leading slashes are folded into one first. Pure.
 */
export function requestUrl(target: string | undefined, host = "127.0.0.1"): URL | undefined {
  try {
    return new URL(`http://${host}/${(target ?? "/").replace(/^\/+/, "")}`);
  } catch {
    return undefined;
  }
}
