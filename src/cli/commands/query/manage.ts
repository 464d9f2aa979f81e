/** `quarry query list`, `show <name>`, `rm <name>`. */
import type { Command } from "commander";
import { type LibraryProblem, QueryLibrary } from "../../../app/queries/library.ts";
import { formatQueryFile } from "../../../app/queries/query-file.ts";
import type { SavedQuery } from "../../../app/queries/saved-query.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";

/** Where a query may run, in words. */
export function scopeOf(q: SavedQuery): string {
  return q.connection ?? (q.dbType ? `any ${q.dbType}` : "any");
}

export function paramsOf(q: SavedQuery): string {
  return q.params
    .map((p) => `${p.name}:${p.type}${p.default !== undefined ? `=${p.default}` : ""}`)
    .join(" ");
}

/** Files that did not read go to standard error: the rest of the library still works. */
export function warnProblems(problems: LibraryProblem[]): void {
  for (const p of problems) process.stderr.write(`warning: ${p.message}\n  ${p.remedy}\n`);
}

export function registerManage(group: Command): void {
  group
    .command("list")
    .description("list the saved queries (and any file that does not read, on standard error)")
    .option("--search <text>", "only queries whose name or description contains the text")
    .action(async (flags: { search?: string }, cmd: Command) => {
      const lib = await QueryLibrary.open();
      const { queries, problems } = await lib.list();
      const needle = flags.search?.toLowerCase();
      const shown = needle
        ? queries.filter((q) => `${q.name} ${q.description}`.toLowerCase().includes(needle))
        : queries;
      if (wantsJson(cmd)) {
        printJson({
          queries: shown.map(({ view: _v, text: _t, ...q }) => q),
          problems,
          folders: { local: lib.localDir, project: lib.projectDir ?? null },
        });
        return;
      }
      warnProblems(problems);
      if (shown.length === 0) {
        process.stderr.write(
          needle
            ? "No saved query matches.\n"
            : "No saved queries yet: quarry query save <name> --file F\n",
        );
        return;
      }
      printTable(
        ["NAME", "KIND", "RUNS ON", "PARAMETERS", "DESCRIPTION"],
        shown.map((q) => [q.name, q.kind, scopeOf(q), paramsOf(q), q.description]),
        60,
      );
    });

  group
    .command("show")
    .description("print a saved query's file, and where it is kept")
    .argument("<name>", "the query's name")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const q = await (await QueryLibrary.open()).get(name);
      if (wantsJson(cmd)) printJson(q);
      else {
        process.stderr.write(
          `${q.path} (${q.source === "project" ? "shared folder" : "data folder"})\n`,
        );
        process.stdout.write(formatQueryFile(q));
      }
    });

  group
    .command("rm")
    .description("delete a saved query's file")
    .argument("<name>", "the query's name")
    .action(async (name: string, _flags: unknown, cmd: Command) => {
      const q = await (await QueryLibrary.open()).remove(name);
      if (wantsJson(cmd)) printJson({ removed: q.name, path: q.path });
      else printLine(`Removed ${q.name} (${q.path}).`);
    });
}
