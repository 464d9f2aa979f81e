/**
 * Recognizing the cluster: Elasticsearch 7.x, 8.x or 9.x is accepted, anything else is refused by
 * name. Pure: works on the bodies and headers the connection test received.
 */
import type { ServerInfo } from "../../../core/driver.ts";
import { esErrors } from "./error-catalog.ts";

export const SUPPORTED_MAJORS = [7, 8, 9] as const;

/** How the supported range is named to people (7.17 is the 7.x release Quarry is tested on). */
export const SUPPORTED_RANGE = "7.17, 8.x and 9.x";

/** `GET /`'s body. */
export interface RootInfo {
  cluster_name?: string;
  version?: { number?: string; distribution?: string; build_flavor?: string };
  tagline?: string;
}

/** `GET /_nodes/_local`'s body, used where `GET /` is not served (8.x and 9.x integ-test zips have no rest-root). */
export interface LocalNodesInfo {
  cluster_name?: string;
  nodes?: Record<string, { version?: string }>;
}

function parseMajorMinor(version: string): [number, number] {
  const [major = Number.NaN, minor = Number.NaN] = version
    .split(".")
    .map((p) => Number.parseInt(p, 10));
  return [major, minor];
}

/**
 * Decides whether the answering server is a supported Elasticsearch. Forks (OpenSearch names
 * itself in `version.distribution`) and other majors are refused with a message naming them.
 */
export function identifyServer(
  source: { root?: RootInfo; nodes?: LocalNodesInfo },
  productHeader: string | undefined,
): ServerInfo {
  const version =
    source.root?.version?.number ?? Object.values(source.nodes?.nodes ?? {})[0]?.version;
  const clusterName = source.root?.cluster_name ?? source.nodes?.cluster_name ?? "";
  const distribution = source.root?.version?.distribution;
  if (distribution && distribution.toLowerCase() !== "elasticsearch") {
    const name = distribution.toLowerCase() === "opensearch" ? "OpenSearch" : distribution;
    throw esErrors.unsupportedCluster(
      `${name} ${version ?? ""} is a fork of Elasticsearch, which Quarry does not support`.replace(
        "  ",
        " ",
      ),
    );
  }
  if (!version)
    throw esErrors.unsupportedCluster("the server did not report an Elasticsearch version");
  const [major, minor] = parseMajorMinor(version);
  if (!(SUPPORTED_MAJORS as readonly number[]).includes(major)) {
    throw esErrors.unsupportedCluster(
      `Elasticsearch ${version} is not supported; Quarry supports Elasticsearch ${SUPPORTED_RANGE}`,
    );
  }
  // Elasticsearch sends X-Elastic-Product on every authenticated answer since 7.14.
  const mustHaveHeader = major > 7 || minor >= 14;
  if (mustHaveHeader && productHeader !== "Elasticsearch") {
    throw esErrors.unsupportedCluster(
      `the server reports version ${version} but does not identify itself as Elasticsearch (no X-Elastic-Product header); forks are not supported`,
    );
  }
  return { product: "Elasticsearch", version, major, clusterName };
}
