/**
 * The page's kept arrangement, in the app data folder: each table's grid layout (columns shown,
 * order, widths, pins), one file per connection named by a hash of its id; and the page's theme,
 * one file for the app. Kept here rather than in the browser's storage because the UI's port, and
 * so the page's origin and its localStorage, changes with every run. Files are written whole
 * (temp file + fsync + rename, mode 0600) under a lock, like the console's kept work.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  checkGridLayout,
  checkUiPreferences,
  type GridLayout,
  type UiPreferences,
} from "../../core/grid-layout.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

/** Tables remembered per connection; the least recently arranged go first past this. */
export const LAYOUT_TABLES_LIMIT = 500;

interface LayoutsFile {
  version: 1;
  connection: string;
  /** By table name, in the order they were last arranged (oldest first). */
  tables: Record<string, GridLayout>;
}

const DEFAULT_PREFERENCES: UiPreferences = { theme: "system" };

export class UiPreferenceStore {
  readonly #dir: string;

  /** `dir`: the app data folder; layouts go in its grid-layouts folder. */
  constructor(dir: string) {
    this.#dir = dir;
  }

  #layoutFile(connectionId: string): string {
    const hash = createHash("sha256").update(connectionId).digest("hex").slice(0, 32);
    return join(this.#dir, "grid-layouts", `${hash}.json`);
  }

  async #layouts(connectionId: string): Promise<Record<string, GridLayout>> {
    const file = await readJsonFile<LayoutsFile | undefined>(
      this.#layoutFile(connectionId),
      undefined,
    );
    return file && file.connection === connectionId ? file.tables : {};
  }

  /** The table's layout as last saved; null when it was never arranged (or was reset). */
  async layout(connectionId: string, table: string): Promise<GridLayout | null> {
    return (await this.#layouts(connectionId))[table] ?? null;
  }

  /** Saves (a layout) or forgets (null: the grid's own arrangement again) a table's layout. */
  async setLayout(connectionId: string, table: string, given: unknown | null): Promise<void> {
    const layout = given === null ? null : checkGridLayout(given);
    const path = this.#layoutFile(connectionId);
    await ensurePrivateDir(join(this.#dir, "grid-layouts"));
    await withFileLock(`${path}.lock`, async () => {
      const tables = { ...(await this.#layouts(connectionId)) };
      delete tables[table];
      if (layout) tables[table] = layout;
      const names = Object.keys(tables);
      for (const old of names.slice(0, Math.max(0, names.length - LAYOUT_TABLES_LIMIT)))
        delete tables[old];
      const file: LayoutsFile = { version: 1, connection: connectionId, tables };
      await writeFileAtomic(path, `${JSON.stringify(file)}\n`, { mode: 0o600 });
    });
  }

  async preferences(): Promise<UiPreferences> {
    const saved = await readJsonFile<unknown>(join(this.#dir, "ui-preferences.json"), undefined);
    try {
      return saved === undefined ? DEFAULT_PREFERENCES : checkUiPreferences(saved);
    } catch {
      return DEFAULT_PREFERENCES; // a hand-edited file with an unknown theme: the default
    }
  }

  async setPreferences(given: unknown): Promise<UiPreferences> {
    const prefs = checkUiPreferences(given);
    const path = join(this.#dir, "ui-preferences.json");
    await withFileLock(`${path}.lock`, () =>
      writeFileAtomic(path, `${JSON.stringify(prefs)}\n`, { mode: 0o600 }),
    );
    return prefs;
  }
}
