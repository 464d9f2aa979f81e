/**
 * The page's kept arrangement: a table's grid layout on a connection (read, save, reset) and the
 * page's theme.
 */
import type { GridLayout, UiPreferences } from "../../../../core/grid-layout.ts";
import { UiPreferenceStore } from "../../../storage/ui-preferences.ts";
import type { ApiRoutes } from "../handlers.ts";
import type { UiServices } from "../services.ts";

export function uiPreferenceRoutes(router: ApiRoutes, app: UiServices): void {
  const store = new UiPreferenceStore(app.storage.dir);
  // A layout belongs to a saved connection: an unknown id is refused, not given a file.
  const known = async (id: string) => (await app.storage.connections.require(id)).id;

  router.get(
    "/connections/:id/tables/:table/layout",
    async (_req, { id, table }): Promise<{ layout: GridLayout | null }> => ({
      layout: await store.layout(await known(id!), table!),
    }),
  );
  router.put("/connections/:id/tables/:table/layout", async (req, { id, table }) => {
    await store.setLayout(await known(id!), table!, req.body);
    return { ok: true };
  });
  router.delete("/connections/:id/tables/:table/layout", async (_req, { id, table }) => {
    await store.setLayout(await known(id!), table!, null);
    return { ok: true };
  });

  router.get("/preferences", async (): Promise<UiPreferences> => store.preferences());
  router.put("/preferences", async (req): Promise<UiPreferences> => store.setPreferences(req.body));
}
