/**
 * User MCP tokens in `mcp-tokens.json` in the app data folder (0600, written atomically under a
 * lock, since the CLI and the app both read it and the CLI writes it). A token is 256 random bits,
 * shown once at creation; the file keeps only a random salt and SHA-256(salt, token), plus a short
 * public prefix that names the token in lists and narrows the lookup. Verification compares
 * hashes in constant time.
 *
 * Why SHA-256 and not a slow password hash: a token has 256 bits of entropy, so no dictionary or
 * brute force applies; a slow hash would only add its cost to every request.
 *
 * The app (the MCP server) reads the file again when it changes (checked by stat on every
 * verification, and by a folder watch for revocations), so a token the CLI creates or revokes
 * takes effect at once in the running app. The one thing the app writes is `lastUsedAt`
 * (Settings' Last used): at most once a minute per token (TOKEN_USE_RESOLUTION_MS), after the
 * call that used it has been let through, under the same lock and atomic replace as every change.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { type FSWatcher, readFileSync, statSync, watch } from "node:fs";
import { join } from "node:path";
import { errors } from "../../core/errors.ts";
import type { TokenCheck, TokenDirectory } from "../../mcp/policy/stores.ts";
import {
  looksLikeToken,
  publicPrefix,
  type StoredToken,
  shouldRecordUse,
  TOKEN_PREFIX,
  TOKEN_RANDOM_BYTES,
  type TokenScope,
  tokenNameProblem,
  tokenStatus,
} from "../../mcp/policy/tokens.ts";
import { readJsonFile, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

export const TOKENS_FILE = "mcp-tokens.json";
const FORMAT_VERSION = 1;

interface TokensFile {
  version: number;
  tokens: StoredToken[];
}

export interface NewToken {
  name: string;
  scope: TokenScope;
  /** Connection ids; null for every connection. */
  connections: string[] | null;
  /** Lifetime in ms from now; null for a token that never expires. */
  lifetimeMs: number | null;
}

/** Mints a token: the prefix and 32 random bytes in base64url. */
export function mintToken(): string {
  return TOKEN_PREFIX + randomBytes(TOKEN_RANDOM_BYTES).toString("base64url");
}

export function hashToken(salt: string, token: string): string {
  return createHash("sha256")
    .update(Buffer.from(salt, "base64"))
    .update(token, "utf8")
    .digest("hex");
}

