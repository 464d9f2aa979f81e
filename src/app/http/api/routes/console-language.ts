/**
 * The console language's own routes: the connection's variables (`${NAME}`, stored in the app data
 * folder, read by the parse route) and a pasted curl command turned into console text.
 */

import { join } from "node:path";
import { Hono } from "hono";
import { ConsoleVariables } from "../../../storage/console-variables.ts";
import { badInput } from "../answers.ts";
import type { ConsoleVariablesBody, CurlImportAnswer } from "../contract.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

/** The one store of console variables: the same folder `quarry console` reads. */
export function variablesStore(app: UiServices): ConsoleVariables {
  return new ConsoleVariables(join(app.storage.dir, "console-variables"));
}

export function consoleLanguageRoutes(app: UiServices) {
  const variables = variablesStore(app);

  return new Hono()
    .get(
      "/connections/:id/console/variables",
      answer(async (_req, { id }): Promise<ConsoleVariablesBody> => {
        await app.storage.connections.require(id!);
        return { variables: await variables.list(id!) };
      }),
    )
    .put(
      "/connections/:id/console/variables",
      answer(json<ConsoleVariablesBody>(), async (req, { id }): Promise<ConsoleVariablesBody> => {
        await app.storage.connections.require(id!);
        const list = (req.body as { variables?: unknown } | null)?.variables;
        return { variables: await variables.save(id!, list) };
      }),
    )
    .post(
      "/connections/:id/console/from-curl",
      answer(json<{ command: string }>(), async (req, { id }): Promise<CurlImportAnswer> => {
        const command = (req.body as { command?: unknown } | null)?.command;
        if (typeof command !== "string") throw badInput("Send the curl command as { command }.");
        const { session } = await app.session(id!);
        return session.fromCurl(command);
      }),
    );
}
