/**
 * The session's console (core/driver.ts `SessionConsole`) on Elasticsearch: its text read and
 * written, curl both ways, the one classifier, and requests run on the live connection.
 */
import { consoleText } from "../../../core/console.ts";
import type { ConnectionSecrets, SessionConsole } from "../../../core/driver.ts";
import { isEsqlPath, queryOf } from "../esql/availability.ts";
import { esqlReady } from "../esql/ready.ts";
import type { SessionColumns } from "../table/held-columns.ts";
import type { EsConnectionConfig } from "../wire/config.ts";
import type { LiveConnection } from "../wire/live.ts";
import { classifiedOnce, classifyAndKeep, classifyRequest } from "./classify.ts";
import { toCurl } from "./curl.ts";
import { fromCurl } from "./curl-import.ts";
import { parseConsoleText } from "./parse.ts";
import { prepareRequest } from "./request.ts";
import { runConsole } from "./run.ts";

/** What a curl command names: the connection's address, and its secrets when revealed. */
export interface CurlTarget {
  config: EsConnectionConfig;
  secrets: ConnectionSecrets;
}

export function esConsole(
  live: LiveConnection,
  columns: SessionColumns,
  target: CurlTarget,
): SessionConsole {
  return {
    parse: (text, options = {}) => parseConsoleText(text, options),
    fromCurl,
    format: consoleText,
    toCurl: (request, options = {}) =>
      toCurl(
        request,
        target.config,
        options.reveal ? { reveal: true, secrets: target.secrets } : {},
      ),
    // Access is decided on a fresh judgement; running the request may reuse it.
    classify: classifyAndKeep,
    check(request) {
      prepareRequest(request);
      return classifyRequest(request);
    },
    async run(request, options) {
      if (isEsqlPath(request.path)) await esqlReady(live, queryOf(request.body));
      else await live.ready();
      const run = runConsole(live.transport, request, options, columns.of);
      return classifiedOnce(request) === "read" ? run : columns.changing(run);
    },
  };
}