/** Constant-time comparison of a presented token with a stored record. */
export function tokenMatches(record: Pick<StoredToken, "salt" | "hash">, token: string): boolean {
  const expected = Buffer.from(record.hash, "hex");
  const actual = Buffer.from(hashToken(record.salt, token), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export class TokenStore implements TokenDirectory {
  readonly dir: string;
  readonly path: string;
  readonly #lockPath: string;
  readonly #now: () => number;
  #cache: { key: string; tokens: StoredToken[] } | undefined;
  /** Uses not written yet: token id → ms. */
  readonly #uses = new Map<string, number>();
  /** The last use written or being written, per token, so a burst of calls writes once. */
  readonly #recorded = new Map<string, number>();
  #writingUses: Promise<void> | undefined;

  constructor(dir: string, now: () => number = Date.now) {
    this.dir = dir;
    this.path = join(dir, TOKENS_FILE);
    this.#lockPath = `${this.path}.lock`;
    this.#now = now;
  }

  async list(): Promise<StoredToken[]> {
    return (await this.#read()).tokens;
  }

  /** Creates a token and returns it with its record. The token itself is never stored. */
  async create(input: NewToken): Promise<{ token: string; record: StoredToken }> {
    const name = input.name.trim();
    const problem = tokenNameProblem(name);
    if (problem)
      throw errors.invalidConfig(
        "Token name",
        problem,
        "Choose a short name, e.g. claude-desktop.",
      );
    const token = mintToken();
    const salt = randomBytes(16).toString("base64");
    const now = this.#now();
    const record: StoredToken = {
      id: randomUUID(),
      name,
      prefix: publicPrefix(token),
      salt,
      hash: hashToken(salt, token),
      scope: input.scope,
      connections: input.connections ? [...new Set(input.connections)] : null,
      createdAt: new Date(now).toISOString(),
      expiresAt: input.lifetimeMs === null ? null : new Date(now + input.lifetimeMs).toISOString(),
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.#change((file) => {
      const clash = file.tokens.find(
        (t) => !t.revokedAt && t.name.toLowerCase() === name.toLowerCase(),
      );
      if (clash)
        throw errors.invalidConfig(
          "Token name",
          `a live token is already named "${clash.name}"`,
          "Choose another name, or revoke that token first (quarry tokens revoke).",
          "Choose another name, or revoke that token first (Revoke, in the list of tokens).",
        );
      file.tokens.push(record);
    });
    return { token, record };
  }

  /**
   * Revokes the live token with this name, id or public prefix. The record stays (as revoked) so
   * the audit log's entries keep a name; the running app ends the token's requests at once.
   */
  async revoke(nameOrId: string): Promise<StoredToken> {
    return this.#change((file) => {
      const key = nameOrId.trim();
      const live = file.tokens.filter((t) => !t.revokedAt);
      const found =
        live.find((t) => t.id === key || t.prefix === key) ??
        live.find((t) => t.name.toLowerCase() === key.toLowerCase());
      if (!found)
        throw errors.invalidConfig(
          "Token",
          `no live token is named "${key}"`,
          live.length
            ? `Use one of: ${live.map((t) => t.name).join(", ")} (quarry tokens list).`
            : "There are no live tokens (quarry tokens list).",
          "It may have been revoked meanwhile: the list of tokens shows the live ones.",
        );
      found.revokedAt = new Date(this.#now()).toISOString();
      return { ...found };
    });
  }

  /**
   * Checks a presented token against the file as it is now. Synchronous and cheap: the file is
   * parsed again only when its stat changes.
   */
  check(presented: string, nowMs: number = this.#now()): TokenCheck {
    if (!looksLikeToken(presented)) return { ok: false, reason: "unknown" };
    const prefix = publicPrefix(presented);
    for (const t of this.#cached()) {
      if (t.prefix !== prefix || !tokenMatches(t, presented)) continue;
      const status = tokenStatus(t, nowMs);
      return status === "active" ? { ok: true, token: t } : { ok: false, reason: status, token: t };
    }
    return { ok: false, reason: "unknown" };
  }

  /** The record of a token by id, as the file is now (for re-checking in-flight requests). */
  byId(id: string): StoredToken | undefined {
    return this.#cached().find((t) => t.id === id);
  }

  /**
   * Notes that the MCP server accepted the token at `nowMs`. Returns at once; the write follows,
   * and only when the last use on record is a minute old or more (TOKEN_USE_RESOLUTION_MS).
   */
  recordUse(id: string, nowMs: number = this.#now()): void {
    const last = this.#recorded.get(id) ?? Date.parse(this.byId(id)?.lastUsedAt ?? "");
    if (!shouldRecordUse(last, nowMs)) return;
    this.#recorded.set(id, nowMs);
    this.#uses.set(id, nowMs);
    this.#startWritingUses();
  }

  /** Resolves once the uses noted so far are written (or failed to be). */
  async settled(): Promise<void> {
    while (this.#writingUses) await this.#writingUses;
  }

  #startWritingUses(): void {
    if (this.#writingUses) return;
    this.#writingUses = this.#writeUses().finally(() => {
      this.#writingUses = undefined;
      if (this.#uses.size > 0) this.#startWritingUses();
    });
  }

  async #writeUses(): Promise<void> {
    // Uses noted while one write waits for the lock go into the next write, together.
    while (this.#uses.size > 0) {
      const uses = new Map(this.#uses);
      this.#uses.clear();
      try {
        // Not #change: that creates the folder, and a folder removed meanwhile (an app data
        // folder deleted, a test's temporary one) must stay removed. Then the lock fails here.
        await withFileLock(this.#lockPath, async () => {
          const file = await this.#read();
          let changed = false;
          for (const t of file.tokens) {
            const at = uses.get(t.id);
            if (at === undefined) continue;
            // Not "only if later": a time on record in the future (the clock was set back) is
            // corrected too. The running app is the only writer of this field.
            t.lastUsedAt = new Date(at).toISOString();
            changed = true;
          }
          if (changed) await this.#write(file);
        });
      } catch {
        // Last used is a convenience: a file that cannot be written (a full disk, a file being
        // repaired) must not refuse or slow a call. The next use after a minute tries again.
      }
    }
  }

  /** Calls `onChange` (debounced) whenever the tokens file is replaced. Returns a stop function. */
  watch(onChange: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(this.dir, { persistent: false }, (_event, file) => {
        if (file !== null && file !== TOKENS_FILE) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, 20);
      });
    } catch {
      // No folder yet, or no watch support: checks by stat on each request still apply.
    }
    return () => {
      clearTimeout(timer);
      watcher?.close();
    };
  }

  #cached(): StoredToken[] {
    let key: string;
    try {
      const st = statSync(this.path);
      key = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      this.#cache = { key: "none", tokens: [] };
      return [];
    }
    if (this.#cache?.key === key) return this.#cache.tokens;
    try {
      const parsed = JSON.parse(readFileSync(this.path, "utf8")) as TokensFile;
      this.#cache = { key, tokens: Array.isArray(parsed.tokens) ? parsed.tokens : [] };
    } catch {
      // A file that cannot be read authenticates nobody (fail closed); the CLI reports why.
      this.#cache = { key, tokens: [] };
    }
    return this.#cache.tokens;
  }

  async #read(): Promise<TokensFile> {
    const file = await readJsonFile<TokensFile>(this.path, {
      version: FORMAT_VERSION,
      tokens: [],
    });
    if (!Array.isArray(file.tokens))
      throw errors.storageFailed(
        `The file ${this.path} has no "tokens" list`,
        `Quarry has not changed it. Repair it, or move it aside and create tokens again.`,
        { path: this.path },
      );
    return file;
  }

  async #change<T>(mutate: (file: TokensFile) => T): Promise<T> {
    await ensurePrivateDir(this.dir);
    return withFileLock(this.#lockPath, async () => {
      const file = await this.#read();
      const result = mutate(file);
      await this.#write(file);
      return result;
    });
  }

  async #write(file: TokensFile): Promise<void> {
    file.version = FORMAT_VERSION;
    await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  }
}
