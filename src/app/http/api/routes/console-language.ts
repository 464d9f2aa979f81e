/**
 * The console language's own routes: the connection's variables (`${NAME}`, stored in the app data
 * folder, read by the parse route) and a pasted curl command turned into console text.
 */
import { join } from "node:path";
import { ConsoleVariables } from "../../../storage/console-variables.ts";
import { badInput } from "../answers.ts";
import type { ConsoleVariablesBody, CurlImportAnswer } from "../contract.ts";
import type { ApiRoutes } from "../handlers.ts";
import type { UiServices } from "../services.ts";

/** The one store of console variables: the same folder `quarry console` reads. */
export function variablesStore(app: UiServices): ConsoleVariables {
  return new ConsoleVariables(join(app.storage.dir, "console-variables"));
}

export function consoleLanguageRoutes(router: ApiRoutes, app: UiServices): void {
  const variables = variablesStore(app);

  router.get(
    "/connections/:id/console/variables",
    async (_req, { id }): Promise<ConsoleVariablesBody> => {
      await app.storage.connections.require(id!);
      return { variables: await variables.list(id!) };
    },
  );

  router.put(
    "/connections/:id/console/variables",
    async (req, { id }): Promise<ConsoleVariablesBody> => {
      await app.storage.connections.require(id!);
      const list = (req.body as { variables?: unknown } | null)?.variables;
      return { variables: await variables.save(id!, list) };
    },
  );

  router.post(
    "/connections/:id/console/from-curl",
    async (req, { id }): Promise<CurlImportAnswer> => {
      const command = (req.body as { command?: unknown } | null)?.command;
      if (typeof command !== "string") throw badInput("Send the curl command as { command }.");
      const { session } = await app.session(id!);
      return session.fromCurl(command);
    },
  );
}
