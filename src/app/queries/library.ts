/**
 * The library of saved queries: one plain file per query (saved-query.ts, query-file.ts) in the
 * data folder's `queries/`, and a project folder a team shares (`QUARRY_QUERIES`, or the
 * setting of queries-settings.ts). A name in the project folder hides the same name in
 * the data folder. Every file is written whole and atomically under the folder's lock; one that
 * cannot be read is reported with its path and line, and the rest still load.
 */
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { QuarryError } from "../../core/errors.ts";
import { writeFileAtomic } from "../storage/atomic-write.ts";
import { withFileLock } from "../storage/file-lock.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { appDataDir, ensurePrivateDir } from "../storage/paths.ts";
import { projectFolder, QUERIES_SETTINGS_FILE } from "./queries-settings.ts";
import { formatQueryFile, parseQueryFile } from "./query-file.ts";
import {
  checkQueryName,
  EXTENSIONS,
  fromFileName,
  type QueryKind,
  queryFileName,
  type SavedQuery,
} from "./saved-query.ts";
import { refuseSecrets } from "./secrets.ts";

export type QuerySource = "project" | "local";

export interface LibraryEntry extends SavedQuery {
  source: QuerySource;
  path: string;
}

/** A file that is in a folder but could not be read as a query. */
export interface LibraryProblem {
  path: string;
  message: string;
  remedy: string;
  line?: number;
}

export interface LibraryListing {
  queries: LibraryEntry[];
  problems: LibraryProblem[];
}

/** An export: each query's file, exactly as kept. */
export interface QueryBundle {
  quarryQueries: 1;
  queries: { file: string; text: string }[];
}

export class QueryLibrary {
  readonly localDir: string;
  readonly projectDir: string | undefined;
  /** A settings file that does not read: listed with the files that do not. */
  readonly #settingProblem: LibraryProblem | undefined;

  constructor(localDir: string, projectDir?: string, settingProblem?: LibraryProblem) {
    this.localDir = localDir;
    this.projectDir = projectDir;
    this.#settingProblem = settingProblem;
  }

  /** The library of this data folder, with its project folder from the environment or setting. */
  static async open(
    env: NodeJS.ProcessEnv = process.env,
    data: string = appDataDir(env),
  ): Promise<QueryLibrary> {
    const project = await projectFolder(data, env);
    return new QueryLibrary(
      join(data, "queries"),
      project.folder,
      project.problem
        ? {
            path: join(data, QUERIES_SETTINGS_FILE),
            message: `The shared queries folder setting does not read: ${project.problem}`,
            remedy:
              "Set the folder again (quarry query folder <path>, or the library's Shared folder).",
          }
        : undefined,
    );
  }

