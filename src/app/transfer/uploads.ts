/**
 * Files the UI uploads for an import: streamed to a private folder of the app as they arrive (never
 * held in memory), each under a random id and the picked name's extension, the name kept beside it. An upload
 * is removed once its import ends or the dialog that uploaded it is closed; what an earlier run
 * left behind is removed when this run uploads its first file.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { QuarryError } from "../../core/errors.ts";
import { fsReason } from "../storage/fs-reason.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export interface Upload {
  id: string;
  /** The file's name as the user picked it (for reports). */
  name: string;
  path: string;
  bytes: number;
}

/** The name as shown, without any folder part or control characters, at most 200 characters. */
export function uploadName(raw: string | null | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).at(-1) ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, 200) || "upload";
}

/** A name's extension when it is short letters and digits (".csv"), else none. */
export function uploadExtension(name: string): string {
  const ext = extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : "";
}

export class UploadStore {
  readonly #dir: string;
  readonly #uploads = new Map<string, Upload>();
  #cleared: Promise<void> | null = null;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Writes `body` to a new file; a body that stops half-way leaves nothing behind. */
  async receive(body: Readable, rawName: string | null): Promise<Upload> {
    this.#cleared ??= this.#clearEarlierRuns();
    await this.#cleared;
    const id = randomUUID();
    const name = uploadName(rawName);
    // The picked name's extension is kept: an import tells a file's format by it.
    const path = join(this.#dir, `${id}.upload${uploadExtension(name)}`);
    try {
      await pipeline(body, createWriteStream(path, { mode: 0o600, flags: "wx" }));
    } catch (e) {
      await rm(path, { force: true });
      throw new QuarryError(
        "transfer_refused",
        `The file could not be received: ${fsReason(e)}`,
        "Pick the file again; check that the app's data folder has room for it.",
      );
    }
    const upload = { id, name, path, bytes: (await stat(path)).size };
    this.#uploads.set(id, upload);
    return upload;
  }

  get(id: unknown): Upload {
    const upload = typeof id === "string" ? this.#uploads.get(id) : undefined;
    if (!upload)
      throw new QuarryError(
        "transfer_refused",
        "The uploaded file is gone (its import ended, or Quarry restarted)",
        "Pick the file again.",
      );
    return upload;
  }

  async remove(id: string): Promise<void> {
    const upload = this.#uploads.get(id);
    this.#uploads.delete(id);
    if (upload) await rm(upload.path, { force: true });
  }

  async #clearEarlierRuns(): Promise<void> {
    await ensurePrivateDir(this.#dir);
    const names = await readdir(this.#dir).catch(() => []);
    await Promise.all(
      names
        .filter((n) => /^[0-9a-f-]{36}\.upload/.test(n))
        .map((n) => rm(join(this.#dir, n), { force: true }).catch(() => {})),
    );
  }
}
