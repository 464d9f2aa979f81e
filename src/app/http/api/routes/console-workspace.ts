/**
 * The console's kept work on a connection: its editor tabs (read whole, written whole by the
 * page's debounced saves) and its named saved requests (list, save, rename or edit, delete).
 */
import { Hono } from "hono";
import { z } from "zod";
import { ConsoleWorkspace } from "../../../storage/console-workspace.ts";
import type { ConsoleTabs, SavedRequest } from "../contract.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function consoleWorkspaceRoutes(app: UiServices) {
  const workspace = new ConsoleWorkspace(app.storage.dir);
  // Kept work belongs to a saved connection: an unknown id is refused, not given a file.
  const known = async (id: string) => (await app.storage.connections.require(id)).id;

  return new Hono()
    .get(
      "/connections/:id/console/tabs",
      answer(
        { param: param("id") },
        // None yet: no tabs (the page makes the first one).
        async (_req, { id }): Promise<ConsoleTabs> =>
          (await workspace.tabs(await known(id))) ?? { tabs: [], active: "" },
      ),
    )
    .put(
      "/connections/:id/console/tabs",
      answer(
        { param: param("id"), json: tabsBody },
        async (req, { id }): Promise<ConsoleTabs> => workspace.saveTabs(await known(id), req.body),
      ),
    )
    .get(
      "/connections/:id/console/saved",
      answer(
        { param: param("id") },
        async (_req, { id }): Promise<SavedRequest[]> => workspace.saved(await known(id)),
      ),
    )
    .post(
      "/connections/:id/console/saved",
      answer(
        { param: param("id"), json: z.object({ name: z.string(), text: z.string() }) },
        async (req, { id }): Promise<SavedRequest> => workspace.addSaved(await known(id), req.body),
      ),
    )
    .put(
      "/connections/:id/console/saved/:saved",
      answer(
        {
          param: param("id", "saved"),
          json: z.object({ name: z.string().optional(), text: z.string().optional() }),
        },
        async (req, { id, saved }): Promise<SavedRequest> =>
          workspace.updateSaved(await known(id), saved, req.body),
      ),
    )
    .delete(
      "/connections/:id/console/saved/:saved",
      answer({ param: param("id", "saved") }, async (_req, { id, saved }) => {
        await workspace.deleteSaved(await known(id), saved);
        return { ok: true };
      }),
    );
}

/** The editor's tabs, written whole; the store checks their count and sizes. */
const tabsBody = z.object({
  tabs: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
  active: z.string(),
});
