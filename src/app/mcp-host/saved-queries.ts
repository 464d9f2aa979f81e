/**
 * The library of saved queries as the MCP server sees it (src/mcp/saved-queries.ts): re-read on
 * each call, so a file saved in the UI, by the CLI or by hand in the shared folder is seen at
 * once; files that do not read are left out of the list (the UI and `quarry query list` name them).
 */
import type { SavedQueryShelf } from "../../mcp/saved-queries.ts";
import { QueryLibrary } from "../queries/library.ts";
import { checkTarget, planRun } from "../queries/plan.ts";
import type { SavedQuery } from "../queries/saved-query.ts";

/** Whether a query may run on a connection of this name and type. */
function runsOn(q: SavedQuery, target: { name: string; type: string }): boolean {
  try {
    checkTarget(q, target);
    return true;
  } catch {
    return false;
  }
}

export function savedQueryShelf(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): SavedQueryShelf {
  return {
    async list(target) {
      const { queries } = await (await QueryLibrary.open(env, dataDir)).list();
      return queries
        .filter((q) => runsOn(q, target))
        .map((q) => ({
          name: q.name,
          kind: q.kind,
          description: q.description,
          params: q.params,
        }));
    },
    async plan(name, target, params) {
      const q = await (await QueryLibrary.open(env, dataDir)).get(name);
      checkTarget(q, target);
      return planRun(q, params).run;
    },
  };
}
