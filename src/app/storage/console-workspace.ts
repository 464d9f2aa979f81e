/**
 * The console's kept work, per connection, in the app data folder: the editor tabs (name and text
 * of each, which one is open) and the named saved requests. One file per connection and kind,
 * named by a hash of the connection's id, written whole (temp file + fsync + rename, mode 0600)
 * under a lock, like the history.
 *
 * The text is kept as written (a saved request must run as it was saved); the file is the user's
 * own, as the editor's text was before it moved here.
 */
import { createHash, randomUUID } from "node:crypto";
import { join } from "node:path";
import type { ConsoleTab, ConsoleTabs, SavedRequest } from "../../core/console-work.ts";
import { QuarryError } from "../../core/errors.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

export type { ConsoleTab, ConsoleTabs, SavedRequest };

/** Limits that keep a file a page can load at once. */
export const TABS_LIMIT = 50;
export const SAVED_LIMIT = 1000;
const TEXT_LIMIT = 1_000_000;
const NAME_LIMIT = 200;

interface WorkspaceFile<T> {
  version: 1;
  connection: string;
  data: T;
}

const refuse = (message: string, remedy: string) =>
  new QuarryError("invalid_input", message, remedy, { status: 400 });

export class ConsoleWorkspace {
  readonly #dir: string;

  /** `dir`: the app data folder; the files go in its console-tabs and console-saved folders. */
  constructor(dir: string) {
    this.#dir = dir;
  }

  #file(kind: "tabs" | "saved", connectionId: string): string {
    const hash = createHash("sha256").update(connectionId).digest("hex").slice(0, 32);
    return join(this.#dir, `console-${kind}`, `${hash}.json`);
  }

  async #read<T>(kind: "tabs" | "saved", connectionId: string, fallback: T): Promise<T> {
    const file = await readJsonFile<WorkspaceFile<T> | undefined>(
      this.#file(kind, connectionId),
      undefined,
    );
    return file && file.connection === connectionId ? file.data : fallback;
  }

  async #update<T>(
    kind: "tabs" | "saved",
    connectionId: string,
    fallback: T,
    change: (data: T) => T,
  ): Promise<T> {
    const path = this.#file(kind, connectionId);
    await ensurePrivateDir(join(this.#dir, `console-${kind}`));
    return withFileLock(`${path}.lock`, async () => {
      const data = change(await this.#read(kind, connectionId, fallback));
      const file: WorkspaceFile<T> = { version: 1, connection: connectionId, data };
      await writeFileAtomic(path, `${JSON.stringify(file)}\n`, { mode: 0o600 });
      return data;
    });
  }

  /** The tabs as last saved; null when the connection has none yet (the page makes the first). */
  async tabs(connectionId: string): Promise<ConsoleTabs | null> {
    return this.#read<ConsoleTabs | null>("tabs", connectionId, null);
  }

  async saveTabs(connectionId: string, given: unknown): Promise<ConsoleTabs> {
    const tabs = checkTabs(given);
    return this.#update<ConsoleTabs | null>(
      "tabs",
      connectionId,
      null,
      () => tabs,
    ) as Promise<ConsoleTabs>;
  }

  /** Saved requests, by name. */
  async saved(connectionId: string): Promise<SavedRequest[]> {
    const list = await this.#read<SavedRequest[]>("saved", connectionId, []);
    return [...list].sort((a, b) => a.name.localeCompare(b.name));
  }

  async addSaved(
    connectionId: string,
    given: { name?: unknown; text?: unknown },
  ): Promise<SavedRequest> {
    const name = checkName(given.name);
    const text = checkText(given.text);
    const now = new Date().toISOString();
    const entry: SavedRequest = { id: randomUUID(), name, text, created: now, updated: now };
    await this.#update<SavedRequest[]>("saved", connectionId, [], (list) => {
      if (list.length >= SAVED_LIMIT)
        throw refuse(
          `This connection already has ${SAVED_LIMIT} saved requests.`,
          "Delete some you no longer use, then save again.",
        );
      return [...list, entry];
    });
    return entry;
  }

  /** Renames a saved request, or replaces its text, or both. */
  async updateSaved(
    connectionId: string,
    id: string,
    given: { name?: unknown; text?: unknown },
  ): Promise<SavedRequest> {
    let updated: SavedRequest | undefined;
    await this.#update<SavedRequest[]>("saved", connectionId, [], (list) =>
      list.map((s) => {
        if (s.id !== id) return s;
        updated = {
          ...s,
          ...(given.name !== undefined ? { name: checkName(given.name) } : {}),
          ...(given.text !== undefined ? { text: checkText(given.text) } : {}),
          updated: new Date().toISOString(),
        };
        return updated;
      }),
    );
    if (!updated) throw notSaved();
    return updated;
  }

  async deleteSaved(connectionId: string, id: string): Promise<void> {
    let found = false;
    await this.#update<SavedRequest[]>("saved", connectionId, [], (list) =>
      list.filter((s) => {
        if (s.id === id) found = true;
        return s.id !== id;
      }),
    );
    if (!found) throw notSaved();
  }
}

function notSaved(): QuarryError {
  return new QuarryError(
    "invalid_input",
    "There is no saved request with this id on this connection (it may have been deleted).",
    "Reopen the saved requests to see the current list.",
    { status: 404 },
  );
}

function checkName(v: unknown): string {
  const name = typeof v === "string" ? v.trim() : "";
  if (name === "" || name.length > NAME_LIMIT)
    throw refuse(
      `A name must be 1 to ${NAME_LIMIT} characters.`,
      "Type a short name that says what it is for.",
    );
  return name;
}

function checkText(v: unknown): string {
  if (typeof v !== "string" || v.trim() === "")
    throw refuse("There is no request text to keep.", "Write a request (e.g. GET /_search) first.");
  if (v.length > TEXT_LIMIT)
    throw refuse(
      `The text is over ${TEXT_LIMIT.toLocaleString("en-US")} characters.`,
      "Keep large bodies in files and run them with `quarry console --file`.",
    );
  return v;
}

/** Pure: the tabs as sent by the page, checked: ids unique, one of them active, within limits. */
export function checkTabs(given: unknown): ConsoleTabs {
  const g = given as { tabs?: unknown; active?: unknown } | null;
  const list = Array.isArray(g?.tabs) ? g.tabs : [];
  if (list.length === 0 || list.length > TABS_LIMIT)
    throw refuse(
      `Send 1 to ${TABS_LIMIT} tabs as { tabs: [{ id, name, text }], active }.`,
      "Close tabs you no longer use.",
    );
  const seen = new Set<string>();
  const tabs = list.map((t): ConsoleTab => {
    const tab = t as Partial<ConsoleTab> | null;
    const id = typeof tab?.id === "string" && tab.id !== "" ? tab.id : "";
    if (id === "" || seen.has(id))
      throw refuse("Each tab needs its own id.", "Reload the page, then try again.");
    seen.add(id);
    const text = typeof tab?.text === "string" ? tab.text : "";
    if (text.length > TEXT_LIMIT)
      throw refuse(
        `A tab holds over ${TEXT_LIMIT.toLocaleString("en-US")} characters.`,
        "Keep large bodies in files and run them with `quarry console --file`.",
      );
    return { id, name: checkName(tab?.name), text };
  });
  const active = typeof g?.active === "string" && seen.has(g.active) ? g.active : tabs[0]!.id;
  return { tabs, active };
}
