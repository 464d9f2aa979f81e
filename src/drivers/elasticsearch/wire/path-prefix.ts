/**
 * The path a cluster is served under behind a reverse proxy (`https://gateway/elasticsearch/`):
 * kept in front of every request path, so `/_search` typed anywhere stays relative to the cluster,
 * not to the host. Pure.
 */
import { errors } from "../../../core/errors.ts";

const SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/;

/** The Path prefix setting as `/a/b` (no trailing slash), or undefined for the root. */
export function normalizePathPrefix(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string")
    throw errors.invalidConfig(
      "Path prefix",
      "must be text",
      "Enter a path such as /elasticsearch.",
    );
  const segments = value
    .trim()
    .split("/")
    .filter((s) => s !== "");
  if (segments.length === 0) return undefined;
  for (const s of segments) {
    if (s === "." || s === ".." || !SEGMENT.test(s) || /%(?![0-9A-Fa-f]{2})/.test(s)) {
      throw errors.invalidConfig(
        "Path prefix",
        `"${value}" is not a URL path (segment "${s}")`,
        "Enter the path the proxy serves the cluster under, e.g. /elasticsearch; no query, no . or .. segments.",
      );
    }
  }
  return `/${segments.join("/")}`;
}

/** A request path (starting with one "/") under the prefix. */
export function underPrefix(prefix: string | undefined, path: string): string {
  return prefix ? `${prefix}${path}` : path;
}