  /** Every query that reads, and every file that does not. */
  async list(): Promise<LibraryListing> {
    const problems: LibraryProblem[] = this.#settingProblem ? [this.#settingProblem] : [];
    const byName = new Map<string, LibraryEntry>();
    const folders: [QuerySource, string | undefined][] = [
      ["local", this.localDir],
      ["project", this.projectDir],
    ];
    for (const [source, dir] of folders) {
      if (!dir) continue;
      for (const q of await this.#read(source, dir, problems)) byName.set(q.name, q);
    }
    const queries = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    return { queries, problems };
  }

  async #read(source: QuerySource, dir: string, problems: LibraryProblem[]) {
    let files: string[];
    try {
      files = (await readdir(dir)).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") {
        if (source === "project")
          problems.push({
            path: dir,
            message: `The shared queries folder ${dir} does not exist`,
            remedy:
              "Create it, or set the folder your team shares (quarry query folder <path>, or QUARRY_QUERIES).",
          });
        return [];
      }
      problems.push({
        path: dir,
        message: `Cannot read ${dir}: ${fsReason(e)}`,
        remedy: "Check the folder's owner and permissions.",
      });
      return [];
    }
    const out: LibraryEntry[] = [];
    for (const file of files) {
      const named = fromFileName(file);
      if (!named) continue;
      const path = join(dir, file);
      try {
        const text = await readFile(path, "utf8");
        out.push({ ...parseQueryFile(path, named.name, named.kind, text), source, path });
      } catch (e) {
        const err = e as QuarryError;
        problems.push({
          path,
          message: err.message ?? String(e),
          remedy: err.remedy ?? "Check the file.",
          ...(typeof err.details?.line === "number" ? { line: err.details.line } : {}),
        });
      }
    }
    return out;
  }

  /** One query by name; a file of that name that does not read is refused with its problem. */
  async get(name: string): Promise<LibraryEntry> {
    const { queries, problems } = await this.list();
    const found = queries.find((q) => q.name === name);
    if (found) return found;
    const broken = problems.find((p) => fromFileName(p.path.split("/").pop() ?? "")?.name === name);
    if (broken)
      throw new QuarryError("invalid_input", broken.message, broken.remedy, {
        path: broken.path,
        ...(broken.line ? { line: broken.line } : {}),
      });
    const near = queries
      .filter((q) => q.name.toLowerCase().includes(name.toLowerCase().slice(0, 4)))
      .slice(0, 3);
    throw new QuarryError(
      "query_not_found",
      `No saved query is named ${name}`,
      near.length > 0
        ? `Did you mean ${near.map((q) => q.name).join(", ")}? quarry query list shows them all.`
        : "quarry query list shows the saved queries.",
      { name },
      "Open the library to see the saved queries.",
    );
  }

  /**
   * Saves a query as its file, in the project folder when it is kept there (or `to` says so).
   * Refused: a bad name, a secret in it, or a name taken unless `replace`.
   */
  async save(
    q: SavedQuery,
    options: { replace?: boolean; to?: QuerySource } = {},
  ): Promise<LibraryEntry> {
    checkQueryName(q.name);
    refuseSecrets(q);
    const text = formatQueryFile(q);
    // What is written must read back as the same query (a placeholder left undeclared, a bad
    // parameter line): checked before anything is written.
    parseQueryFile(queryFileName(q.name, q.kind), q.name, q.kind, text);
    const existing = await this.#find(q.name);
    if (existing && !options.replace)
      throw new QuarryError(
        "query_exists",
        `A query named ${q.name} is already saved (${existing.path})`,
        "Choose another name, or replace it (--replace).",
        { name: q.name, path: existing.path },
        "Choose another name, or confirm to replace it.",
      );
    const source = options.to ?? existing?.source ?? "local";
    const dir = source === "project" ? this.projectDir : this.localDir;
    if (!dir)
      throw new QuarryError(
        "invalid_input",
        "No shared queries folder is set",
        "Set the folder your team shares (quarry query folder <path>, or QUARRY_QUERIES), or save to the data folder.",
      );
    if (source === "local") await ensurePrivateDir(dir);
    else if (
      !(await stat(dir).then(
        (st) => st.isDirectory(),
        () => false,
      ))
    )
      throw new QuarryError(
        "invalid_input",
        `The shared queries folder ${dir} does not exist; ${q.name} was not saved`,
        "Create the folder (or clone your team's), or set another (quarry query folder <path>).",
        { path: dir },
      );
    const path = join(dir, queryFileName(q.name, q.kind));
    await withFileLock(join(dir, ".queries.lock"), async () => {
      await writeFileAtomic(path, text, { mode: source === "local" ? 0o600 : 0o644 });
      // The same name kept as another kind, or in the data folder under a shared one, goes.
      for (const kind of Object.keys(EXTENSIONS) as QueryKind[])
        if (kind !== q.kind) await rm(join(dir, queryFileName(q.name, kind)), { force: true });
    });
    if (existing && existing.path !== path && existing.source === source)
      await rm(existing.path, { force: true });
    return { ...parseQueryFile(path, q.name, q.kind, text), source, path };
  }

  /** Where a name is kept, without reading the rest of the library: the shared folder first. */
  async #find(name: string): Promise<{ source: QuerySource; path: string } | undefined> {
    const folders: [QuerySource, string | undefined][] = [
      ["project", this.projectDir],
      ["local", this.localDir],
    ];
    for (const [source, dir] of folders) {
      if (!dir) continue;
      for (const kind of Object.keys(EXTENSIONS) as QueryKind[]) {
        const path = join(dir, queryFileName(name, kind));
        if (
          await stat(path).then(
            () => true,
            () => false,
          )
        )
          return { source, path };
      }
    }
    return undefined;
  }

  /** Removes a query's file. */
  async remove(name: string): Promise<LibraryEntry> {
    const q = await this.get(name);
    await rm(q.path);
    return q;
  }

  /** The queries as one file to carry to another machine: all, or the named ones. */
  async exportBundle(names?: readonly string[]): Promise<QueryBundle> {
    const { queries } = await this.list();
    const chosen = names && names.length > 0 ? names.map((n) => this.#pick(queries, n)) : queries;
    return {
      quarryQueries: 1,
      queries: await Promise.all(
        chosen.map(async (q) => ({
          file: queryFileName(q.name, q.kind),
          text: await readFile(q.path, "utf8"),
        })),
      ),
    };
  }

  #pick(queries: LibraryEntry[], name: string): LibraryEntry {
    const q = queries.find((e) => e.name === name);
    if (!q)
      throw new QuarryError(
        "query_not_found",
        `No saved query is named ${name}; nothing was exported`,
        "quarry query list shows the saved queries.",
        { name },
      );
    return q;
  }

  /**
   * Reads a bundle and saves each of its queries. Every query is checked first: one that does not
   * read, holds a secret, or has a name already saved (unless `replace`) refuses the whole import
   * before anything is written.
   */
  async importBundle(
    raw: unknown,
    options: { replace?: boolean; to?: QuerySource; origin: string },
  ): Promise<{ saved: string[]; replaced: string[] }> {
    const bundle = raw as Partial<QueryBundle>;
    if (bundle?.quarryQueries !== 1 || !Array.isArray(bundle.queries))
      throw new QuarryError(
        "invalid_input",
        `${options.origin} is not a file of saved queries`,
        "Import a file written by quarry query export.",
      );
    const parsed: SavedQuery[] = bundle.queries.map((entry, i) => {
      const { file, text } = (entry ?? {}) as { file?: unknown; text?: unknown };
      const named = typeof file === "string" ? fromFileName(file) : undefined;
      if (!named || typeof text !== "string")
        throw new QuarryError(
          "invalid_input",
          `${options.origin}: entry ${i + 1} is not a saved query; nothing was imported`,
          "Each entry is { file: <name>.http | .esql | .view.json, text }.",
        );
      const q = parseQueryFile(`${options.origin}#${file}`, named.name, named.kind, text);
      refuseSecrets(q);
      return q;
    });
    const seen = new Set<string>();
    for (const q of parsed) {
      if (seen.has(q.name))
        throw new QuarryError(
          "invalid_input",
          `${options.origin} holds ${q.name} twice; nothing was imported`,
          "Keep one of them in the file.",
        );
      seen.add(q.name);
    }
    const existing = new Set((await this.list()).queries.map((q) => q.name));
    const clashes = parsed.filter((q) => existing.has(q.name)).map((q) => q.name);
    if (clashes.length > 0 && !options.replace)
      throw new QuarryError(
        "query_exists",
        `${clashes.join(", ")} ${clashes.length === 1 ? "is" : "are"} already saved; nothing was imported`,
        "Rename them in the file, or import with --replace to overwrite them.",
        { names: clashes },
      );
    const saved: string[] = [];
    for (const q of parsed) {
      try {
        await this.save(q, { replace: true, ...(options.to ? { to: options.to } : {}) });
      } catch (e) {
        const err = e as QuarryError;
        const rest = parsed.slice(saved.length + 1).map((x) => x.name);
        throw new QuarryError(
          err.code ?? "storage_failed",
          `Imported ${saved.length} of ${parsed.length}${saved.length ? ` (${saved.join(", ")})` : ""}; ${q.name} failed: ${err.message}${rest.length ? `; not attempted: ${rest.join(", ")}` : ""}`,
          err.remedy ?? "Check the data folder.",
          { saved, failed: q.name, notAttempted: rest },
        );
      }
      saved.push(q.name);
    }
    return { saved, replaced: clashes };
  }
}
