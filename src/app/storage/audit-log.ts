/**
 * The MCP audit log: one JSON line per call from an external client, in `mcp-audit.log` in the app
 * data folder (0600). It records who (token name), what (method, tool, connection, the request as
 * classified: method, path and class), the outcome (allowed, refused and by which layer, error),
 * how long it took and how big the answer was. It never records a token, a password, a request or
 * response body, or a query string's values: those may hold secrets or document contents.
 *
 * The lines of one turn of the event loop are appended in one synchronous write; at 10 MB the
 * file is renamed to `mcp-audit.log.1` (replacing the previous one) and a new file begins. Each
 * line links to the one before it (`prev`, audit-chain.ts), across that rotation too, so
 * `verifyAudit` finds a line edited, removed or moved.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { readFile, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AuditEntry, AuditSink } from "../../mcp/policy/stores.ts";
import {
  CHAIN_START,
  type ChainReport,
  chainedLine,
  hashAfter,
  lineHash,
  verifyChain,
} from "./audit-chain.ts";
import { ensurePrivateDir } from "./paths.ts";

export const AUDIT_FILE = "mcp-audit.log";
export const AUDIT_ROTATE_BYTES = 10 * 1024 * 1024;

/**
 * A path as safe to log: the query string keeps its parameter names but not their values, which
 * may be a Lucene query over personal data (`?q=email:...`).
 */
export function redactPath(path: string): string {
  const q = path.indexOf("?");
  if (q < 0) return path;
  const names = path
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf("=");
      return eq < 0 ? p : `${p.slice(0, eq)}=…`;
    });
  return `${path.slice(0, q)}?${names.join("&")}`;
}

export type { AuditEntry };

export class AuditLog implements AuditSink {
  readonly dir: string;
  readonly path: string;
  /** The open file, appended to with synchronous writes (see #drain). */
  #fd: number | undefined;
  #size = 0;
  #opening: Promise<void> | undefined;
  /** Entries recorded since the last write: written together, once per turn of the event loop. */
  #pending: AuditEntry[] = [];
  /** The link to the last line written (undefined: none yet, or not read from the file yet). */
  #lastHash: string | undefined;
  #chainRead = false;
  #scheduled = false;

  constructor(dir: string) {
    this.dir = dir;
    this.path = join(dir, AUDIT_FILE);
  }

  /** Appends one entry. Never throws: the audit log must not break the call it records. */
  record(entry: AuditEntry): void {
    const { requestBody: _body, ...kept } = entry;
    const safe = kept.request
      ? { ...kept, request: { ...kept.request, path: redactPath(kept.request.path) } }
      : kept;
    this.#pending.push(safe);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#drain();
    });
  }

  /**
   * Writes the pending lines in one synchronous append: a few hundred bytes into the page cache
   * cost less than the thread-pool round trip of an asynchronous write, which every MCP call paid.
   * A failed write keeps its entries pending for the next turn; none is dropped.
   */
  async #drain(): Promise<void> {
    if (this.#fd === undefined) {
      this.#opening ??= this.#open().finally(() => {
        this.#opening = undefined;
      });
      await this.#opening.catch(() => {});
    }
    const fd = this.#fd;
    if (fd === undefined || this.#pending.length === 0) return;
    let text = "";
    let hash = this.#lastHash ?? CHAIN_START;
    for (const entry of this.#pending) {
      const line = chainedLine(entry, hash);
      hash = lineHash(line);
      text += `${line}\n`;
    }
    try {
      writeSync(fd, text);
    } catch {
      this.#closeFd();
      return;
    }
    this.#pending = [];
    this.#lastHash = hash;
    this.#size += Buffer.byteLength(text);
    if (this.#size >= AUDIT_ROTATE_BYTES) {
      this.#closeFd();
      this.#opening = rename(this.path, `${this.path}.1`)
        .then(() => this.#open())
        .finally(() => {
          this.#opening = undefined;
        });
      await this.#opening.catch(() => {});
    }
  }

  #closeFd(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }

  async #open(): Promise<void> {
    await ensurePrivateDir(this.dir);
    this.#size = (await stat(this.path).catch(() => undefined))?.size ?? 0;
    if (!this.#chainRead) {
      // Go on from the last line on disk: this file's, or the rotated file's when this one is new.
      for (const p of [this.path, `${this.path}.1`]) {
        this.#lastHash = hashAfter(await readFile(p, "utf8").catch(() => ""));
        if (this.#lastHash !== undefined) break;
      }
      this.#chainRead = true;
    }
    this.#fd = openSync(this.path, "a", 0o600);
  }

  /** Waits until everything recorded so far is on disk. */
  async flush(): Promise<void> {
    await this.#opening?.catch(() => {});
    await this.#drain();
  }

  async close(): Promise<void> {
    await this.flush();
    this.#closeFd();
  }
}

export interface AuditQuery {
  /** The newest N entries (after filtering). */
  limit?: number;
  token?: string;
  connection?: string;
  /** Only refused and failed calls. */
  problemsOnly?: boolean;
}

/** Reads the audit log (and its previous file), oldest first, filtered. */
export async function readAudit(dir: string, query: AuditQuery = {}): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (const { text } of await auditFiles(dir))
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        // The chain's link is the file's business, not the entry's.
        const { prev: _, ...entry } = JSON.parse(line) as AuditEntry & { prev?: string };
        entries.push(entry);
      } catch {
        // A line cut by a crash: skip it.
      }
    }
  const lc = (s: string) => s.toLowerCase();
  const filtered = entries.filter(
    (e) =>
      (!query.token || lc(e.token ?? "") === lc(query.token)) &&
      (!query.connection ||
        e.connection?.id === query.connection ||
        lc(e.connection?.name ?? "") === lc(query.connection)) &&
      (!query.problemsOnly || e.outcome !== "allowed"),
  );
  return query.limit ? filtered.slice(-query.limit) : filtered;
}

/** The audit files, oldest first, as they are on disk. */
async function auditFiles(dir: string): Promise<{ name: string; text: string }[]> {
  const names = [`${AUDIT_FILE}.1`, AUDIT_FILE];
  return Promise.all(
    names.map(async (name) => ({
      name,
      text: await readFile(join(dir, name), "utf8").catch(() => ""),
    })),
  );
}

/** Checks the audit log's hash chain (mcp-audit.log.1, then mcp-audit.log). */
export async function verifyAudit(dir: string): Promise<ChainReport> {
  return verifyChain(await auditFiles(dir));
}
