/**
 * The console's history: the last requests run on each connection, kept in a folder of the app
 * data folder (the caller gives its path). One file per connection, named by a hash of the
 * connection's id (never by the id itself), written whole with temp file + fsync + rename, mode
 * 0600, under a lock so two processes never lose each other's entries.
 *
 * Secrets never reach the file: values of body fields and query parameters named like a secret
 * (password, token, api_key, secret, credentials, private_key, authorization…) are replaced by
 * "[redacted]" before the entry is stored. The history keeps what was asked, not the answers.
 * A body longer than `HISTORY_BODY_LIMIT` is kept as the start of its text, redacted, with
 * `bodyCut` saying so (history-body.ts): a bulk load must not make the file (and its every
 * rewrite) huge.
 */
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ConsoleRequest } from "../../core/console.ts";
import type { HistoryEntry } from "../../core/console-work.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { cutBody, type Redaction } from "./history-body.ts";
import { ensurePrivateDir } from "./paths.ts";

export const HISTORY_LIMIT = 100;
/** Characters of a body's text an entry keeps; past it the body is cut (`bodyCut`). */
export const HISTORY_BODY_LIMIT = 32 * 1024;
const REDACTED = "[redacted]";
/** Names ending like a secret: `password`, `bootstrap.password`, `access_token`, `api_key`… */
const SECRET_NAME =
  /(pass(word|wd|phrase)?|secret|token|api_?key|credentials?|private_?key|authori[sz]ation)$/i;

export type { HistoryEntry };

interface HistoryFile {
  version: 1;
  connection: string;
  entries: HistoryEntry[];
}

export class ConsoleHistory {
  readonly #dir: string;
  readonly #limit: number;

  constructor(dir: string, limit = HISTORY_LIMIT) {
    this.#dir = dir;
    this.#limit = limit;
  }

  #file(connection: string): string {
    return join(
      this.#dir,
      `${createHash("sha256").update(connection).digest("hex").slice(0, 32)}.json`,
    );
  }

  /** Newest first. */
  async list(connection: string, limit = this.#limit): Promise<HistoryEntry[]> {
    const file = await readJsonFile<HistoryFile | undefined>(this.#file(connection), undefined);
    if (!file || file.connection !== connection) return [];
    return file.entries.slice(0, limit);
  }

  /** Records a request (with secrets redacted); the oldest entries beyond the limit are dropped. */
  add(connection: string, entry: HistoryEntry): Promise<void> {
    return this.addMany(connection, [entry]);
  }

  /** Records requests, oldest first, in one write (with secrets redacted), as `add` does each. */
  async addMany(connection: string, added: HistoryEntry[]): Promise<void> {
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connection);
    await withFileLock(`${path}.lock`, async () => {
      const file = await readJsonFile<HistoryFile | undefined>(path, undefined);
      const entries = file?.connection === connection ? file.entries : [];
      const stored = added.map(keptEntry).reverse();
      const next: HistoryFile = {
        version: 1,
        connection,
        entries: [...stored, ...entries].slice(0, this.#limit),
      };
      await writeFileAtomic(path, `${JSON.stringify(next)}\n`, { mode: 0o600 });
    });
  }

  /** Every connection's entries (by the id or key they are kept under), newest first. */
  async all(): Promise<{ connection: string; entry: HistoryEntry }[]> {
    const files = await readdir(this.#dir).catch(() => [] as string[]);
    const out: { connection: string; entry: HistoryEntry }[] = [];
    for (const f of files.filter((n) => /^[0-9a-f]{32}\.json$/.test(n))) {
      const file = await readJsonFile<HistoryFile | undefined>(join(this.#dir, f), undefined).catch(
        () => undefined,
      );
      for (const entry of file?.entries ?? [])
        out.push({ connection: file?.connection ?? "", entry });
    }
    return out.sort((a, b) => b.entry.at.localeCompare(a.entry.at));
  }

  async clear(connection: string): Promise<void> {
    await ensurePrivateDir(this.#dir);
    const path = this.#file(connection);
    await withFileLock(`${path}.lock`, async () => {
      await writeFileAtomic(path, `${JSON.stringify({ version: 1, connection, entries: [] })}\n`, {
        mode: 0o600,
      });
    });
  }
}

/**
 * Pure: the entry as the history stores it, secrets replaced by "[redacted]" and a long body cut.
 * An entry already cut is kept as it is: its body was redacted as it was cut, and a cut text
 * would not read as JSON again.
 */
export function keptEntry(entry: HistoryEntry): HistoryEntry {
  if (entry.bodyCut) return entry;
  const cut = cutBody(entry.request.body, HISTORY_BODY_LIMIT, REDACTION);
  if (!cut) return { ...entry, request: redactRequest(entry.request) };
  return {
    ...entry,
    request: {
      method: entry.request.method,
      path: redactPath(entry.request.path),
      body: cut.text,
    },
    bodyCut: cut.chars === undefined ? {} : { chars: cut.chars },
  };
}

/** Pure: the request as the history stores it, secrets replaced by "[redacted]". */
export function redactRequest(request: ConsoleRequest): ConsoleRequest {
  const out: ConsoleRequest = { method: request.method, path: redactPath(request.path) };
  if (request.body !== undefined) out.body = redactBody(request.body);
  return out;
}

function redactPath(path: string): string {
  const q = path.indexOf("?");
  if (q === -1) return path;
  const pairs = path
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const [name = "", ...rest] = pair.split("=");
      return rest.length > 0 && SECRET_NAME.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path.slice(0, q)}?${pairs.join("&")}`;
}

function redactBody(body: unknown): unknown {
  if (typeof body !== "string") return redactValue(body);
  // NDJSON (or JSON text): each line redacted on its own; a line that is not JSON is not kept.
  return body
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      try {
        return JSON.stringify(redactValue(JSON.parse(line)));
      } catch {
        return JSON.stringify(REDACTED);
      }
    })
    .join("\n");
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      SECRET_NAME.test(k) && (typeof v !== "object" || v === null) ? REDACTED : redactValue(v);
  }
  return out;
}

const REDACTION: Redaction = {
  lines: (text) => redactBody(text) as string,
  secretKey: (key) => SECRET_NAME.test(key),
  replacement: REDACTED,
};

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
