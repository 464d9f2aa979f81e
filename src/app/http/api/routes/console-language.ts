/**
 * The console language's own routes: the connection's variables (`${NAME}`, stored in the app data
 * folder, read by the parse route) and a pasted curl command turned into console text.
 */

import { join } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import { ConsoleVariables } from "../../../storage/console-variables.ts";
import type { ConsoleVariablesBody, CurlImportAnswer } from "../contract.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

/** The one store of console variables: the same folder `quarry console` reads. */
export function variablesStore(app: UiServices): ConsoleVariables {
  return new ConsoleVariables(join(app.storage.dir, "console-variables"));
}

/** The variables, each a name and its value; the store checks the names (console-variables.ts). */
const variablesBody = z.object({
  variables: z.array(z.object({ name: z.string(), value: z.string() })),
});

export function consoleLanguageRoutes(app: UiServices) {
  const variables = variablesStore(app);

  return new Hono()
    .get(
      "/connections/:id/console/variables",
      answer({ param: param("id") }, async (_req, { id }): Promise<ConsoleVariablesBody> => {
        await app.storage.connections.require(id);
        return { variables: await variables.list(id) };
      }),
    )
    .put(
      "/connections/:id/console/variables",
      answer(
        { param: param("id"), json: variablesBody },
        async (req, { id }): Promise<ConsoleVariablesBody> => {
          await app.storage.connections.require(id);
          return { variables: await variables.save(id, req.body.variables) };
        },
      ),
    )
    .post(
      "/connections/:id/console/from-curl",
      answer(
        { param: param("id"), json: z.object({ command: z.string() }) },
        async (req, { id }): Promise<CurlImportAnswer> => {
          const { session } = await app.session(id);
          return session.console.fromCurl(req.body.command);
        },
      ),
    );
}
