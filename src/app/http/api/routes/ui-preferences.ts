/**
 * The page's kept arrangement: a table's grid layout on a connection (read, save, reset) and the
 * page's theme.
 */
import { Hono } from "hono";
import type { GridLayout, UiPreferences } from "../../../../core/grid-layout.ts";
import { UiPreferenceStore } from "../../../storage/ui-preferences.ts";
import { answer, param, passedOn } from "../handlers.ts";
import type { UiServices } from "../services.ts";
import { anyObject } from "../shapes.ts";

const tableParams = param("id", "table");

/** A layout and the preferences are objects; their keys are the store's to check. */
const layout = passedOn<GridLayout>(anyObject);
const preferences = passedOn<Partial<UiPreferences>>(anyObject);

export function uiPreferenceRoutes(app: UiServices) {
  const store = new UiPreferenceStore(app.storage.dir);
  // A layout belongs to a saved connection: an unknown id is refused, not given a file.
  const known = async (id: string) => (await app.storage.connections.require(id)).id;

  return new Hono()
    .get(
      "/connections/:id/tables/:table/layout",
      answer(
        { param: tableParams },
        async (_req, { id, table }): Promise<{ layout: GridLayout | null }> => ({
          layout: await store.layout(await known(id), table),
        }),
      ),
    )
    .put(
      "/connections/:id/tables/:table/layout",
      answer({ param: tableParams, json: layout }, async (req, { id, table }) => {
        await store.setLayout(await known(id), table, req.body);
        return { ok: true };
      }),
    )
    .delete(
      "/connections/:id/tables/:table/layout",
      answer({ param: tableParams }, async (_req, { id, table }) => {
        await store.setLayout(await known(id), table, null);
        return { ok: true };
      }),
    )
    .get(
      "/preferences",
      answer(async (): Promise<UiPreferences> => store.preferences()),
    )
    .put(
      "/preferences",
      answer(
        { json: preferences },
        async (req): Promise<UiPreferences> => store.setPreferences(req.body),
      ),
    );
}
