/** `quarry query export <file> [names…]` and `import <file> [--replace]`: a set of queries as one file. */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { jsonErrorAt } from "../../../app/queries/json-position.ts";
import { QueryLibrary } from "../../../app/queries/library.ts";
import { writeFileAtomic } from "../../../app/storage/atomic-write.ts";
import { QuarryError } from "../../../core/errors.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";

export function registerMove(group: Command): void {
  group
    .command("export")
    .description("write saved queries to one file (all, or the ones named), - for standard output")
    .argument("<file>", "the file to write")
    .argument("[names...]", "the queries to export (default: all)")
    .action(async (file: string, names: string[], _flags: unknown, cmd: Command) => {
      const bundle = await (await QueryLibrary.open()).exportBundle(names);
      const text = `${JSON.stringify(bundle, null, 2)}\n`;
      if (file === "-") process.stdout.write(text);
      else await writeFileAtomic(file, text, { mode: 0o644 });
      if (file !== "-") {
        if (wantsJson(cmd)) printJson({ exported: bundle.queries.map((q) => q.file), file });
        else
          printLine(
            `Exported ${bundle.queries.length} quer${bundle.queries.length === 1 ? "y" : "ies"} to ${file}.`,
          );
      }
    });

  group
    .command("import")
    .description("save the queries of a file written by quarry query export")
    .argument("<file>", "the file to read")
    .option("--replace", "overwrite saved queries of the same names")
    .option("--shared", "save them in the shared folder (quarry query folder, or QUARRY_QUERIES)")
    .action(async (file: string, flags: { replace?: boolean; shared?: boolean }, cmd: Command) => {
      const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
        throw new QuarryError(
          "invalid_input",
          `Cannot read ${file} (${e.code ?? "error"})`,
          "Check the file's path.",
        );
      });
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        const at = jsonErrorAt(text);
        throw new QuarryError(
          "invalid_input",
          `${file} is not valid JSON (line ${at.line}, column ${at.column}); nothing was imported`,
          "Import a file written by quarry query export.",
        );
      }
      const done = await (await QueryLibrary.open()).importBundle(raw, {
        origin: file,
        ...(flags.replace ? { replace: true } : {}),
        ...(flags.shared ? { to: "project" as const } : {}),
      });
      if (wantsJson(cmd)) printJson(done);
      else
        printLine(
          `Imported ${done.saved.length}: ${done.saved.join(", ")}${done.replaced.length ? ` (replaced: ${done.replaced.join(", ")})` : ""}.`,
        );
    });
}
