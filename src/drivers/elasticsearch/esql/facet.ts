/**
 * The `queryLanguage` facet (core/facets.ts) of an Elasticsearch session: the request that runs an
 * ES|QL query, and its rows past the row cap in keyed pages. A version without ES|QL is
 * refused before anything is sent.
 */
import type { QueryLanguageFacet } from "../../../core/facets.ts";
import type { LiveConnection } from "../wire/live.ts";
import { esqlPageSource } from "./page-scan.ts";
import { esqlReady } from "./ready.ts";
import { esqlRequest } from "./result.ts";

export function esQueryLanguage(live: LiveConnection): QueryLanguageFacet {
  return {
    queryRequest: esqlRequest,
    queryPages: (query, key) =>
      esqlPageSource(live.transport, query, key, () => esqlReady(live, query)),
  };
}
