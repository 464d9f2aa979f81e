/**
 * The console's kept work on a connection: its editor tabs (read whole, written whole by the
 * page's debounced saves) and its named saved requests (list, save, rename or edit, delete).
 */
import { Hono } from "hono";
import { ConsoleWorkspace } from "../../../storage/console-workspace.ts";
import type { ConsoleTabs, SavedRequest } from "../contract.ts";
import { answer, json } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function consoleWorkspaceRoutes(app: UiServices) {
  const workspace = new ConsoleWorkspace(app.storage.dir);
  // Kept work belongs to a saved connection: an unknown id is refused, not given a file.
  const known = async (id: string) => (await app.storage.connections.require(id)).id;

  return new Hono()
    .get(
      "/connections/:id/console/tabs",
      answer(
        // None yet: no tabs (the page makes the first one).
        async (_req, { id }): Promise<ConsoleTabs> =>
          (await workspace.tabs(await known(id!))) ?? { tabs: [], active: "" },
      ),
    )
    .put(
      "/connections/:id/console/tabs",
      answer(
        json<ConsoleTabs>(),
        async (req, { id }): Promise<ConsoleTabs> => workspace.saveTabs(await known(id!), req.body),
      ),
    )
    .get(
      "/connections/:id/console/saved",
      answer(async (_req, { id }): Promise<SavedRequest[]> => workspace.saved(await known(id!))),
    )
    .post(
      "/connections/:id/console/saved",
      answer(
        json<{ name: string; text: string }>(),
        async (req, { id }): Promise<SavedRequest> =>
          workspace.addSaved(await known(id!), fields(req.body)),
      ),
    )
    .put(
      "/connections/:id/console/saved/:saved",
      answer(
        json<{ name?: string; text?: string }>(),
        async (req, { id, saved }): Promise<SavedRequest> =>
          workspace.updateSaved(await known(id!), saved!, fields(req.body)),
      ),
    )
    .delete(
      "/connections/:id/console/saved/:saved",
      answer(async (_req, { id, saved }) => {
        await workspace.deleteSaved(await known(id!), saved!);
        return { ok: true };
      }),
    );
}

function fields(body: unknown): { name?: unknown; text?: unknown } {
  const b = (body ?? {}) as { name?: unknown; text?: unknown };
  return {
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.text !== undefined ? { text: b.text } : {}),
  };
}
