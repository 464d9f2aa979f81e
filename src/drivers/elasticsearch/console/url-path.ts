/**
 * Pure: a request line whose path is written as a URL (`GET http://localhost:9200/_search`, as
 * documentation and logs show it) read as that URL's path on the connection's cluster, with a note
 * that the host was dropped; or refused, saying why, when the URL cannot name a cluster path
 * (docs/decisions.md, "ES|QL in the console, the grid and the CLI").
 */

/** A path as the console sends it, and what was left out; or why the URL cannot be one. */
export type UrlPathReading =
  | { path: string; note?: string }
  | { refused: { message: string; remedy: string } };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** Kibana's own pages and API: an address people copy from the browser, never a cluster path. */
const KIBANA_PATH = /^\/(?:app|api|s\/[^/]+\/app|s\/[^/]+\/api)(?:\/|$)/;

/**
 * Pure: a path as written (after variables). A path without a scheme is given back as it is; a
 * URL becomes its path and query string.
 */
export function readUrlPath(written: string): UrlPathReading {
  const scheme = SCHEME.exec(written);
  if (!scheme) return { path: written };
  const name = (scheme[1] ?? "").toLowerCase();
  if (name !== "http" && name !== "https")
    return refuse(
      `The path is a ${name}: address, not a path on the cluster: "${written.slice(0, 80)}"`,
      "Write the path only, e.g. GET /my-index/_search: requests go to this connection's cluster.",
    );
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return refuse(
      `The URL "${written.slice(0, 80)}" cannot be read`,
      "Write the path only, e.g. GET /my-index/_search.",
    );
  }
  if (url.hash !== "" || KIBANA_PATH.test(url.pathname))
    return refuse(
      `The URL "${written.slice(0, 80)}" is a web page's address (Kibana's), not a path on the cluster`,
      "Write the cluster's path only, e.g. GET /my-index/_search, as Kibana's Console shows it.",
    );
  const dropped = url.username || url.password ? `${url.host} and its credentials` : url.host;
  return {
    path: `${url.pathname}${url.search}`,
    note: `The address ${dropped} was dropped: the request runs on this connection's cluster.`,
  };
}

function refuse(message: string, remedy: string): UrlPathReading {
  return { refused: { message, remedy } };
}
