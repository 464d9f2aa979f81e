/**
 * The console: text split into requests (with the one classifier's answer for each), running one
 * request (a `_delete_by_query` runs as a job with progress), curl, and the history.
 */

import { join } from "node:path";
import { Hono } from "hono";
import type { ConsoleRequest } from "../../../../core/console.ts";
import type { CompletionAnswer } from "../../../../core/console-completion.ts";
import { variableValues } from "../../../../core/console-variables.ts";
import type { DriverSession } from "../../../../core/driver.ts";
import { measuredImpact, offered } from "../../../../core/facet-access.ts";
import { ConsoleHistory } from "../../../storage/console-history.ts";
import { badInput } from "../answers.ts";
import type {
  ConsoleImpact,
  ConsoleReference,
  ConsoleRun,
  HistoryEntry,
  JobView,
  ParsedConsoleRequest,
} from "../contract.ts";
import { answer, type Handler, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { consoleLanguageRoutes, variablesStore } from "./console-language.ts";

export function consoleRoutes(app: UiServices) {
  return new Hono()
    .route("/", consoleLanguageRoutes(app))
    .route("/", parseRoute(app))
    .route("/", runRoutes(app))
    .route("/", impactRoute(app))
    .route("/", completionRoutes(app));
}

/** Running one request (kept in the history), its curl, and the history. */
function runRoutes(app: UiServices) {
  // The same history `quarry console` keeps: one file per connection id in the app data folder.
  const history = new ConsoleHistory(join(app.storage.dir, "console-history"));
  return new Hono()
    .post(
      "/connections/:id/console/run",
      answer(json<{ request: ConsoleRequest }>(), runOne(app, history)),
    )
    .post(
      "/connections/:id/console/curl",
      answer(json<{ request: ConsoleRequest }>(), async (req, { id }) => {
        const request = consoleRequest(req.body);
        const { session } = await app.session(id!);
        return { curl: session.toCurl(request) };
      }),
    )
    .get(
      "/connections/:id/console/history",
      answer(async (_req, { id }): Promise<HistoryEntry[]> => history.list(id!)),
    );
}

/** One request run: at once, or as a job when it runs long (a `_delete_by_query`). */
function runOne(
  app: UiServices,
  history: ConsoleHistory,
): Handler<{ kind: "job"; job: JobView<"console"> } | { kind: "run"; run: ConsoleRun }> {
  return async (req, { id }) => {
    const request = consoleRequest(req.body);
    const { session } = await app.session(id!);
    const classification = session.classify(request);
    const once = async (
      signal: AbortSignal,
      progress?: (p: { done: number; total: number | null }) => void,
    ): Promise<ConsoleRun> => {
      const started = Date.now();
      let result: ConsoleRun["result"] | undefined;
      try {
        result = await session.runConsole(request, {
          signal,
          // The page shows summaries and text listings as tables.
          tables: true,
          ...(progress ? { onProgress: (p) => progress({ done: p.done, total: p.total }) } : {}),
        });
      } finally {
        await history
          .add(id!, {
            at: new Date(started).toISOString(),
            request,
            status: result?.status ?? null,
            durationMs: Date.now() - started,
            classification,
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
    answer(json<{ text: string }>(), async (req, { id }): Promise<ParsedConsoleRequest[]> => {
      const text = (req.body as { text?: unknown })?.text;
      if (typeof text !== "string") throw badInput("Send the console text as { text }.");
      const { session } = await app.session(id!);
      const values = variableValues(await variables.list(id!));
      return session
        .parseConsoleText(text, { variables: values })
        .map(
          ({ error, ...b }): ParsedConsoleRequest =>
            error
              ? { ...b, error: { ...error, details: {} } }
              : b.request
                ? { ...b, ...classified(session, b.request) }
                : b,
        );
    }),
  );
}

/** What a destructive request would affect, measured now (reads only), for the confirmation. */
function impactRoute(app: UiServices) {
  return new Hono().post(
    "/connections/:id/console/impact",
    answer(json<{ request: ConsoleRequest }>(), async (req, { id }): Promise<ConsoleImpact> => {
      const request = consoleRequest(req.body);
      const { session } = await app.session(id!);
      return { impact: await measuredImpact(session, request, { signal: req.signal }) };
    }),
  );
}

/** Completion at a place in the text, and the reference page of the request at the cursor. */
function completionRoutes(app: UiServices) {
  return new Hono()
    .post(
      "/connections/:id/console/complete",
      answer(json<{ text: string; offset: number }>(), async (req, { id }) => {
        const { text, offset } = (req.body ?? {}) as { text?: unknown; offset?: unknown };
        if (
          typeof text !== "string" ||
          typeof offset !== "number" ||
          offset < 0 ||
          offset > text.length
        ) {
          throw badInput("Send the console text and the cursor's place as { text, offset }.");
        }
        const { session } = await app.session(id!);
        const completion = offered(session, "completion");
        const none: CompletionAnswer = { from: offset, to: offset, items: [] };
        return completion ? completion.completeConsole(text, offset) : none;
      }),
    )
    .post(
      "/connections/:id/console/reference",
      answer(
        json<{ request: ConsoleRequest }>(),
        async (req, { id }): Promise<ConsoleReference> => {
          const request = consoleRequest(req.body);
          const { session } = await app.session(id!);
          return {
            link: (await offered(session, "completion")?.consoleReference(request)) ?? null,
          };
        },
      ),
    );
}

function consoleRequest(v: unknown): ConsoleRequest {
  const r = (v as { request?: ConsoleRequest } | null)?.request;
  if (!r || typeof r.method !== "string" || typeof r.path !== "string") {
    throw badInput("Send the request as { request: { method, path, body } }.");
  }
  return r;
}

/**
 * The class of a request, with the reason a confirmation shows; a request the driver would refuse
 * still gets its class (the refusal comes when it is run).
 */
function classified(
  session: DriverSession,
  request: ConsoleRequest,
): Pick<ParsedConsoleRequest, "classification" | "reason"> {
  try {
    const c = session.checkRequest(request);
    return { classification: c.class, reason: c.reason };
  } catch {
    return { classification: session.classify(request) };
  }
}
