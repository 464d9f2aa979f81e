/**
 * The `queryLanguage` facet (core/facets.ts) of an Elasticsearch session: the request that runs an
 * ES|QL query, and its rows past the row cap in keyed pages. `ready` identifies the server and
 * refuses a version without ES|QL before anything is sent.
 */
import type { QueryLanguageFacet } from "../../../core/facets.ts";
import type { EsTransport } from "../wire/transport.ts";
import { esqlPageSource } from "./page-scan.ts";
import { esqlRequest } from "./result.ts";

export function esQueryLanguage(
  transport: EsTransport,
  ready: (query: string) => Promise<void>,
): QueryLanguageFacet {
  return {
    queryRequest: esqlRequest,
    queryPages: (query, key) => esqlPageSource(transport, query, key, () => ready(query)),
  };
}
