/**
 * The console's facets (core/facets.ts) on Elasticsearch: completion and reference links, impact
 * measured before a dangerous request, long tasks, and the requests an agent's tools send.
 */
import type {
  AgentRequestsFacet,
  CompletionFacet,
  ImpactFacet,
  LongTasksFacet,
} from "../../../core/facets.ts";
import { describeTable } from "../table/mapping.ts";
import type { LiveConnection } from "../wire/live.ts";
import {
  documentLookup,
  mappingRequest,
  startsLongTask,
  validateQueryRequest,
} from "./agent-requests.ts";
import { ConsoleCompletion } from "./completion/live.ts";
import { measureImpact } from "./impact-measure.ts";

export function esCompletion(live: LiveConnection): CompletionFacet {
  const { transport, ready } = live;
  const completion = new ConsoleCompletion(transport, (t) => describeTable(transport, t));
  return {
    async completeConsole(text, offset) {
      await ready();
      return completion.complete(await live.server(), text, offset);
    },
    async consoleReference(request) {
      await ready();
      return completion.reference(await live.server(), request.method, request.path);
    },
  };
}

export function esImpact(live: LiveConnection): ImpactFacet {
  return {
    measureImpact: (request, options) =>
      measureImpact(live.transport, request, options, () => live.ready()),
  };
}

export const esLongTasks: LongTasksFacet = { runsLong: startsLongTask };

export const esAgentRequests: AgentRequestsFacet = {
  recordLookup: documentLookup,
  schemaRequest: mappingRequest,
  explainRequest: validateQueryRequest,
};
