/**
 * The console's variables (`${NAME}`), per connection, in a folder of the app data folder (the
 * caller gives its path): one file per connection, named by a hash of its id, written whole with
 * temp file + fsync + rename, mode 0600, under a lock. The UI's Variables panel and
 * `quarry console` read the same files, so a text written in the UI runs from a script.
 *
 * Values are plain text, not secrets: names that look like a secret's are refused
 * (core/console-variables.ts).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { type ConsoleVariable, checkVariables } from "../../core/console-variables.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

interface VariablesFile {
  version: 1;
  connection: string;
  variables: ConsoleVariable[];
}

export class ConsoleVariables {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #file(connectionId: string): string {
    return join(
      this.#dir,
      `${createHash("sha256").update(connectionId).digest("hex").slice(0, 32)}.json`,
    );
  }

  /** In the order they were saved; none for a connection that has none. */
  async list(connectionId: string): Promise<ConsoleVariable[]> {
    const file = await readJsonFile<VariablesFile | undefined>(this.#file(connectionId), undefined);
    if (!file || file.connection !== connectionId || !Array.isArray(file.variables)) return [];
    return file.variables;
  }

  /** Replaces the connection's variables with `list`, checked first (nothing is written if bad). */
  async save(connectionId: string, list: unknown): Promise<ConsoleVariable[]> {
    const variables = checkVariables(list);
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connectionId);
    await withFileLock(`${path}.lock`, async () => {
      const file: VariablesFile = { version: 1, connection: connectionId, variables };
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    });
    return variables;
  }
}
