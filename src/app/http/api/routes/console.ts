/**
 * The console: text split into requests (with the one classifier's answer for each), running one
 * request (a `_delete_by_query` runs as a job with progress), curl, and the history.
 */

import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import type { ConsoleRequest } from "../../../../core/console.ts";
import type { CompletionAnswer } from "../../../../core/console-completion.ts";
import { variableValues } from "../../../../core/console-variables.ts";
import type { DriverSession } from "../../../../core/driver.ts";
import { measuredImpact, offered } from "../../../../core/facet-access.ts";
import { ConsoleHistory } from "../../../storage/console-history.ts";
import { historyTime, searchHistory } from "../../../storage/history-search.ts";
import { badInput } from "../answers.ts";
import type {
  ConsoleImpact,
  ConsoleReference,
  ConsoleRun,
  HistoryEntry,
  HistorySearchAnswer,
  JobView,
  ParsedConsoleRequest,
} from "../contract.ts";
import { answer, type Handler, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { withRequest } from "../shapes.ts";
import { consoleLanguageRoutes, variablesStore } from "./console-language.ts";

export function consoleRoutes(app: UiServices) {
  return new Hono()
    .route("/", consoleLanguageRoutes(app))
    .route("/", parseRoute(app))
    .route("/", runRoutes(app))
    .route("/", impactRoute(app))
    .route("/", completionRoutes(app));
}

/** `GET /history`: the one history searched (history-search.ts). */
const historySearch = z.object({
  text: z.string().max(1000).optional(),
  connection: z.string().min(1).max(200).optional(),
  surface: z.string().min(1).max(300).optional(),
  since: z.string().min(1).max(40).optional(),
  until: z.string().min(1).max(40).optional(),
});
/** Entries one answer lists; `more` counts the rest (a page shows no more than this at once). */
const HISTORY_SHOWN = 200;

/** Running one request (kept in the history), its curl, and the history. */
function runRoutes(app: UiServices) {
  // The same history `quarry console` keeps: one file per connection id in the app data folder.
  const history = new ConsoleHistory(join(app.storage.dir, "console-history"));
  return new Hono()
    .post(
      "/connections/:id/console/run",
      answer({ param: param("id"), json: withRequest }, runOne(app, history)),
    )
    .post(
      "/connections/:id/console/curl",
      answer({ param: param("id"), json: withRequest }, async (req, { id }) => {
        const { session } = await app.session(id);
        return { curl: session.console.toCurl(req.body.request) };
      }),
    )
    .get(
      "/connections/:id/console/history",
      // The history of a saved connection: an unknown id is refused, as its kept work is.
      answer(
        { param: param("id") },
        async (_req, { id }): Promise<HistoryEntry[]> =>
          history.list((await app.storage.connections.require(id)).id),
      ),
    )
    .get(
      "/history",
      // Every connection's, and those of connections since removed (their name then unknown).
      answer({ query: historySearch }, async (req): Promise<HistorySearchAnswer> => {
        const q = req.query;
        const since = q.since ? historyTime("since", q.since) : undefined;
        const until = q.until ? historyTime("until", q.until) : undefined;
        const names = new Map((await app.storage.connections.list()).map((c) => [c.id, c.name]));
        const all = await history.all();
        const found = searchHistory(
          all,
          {
            ...(q.connection ? { connection: q.connection } : {}),
            ...(q.surface ? { surface: q.surface } : {}),
            ...(q.text ? { text: q.text } : {}),
            ...(since !== undefined ? { since } : {}),
            ...(until !== undefined ? { until } : {}),
          },
          names,
        );
        return {
          entries: found.slice(0, HISTORY_SHOWN).map(({ connection, entry }) => ({
            ...entry,
            connection,
            connectionName: names.get(connection) ?? null,
          })),
          surfaces: [
            ...new Set(all.map((e) => e.entry.surface).filter((s) => s !== undefined)),
          ].sort(),
          more: Math.max(0, found.length - HISTORY_SHOWN),
        };
      }),
    );
}

/** One request run: at once, or as a job when it runs long (a `_delete_by_query`). */
function runOne(
  app: UiServices,
  history: ConsoleHistory,
): Handler<
  { kind: "job"; job: JobView<"console"> } | { kind: "run"; run: ConsoleRun },
  { param: ReturnType<typeof param<"id">>; json: typeof withRequest }
> {
  return async (req, { id }) => {
    const request = req.body.request;
    const { session } = await app.session(id);
    const classification = session.console.classify(request);
    const once = async (
      signal: AbortSignal,
      progress?: (p: { done: number; total: number | null }) => void,
    ): Promise<ConsoleRun> => {
      const started = Date.now();
      let result: ConsoleRun["result"] | undefined;
      try {
        result = await session.console.run(request, {
          signal,
          // The page shows summaries and text listings as tables.
          tables: true,
          ...(progress ? { onProgress: (p) => progress({ done: p.done, total: p.total }) } : {}),
        });
      } finally {
        await history
          .add(id, {
            at: new Date(started).toISOString(),
            request,
            status: result?.status ?? null,
            durationMs: Date.now() - started,
            classification,
            surface: "ui",
          })
          .catch(() => {
            // A history that cannot be written must not fail the request that ran.
          });
      }
      return { request, classification, result, durationMs: Date.now() - started };
    };
    // A long task runs as a job, so the page can show its progress and stay responsive.
    if (offered(session, "longTasks")?.runsLong(request) ?? false) {
      const job = app.jobs.start(
        "console",
        `${request.method} ${request.path}`,
        ({ signal, progress }) => once(signal, progress),
        { connections: [id] },
      );
      return { kind: "job", job };
    }
    return { kind: "run", run: await once(req.signal) };
  };
}

/**
 * Text split into requests, each with its class: the connection's variables come from its store
 * (the one source of their values), so the request parsed is the one that runs.
 */
function parseRoute(app: UiServices) {
  const variables = variablesStore(app);
  return new Hono().post(
    "/connections/:id/console/parse",
    answer(
      { param: param("id"), json: z.object({ text: z.string() }) },
      async (req, { id }): Promise<ParsedConsoleRequest[]> => {
        const { session } = await app.session(id);
        const values = variableValues(await variables.list(id));
        return session.console
          .parse(req.body.text, { variables: values })
          .map(
            ({ error, ...b }): ParsedConsoleRequest =>
              error
                ? { ...b, error: { ...error, details: {} } }
                : b.request
                  ? { ...b, ...classified(session, b.request) }
                  : b,
          );
      },
    ),
  );
}

/** What a destructive request would affect, measured now (reads only), for the confirmation. */
function impactRoute(app: UiServices) {
  return new Hono().post(
    "/connections/:id/console/impact",
    answer(
      { param: param("id"), json: withRequest },
      async (req, { id }): Promise<ConsoleImpact> => {
        const { session } = await app.session(id);
        const impact = await measuredImpact(session, req.body.request, { signal: req.signal });
        return { impact };
      },
    ),
  );
}

/** Completion at a place in the text, and the reference page of the request at the cursor. */
function completionRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/connections/:id/console/complete",
      answer({ param: param("id"), json: cursorAt }, async (req, { id }) => {
        const { text, offset } = req.body;
        // Within the text: a bound the schema of each field cannot say.
        if (offset > text.length)
          throw badInput("The cursor's place (offset) is past the end of the console text.");
        const { session } = await app.session(id);
        const completion = offered(session, "completion");
        const none: CompletionAnswer = { from: offset, to: offset, items: [] };
        return completion ? completion.completeConsole(text, offset) : none;
      }),
    )
    .post(
      "/connections/:id/console/reference",
      answer(
        { param: param("id"), json: withRequest },
        async (req, { id }): Promise<ConsoleReference> => {
          const { session } = await app.session(id);
          const completion = offered(session, "completion");
          return { link: (await completion?.consoleReference(req.body.request)) ?? null };
        },
      ),
    );
}

/** The console text and the cursor's place in it. */
const cursorAt = z.object({ text: z.string(), offset: z.number().int().min(0) });

/**
 * The class of a request, with the reason a confirmation shows; a request the driver would refuse
 * still gets its class (the refusal comes when it is run).
 */
function classified(
  session: DriverSession,
  request: ConsoleRequest,
): Pick<ParsedConsoleRequest, "classification" | "reason"> {
  try {
    const c = session.console.check(request);
    return { classification: c.class, reason: c.reason };
  } catch {
    return { classification: session.console.classify(request) };
  }
}
