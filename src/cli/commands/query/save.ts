/**
 * `quarry query save <name>`: from a file (its extension says the kind: `.http` or `.txt` console
 * text, `.esql`, `.view.json`), from `--console` or `--esql` text, or a grid view from `--view
 * <table>` with the filters of `quarry browse`. A `{{name}}` not declared is a text parameter.
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { openAppStorage } from "../../../app/connections/connection-service.ts";
import { withDeclared } from "../../../app/queries/declare.ts";
import { QueryLibrary } from "../../../app/queries/library.ts";
import { parseQueryFile } from "../../../app/queries/query-file.ts";
import {
  checkQueryName,
  type QueryKind,
  type QueryParam,
  type SavedQuery,
} from "../../../app/queries/saved-query.ts";
import { QuarryError } from "../../../core/errors.ts";
import { readStdin } from "../../connection-options.ts";
import { wantsJson } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { parseFilter, parseSort } from "../browse.ts";

interface SaveFlags {
  file?: string;
  console?: string;
  esql?: string;
  view?: string;
  filter: string[];
  raw?: string;
  sort: string[];
  columns?: string;
  description?: string;
  conn?: string;
  type?: string;
  param: string[];
  shared?: boolean;
  replace?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerSave(group: Command): void {
  group
    .command("save")
    .description("save a console request, an ES|QL query or a grid view under a name")
    .argument("<name>", "letters, digits, '.', '_' or '-' (the file's name)")
    .option(
      "--file <file>",
      "read it from a file: .http or .txt (console), .esql, .view.json; - for standard input (console)",
    )
    .option("--console <text>", "console text: METHOD /path, then the JSON body")
    .option("--esql <query>", "an ES|QL query")
    .option("--view <table>", "a grid view of this table (with --filter, --raw, --sort, --columns)")
    .option(
      "--filter <expr>",
      "a view's filter, as quarry browse --filter (repeatable)",
      collect,
      [],
    )
    .option("--raw <query>", "a view's Raw SQL text")
    .option("--sort <column[:desc]>", "a view's sort (repeatable)", collect, [])
    .option("--columns <list>", "a view's columns, comma-separated, in order")
    .option("--description <text>", "one line saying what it is for")
    .option(
      "--conn <conn>",
      "belongs to this saved connection only (default: every connection of its type)",
    )
    .option(
      "--type <driver>",
      "the database type it is written for (default: the connection's, or elasticsearch)",
    )
    .option(
      "--param <name:type[=default]>",
      "declare a parameter: text, number, date or list (repeatable)",
      collect,
      [],
    )
    .option("--shared", "save it in the shared folder (quarry query folder, or QUARRY_QUERIES)")
    .option("--replace", "overwrite a saved query of the same name")
    .action(async (name: string, flags: SaveFlags, cmd: Command) => {
      checkQueryName(name);
      const q = await queryFrom(name, flags);
      const saved = await (await QueryLibrary.open()).save(q, {
        ...(flags.replace ? { replace: true } : {}),
        ...(flags.shared ? { to: "project" as const } : {}),
      });
      if (wantsJson(cmd)) printJson(saved);
      else printLine(`Saved ${saved.name} (${saved.kind}) to ${saved.path}.`);
    });
}

async function queryFrom(name: string, flags: SaveFlags): Promise<SavedQuery> {
  const sources = [flags.file, flags.console, flags.esql, flags.view].filter(
    (s) => s !== undefined,
  );
  if (sources.length !== 1)
    throw new QuarryError(
      "invalid_input",
      sources.length === 0 ? "Nothing to save" : "Give one of --file, --console, --esql and --view",
      "e.g. quarry query save orders --console 'GET /orders/_search', or --file orders.http.",
    );
  let kind: QueryKind;
  let text: string;
  if (flags.view !== undefined) {
    kind = "view";
    text = JSON.stringify({
      table: flags.view,
      ...(flags.filter.length ? { filters: flags.filter.map((f) => parseFilter(f).row) } : {}),
      ...(flags.raw ? { rawQuery: flags.raw } : {}),
      ...(flags.sort.length ? { sort: flags.sort.map(parseSort) } : {}),
      ...(flags.columns
        ? {
            columns: flags.columns
              .split(",")
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : {}),
    });
  } else if (flags.file !== undefined) {
    kind = flags.file.endsWith(".esql")
      ? "esql"
      : flags.file.endsWith(".json")
        ? "view"
        : "console";
    text =
      flags.file === "-"
        ? await readStdin()
        : await readFile(flags.file, "utf8").catch((e: NodeJS.ErrnoException) => {
            throw new QuarryError(
              "invalid_input",
              `Cannot read ${flags.file} (${e.code ?? "error"})`,
              "Check the file's path.",
            );
          });
  } else {
    kind = flags.esql !== undefined ? "esql" : "console";
    text = (flags.esql ?? flags.console) as string;
  }
  const declared = flags.param.map(paramDef);
  const parsed = parseQueryFile(flags.file ?? name, name, kind, withDeclared(kind, text, declared));
  const scope = await scopeFrom(flags);
  return {
    ...parsed,
    ...(flags.description !== undefined ? { description: flags.description.trim() } : {}),
    ...scope,
  };
}

function paramDef(def: string): QueryParam {
  const m = /^([A-Za-z_]\w*):(\w+)(?:=(.*))?$/.exec(def);
  if (!m)
    throw new QuarryError(
      "invalid_input",
      `--param ${def.slice(0, 60)} is not name:type[=default]`,
      "Write e.g. --param status:text=paid or --param size:number (types: text, number, date, list).",
    );
  return {
    name: m[1] as string,
    type: m[2] as QueryParam["type"],
    ...(m[3] !== undefined ? { default: m[3] } : {}),
  };
}

/** `--conn` ties it to a saved connection (its type with it); otherwise `--type` or the file's. */
async function scopeFrom(flags: SaveFlags): Promise<Partial<SavedQuery>> {
  if (flags.conn) {
    const c = await (await openAppStorage()).connections.require(flags.conn);
    return { connection: c.name, dbType: c.type };
  }
  return flags.type ? { dbType: flags.type } : {};
}
