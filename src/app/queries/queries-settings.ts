/**
 * The library's setting: the shared project folder, in `queries-settings.json` in the app data
 * folder (`quarry query folder`, the library's Shared folder field, or by hand). `QUARRY_QUERIES`
 * wins over it. The file is checked by one schema when read and before it is written; a folder is
 * set only when it exists and is a folder, and the file is written whole (temp file + rename) under
 * a lock, so a reader sees the old setting or the new one.
 */
import { stat } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { QuarryError } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-write.ts";
import { withFileLock } from "../storage/file-lock.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export const QUERIES_SETTINGS_FILE = "queries-settings.json";

/** The file's one schema: an absolute path to the shared folder, or none. */
export const queriesSettingsSchema = z.strictObject({
  projectFolder: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .refine(isAbsolute, { error: "must be an absolute path" })
    .optional(),
});

export type QueriesSettings = z.infer<typeof queriesSettingsSchema>;

/** Where the shared folder comes from: the environment, the setting, or nowhere. */
export interface ProjectFolder {
  /** The folder the library uses, when one is set. */
  folder: string | undefined;
  from: "env" | "setting" | "none";
  /** The setting, even when `QUARRY_QUERIES` hides it. */
  setting: string | undefined;
  /** A setting file that does not match the schema: why (the library then has no shared folder from it). */
  problem?: string;
}

/** The shared folder for this data folder: `QUARRY_QUERIES`, else the setting. */
export async function projectFolder(
  data: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProjectFolder> {
  const path = join(data, QUERIES_SETTINGS_FILE);
  let setting: string | undefined;
  let problem: string | undefined;
  try {
    const parsed = queriesSettingsSchema.safeParse(await readJsonFile<unknown>(path, {}));
    if (parsed.success) setting = parsed.data.projectFolder;
    else problem = `${path}: ${describeIssue(parsed.error)}`;
  } catch (e) {
    problem = (e as Error).message;
  }
  const fromEnv = env.QUARRY_QUERIES?.trim();
  const folder = fromEnv ? resolve(fromEnv) : setting;
  return {
    folder,
    from: fromEnv ? "env" : setting ? "setting" : "none",
    setting,
    ...(problem ? { problem } : {}),
  };
}

/**
 * Sets the shared folder (a path relative to `cwd` is made absolute), or clears it with null.
 * Refused, with nothing written: a folder that does not exist or is not a folder.
 */
export async function setProjectFolder(
  data: string,
  given: string | null,
  cwd: string = process.cwd(),
): Promise<QueriesSettings> {
  const folder = given === null ? undefined : resolve(cwd, given.trim());
  if (given !== null && given.trim() === "")
    throw new QuarryError(
      "invalid_input",
      "No folder was given for the shared queries",
      "Give the folder's path, or clear the setting (quarry query folder --clear).",
      {},
      "Type the folder's path, or Clear the setting.",
    );
  if (folder !== undefined) await requireFolder(folder);
  const settings = checked({ ...(folder !== undefined ? { projectFolder: folder } : {}) });
  await ensurePrivateDir(data);
  const path = join(data, QUERIES_SETTINGS_FILE);
  await withFileLock(`${path}.lock`, () =>
    writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 }),
  );
  return settings;
}

async function requireFolder(folder: string): Promise<void> {
  const st = await stat(folder).catch((e: unknown) => e as NodeJS.ErrnoException);
  if (st instanceof Error) {
    const missing = st.code === "ENOENT";
    throw new QuarryError(
      "invalid_input",
      missing
        ? `The folder ${folder} does not exist; the shared queries folder was not changed`
        : `Cannot read ${folder}: ${fsReason(st)}; the shared queries folder was not changed`,
      missing
        ? "Create the folder (or clone your team's repository of queries), then set it again."
        : "Check the folder's owner and permissions, then set it again.",
      { path: folder },
    );
  }
  if (!st.isDirectory())
    throw new QuarryError(
      "invalid_input",
      `${folder} is a file, not a folder; the shared queries folder was not changed`,
      "Give the folder that holds the shared queries, not a file in it.",
      { path: folder },
    );
}

function checked(value: unknown): QueriesSettings {
  const parsed = queriesSettingsSchema.safeParse(value);
  if (!parsed.success)
    throw new QuarryError(
      "invalid_input",
      `The shared queries folder ${describeIssue(parsed.error)}`,
      "Give an absolute path to a folder.",
    );
  return parsed.data;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "does not read";
  const where = issue.path.length > 0 ? `${issue.path.join(".")} ` : "";
  return `${where}${issue.message}`;
}
