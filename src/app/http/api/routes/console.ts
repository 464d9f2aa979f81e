/**
 * The console: text split into requests (with the one classifier's answer for each), running one
 * request (a `_delete_by_query` runs as a job with progress), curl, and the history.
 */
import type { ConsoleRequest } from "../../../../core/console.ts";
import type { EsConnectionConfig } from "../../../../drivers/elasticsearch/config.ts";
import { baseUrl } from "../../../../drivers/elasticsearch/config.ts";
import { splitConsoleText } from "../console-blocks.ts";
import type { ConsoleRun, HistoryEntry, ParsedConsoleRequest } from "../contract.ts";
import { curlFor } from "../request-text.ts";
import { badInput, type Router } from "../router.ts";
import type { UiServices } from "../services.ts";

const HISTORY_MAX = 200;
/** Long tasks: run as a job so the page can show progress and stay responsive. */
const LONG_TASK = /\/_(delete_by_query|update_by_query|reindex)(\?|$)/;

export function consoleRoutes(router: Router, app: UiServices): void {
  const history = new Map<string, HistoryEntry[]>();

  router.post(
    "/connections/:id/console/parse",
    async (req, { id }): Promise<ParsedConsoleRequest[]> => {
      const text = (req.body as { text?: unknown })?.text;
      if (typeof text !== "string") throw badInput("Send the console text as { text }.");
      const blocks = splitConsoleText(text);
      const { session } = await app.session(id!);
      if (!session.classify) return blocks;
      return blocks.map((b) =>
        b.request ? { ...b, classification: session.classify!(b.request) } : b,
      );
    },
  );

  router.post("/connections/:id/console/run", async (req, { id }) => {
    const request = consoleRequest(req.body);
    const run = await app.method(id!, "runConsole", "The console");
    const { session } = await app.session(id!);
    const classification = session.classify ? session.classify(request) : "write";
    const once = async (signal: AbortSignal): Promise<ConsoleRun> => {
      const started = Date.now();
      const result = await run(request, { signal });
      const entries = history.get(id!) ?? [];
      entries.unshift({ at: new Date().toISOString(), request, status: result.status });
      history.set(id!, entries.slice(0, HISTORY_MAX));
      return { request, classification, result, durationMs: Date.now() - started };
    };
    if (LONG_TASK.test(request.path)) {
      const job = app.jobs.start("console", `${request.method} ${request.path}`, ({ signal }) =>
        once(signal),
      );
      return { kind: "job", job };
    }
    return { kind: "run", run: await once(req.signal) };
  });

  router.post("/connections/:id/console/curl", async (req, { id }) => {
    const request = consoleRequest(req.body);
    const { connection } = await app.session(id!);
    const config = connection.settings as unknown as EsConnectionConfig;
    return { curl: curlFor(baseUrl(config), config, request) };
  });

  router.get("/connections/:id/console/history", (_req, { id }) => history.get(id!) ?? []);
}

function consoleRequest(v: unknown): ConsoleRequest {
  const r = (v as { request?: ConsoleRequest } | null)?.request;
  if (!r || typeof r.method !== "string" || typeof r.path !== "string") {
    throw badInput("Send the request as { request: { method, path, body } }.");
  }
  return r;
}
