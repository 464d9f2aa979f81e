/**
 * The library of saved queries for the page, seen from one connection: the queries (marked by
 * whether they run on it) and the files that do not read; save (a `{{name}}` not declared becomes
 * a text parameter), delete, and plan a run: the parameters checked and in place, for the console
 * or the grid to run as it runs anything else. And the shared folder's setting (queries-settings.ts).
 */
import { isAbsolute } from "node:path";
import { Hono } from "hono";
import { z } from "zod";
import { QuarryError } from "../../../../core/errors.ts";
import { withDeclared } from "../../../queries/declare.ts";
import { QueryLibrary } from "../../../queries/library.ts";
import { checkTarget, planRun } from "../../../queries/plan.ts";
import { projectFolder, setProjectFolder } from "../../../queries/queries-settings.ts";
import { parseQueryFile } from "../../../queries/query-file.ts";
import { checkQueryName } from "../../../queries/saved-query.ts";
import { answer, param } from "../handlers.ts";
import type { UiServices } from "../services.ts";

const saveBody = z.object({
  kind: z.enum(["console", "esql", "view"]),
  text: z.string().min(1).max(1_000_000),
  description: z.string().max(500),
  /** Only this connection; otherwise every connection of its type. */
  onlyHere: z.boolean(),
  replace: z.boolean(),
});

/** The shared folder: a full path, or null to clear the setting. */
const folderBody = z.object({ folder: z.string().max(4096).nullable() });

const planBody = z.object({
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
});

export function queryRoutes(app: UiServices) {
  const library = () => QueryLibrary.open(process.env, app.storage.dir);
  const connection = (id: string) => app.storage.connections.require(id);
  const runsOn = (q: Parameters<typeof checkTarget>[0], c: { name: string; type: string }) => {
    try {
      checkTarget(q, c);
      return true;
    } catch {
      return false;
    }
  };

  return new Hono()
    .route("/", folderRoutes(app))
    .get(
      "/connections/:id/queries",
      answer({ param: param("id") }, async (_req, { id }) => {
        const c = await connection(id);
        const { queries, problems } = await (await library()).list();
        return {
          queries: queries.map((q) => ({
            name: q.name,
            kind: q.kind,
            description: q.description,
            params: q.params,
            text: q.text,
            view: q.view ?? null,
            connection: q.connection ?? null,
            dbType: q.dbType ?? null,
            source: q.source,
            runsHere: runsOn(q, c),
          })),
          problems,
        };
      }),
    )
    .put(
      "/connections/:id/queries/:name",
      answer({ param: param("id", "name"), json: saveBody }, async (req, { id, name }) => {
        const c = await connection(id);
        checkQueryName(name);
        const b = req.body;
        const parsed = parseQueryFile(name, name, b.kind, withDeclared(b.kind, b.text, []));
        const saved = await (await library()).save(
          {
            ...parsed,
            description: b.description.trim(),
            dbType: c.type,
            ...(b.onlyHere ? { connection: c.name } : {}),
          },
          { replace: b.replace },
        );
        return { name: saved.name, kind: saved.kind, path: saved.path };
      }),
    )
    .delete(
      "/connections/:id/queries/:name",
      answer({ param: param("id", "name") }, async (_req, { name }) => {
        const q = await (await library()).remove(name);
        return { removed: q.name };
      }),
    )
    .post(
      "/connections/:id/queries/:name/plan",
      answer({ param: param("id", "name"), json: planBody }, async (req, { id, name }) => {
        const c = await connection(id);
        const q = await (await library()).get(name);
        checkTarget(q, c);
        return planRun(q, req.body.params).run;
      }),
    );
}

/** The shared folder's setting: where it comes from, set to a folder that exists, or cleared. */
function folderRoutes(app: UiServices) {
  const folderView = async () => {
    const f = await projectFolder(app.storage.dir, process.env);
    return {
      folder: f.folder ?? null,
      from: f.from,
      setting: f.setting ?? null,
      problem: f.problem ?? null,
    };
  };

  return new Hono().get("/queries/folder", answer(folderView)).put(
    "/queries/folder",
    answer({ json: folderBody }, async (req) => {
      const given = req.body.folder?.trim() ?? null;
      // The app's working folder means nothing to the page: a path is given whole.
      if (given && !isAbsolute(given))
        throw new QuarryError(
          "invalid_input",
          `${given} is not a full path; the shared queries folder was not changed`,
          "Give the folder's full path, e.g. /home/me/team-queries.",
        );
      await setProjectFolder(app.storage.dir, given);
      return folderView();
    }),
  );
}
