/**
 * The reference page of the request at the cursor, for the cluster's version. The specification's
 * `docUrl` has three shapes: the old guide (`/guide/en/elasticsearch/reference/{branch}/…`, also
 * `…/current/…`), the versioned API site (`/docs/api/doc/elasticsearch/v8/…`) and the current API
 * site (`/docs/api/doc/elasticsearch/…`, which documents 9.x).
 */
import type { ReferenceLink } from "../../../../core/console-completion.ts";
import type { ApiDefinitions } from "./definitions.ts";
import { endpointOf, endpointsFor } from "./engine.ts";

/** A `docUrl` for a cluster `major.minor`: the guide's version part set to it. */
export function versionedDocUrl(docUrl: string, version: string): string {
  const [major, minor] = version.split(".");
  const branch = `${major}.${minor ?? "0"}`;
  let url = docUrl.replace("{branch}", Number(major) >= 9 ? "current" : branch);
  // The old guide's "current" is 9.x now: a 7.x or 8.x cluster reads its own version's pages.
  if (Number(major) < 9)
    url = url.replace(/(\/guide\/en\/[^/]+\/[^/]+\/)current\//, `$1${branch}/`);
  // The current API site documents 9.x; an 8.x cluster reads the v8 one.
  if (Number(major) === 8)
    url = url.replace(
      "/docs/api/doc/elasticsearch/operation/",
      "/docs/api/doc/elasticsearch/v8/operation/",
    );
  return url;
}

export function referenceLink(
  defs: ApiDefinitions,
  version: string,
  method: string,
  path: string,
): ReferenceLink | null {
  const hit = endpointOf(endpointsFor(defs, version), method.toUpperCase(), path);
  if (!hit?.endpoint.doc) return null;
  return { label: hit.endpoint.name, url: versionedDocUrl(hit.endpoint.doc, version) };
}
