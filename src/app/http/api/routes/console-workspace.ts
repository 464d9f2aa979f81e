/**
 * The console's kept work on a connection: its editor tabs (read whole, written whole by the
 * page's debounced saves) and its named saved requests (list, save, rename or edit, delete).
 */
import { ConsoleWorkspace } from "../../../storage/console-workspace.ts";
import type { ConsoleTabs, SavedRequest } from "../contract.ts";
import type { ApiRoutes } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function consoleWorkspaceRoutes(router: ApiRoutes, app: UiServices): void {
  const workspace = new ConsoleWorkspace(app.storage.dir);
  // Kept work belongs to a saved connection: an unknown id is refused, not given a file.
  const known = async (id: string) => (await app.storage.connections.require(id)).id;

  router.get(
    "/connections/:id/console/tabs",
    // None yet: no tabs (the page makes the first one).
    async (_req, { id }): Promise<ConsoleTabs> =>
      (await workspace.tabs(await known(id!))) ?? { tabs: [], active: "" },
  );
  router.put(
    "/connections/:id/console/tabs",
    async (req, { id }): Promise<ConsoleTabs> => workspace.saveTabs(await known(id!), req.body),
  );

  router.get(
    "/connections/:id/console/saved",
    async (_req, { id }): Promise<SavedRequest[]> => workspace.saved(await known(id!)),
  );
  router.post(
    "/connections/:id/console/saved",
    async (req, { id }): Promise<SavedRequest> =>
      workspace.addSaved(await known(id!), fields(req.body)),
  );
  router.put(
    "/connections/:id/console/saved/:saved",
    async (req, { id, saved }): Promise<SavedRequest> =>
      workspace.updateSaved(await known(id!), saved!, fields(req.body)),
  );
  router.delete("/connections/:id/console/saved/:saved", async (_req, { id, saved }) => {
    await workspace.deleteSaved(await known(id!), saved!);
    return { ok: true };
  });
}

function fields(body: unknown): { name?: unknown; text?: unknown } {
  const b = (body ?? {}) as { name?: unknown; text?: unknown };
  return {
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.text !== undefined ? { text: b.text } : {}),
  };
}
