/**
 * The open driver sessions by saved connection, held for the owner of live state
 * (live-state.ts), which closes a connection's grids and jobs before its session. A session is
 * replaced when its connection changes, and closed when the connection is edited or removed, when
 * it has been idle with nothing running on it, or when the app stops.
 */
import type { SavedConnection } from "../../core/connections.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { type AppStorage, openSavedConnection } from "../connections/connection-service.ts";

/** A session with nothing running on it is closed after this long without use. */
const SESSION_IDLE_MS = 5 * 60_000;

export interface PooledSession {
  connection: SavedConnection;
  session: DriverSession;
}

interface Held {
  /** The saved connection's state the session was opened with: another one opens anew. */
  version: string;
  open: Promise<PooledSession>;
  lastUsed: number;
}

function versionOf(connection: SavedConnection): string {
  return `${connection.updatedAt}|${JSON.stringify(connection.settings)}`;
}

function stopping(name: string): QuarryError {
  return new QuarryError(
    "app_not_responding",
    `Quarry is stopping: the connection "${name}" was not opened.`,
    "Start Quarry again, then retry.",
  );
}

/**
 * The app's storage, or how to open it when first needed (a CLI run given a URL reads no saved
 * connection, and opens no store).
 */
export type StorageSource = AppStorage | (() => Promise<AppStorage>);

function storageOnce(source: StorageSource): () => Promise<AppStorage> {
  if (typeof source !== "function") return () => Promise.resolve(source);
  let opened: Promise<AppStorage> | undefined;
  return () => {
    opened ??= source();
    return opened;
  };
}

/** How the pool opens a saved connection (openSavedConnection; another in the pool's unit test). */
export type SessionOpener = (
  connection: SavedConnection,
  storage: AppStorage,
) => Promise<PooledSession>;

export class SessionPool {
  readonly #storage: () => Promise<AppStorage>;
  readonly #opener: SessionOpener;
  /** Whether something still works on a connection (a grid, a job): its session is kept. */
  readonly #busy: (connectionId: string) => boolean;
  readonly #held = new Map<string, Held>();
  readonly #sweeper: ReturnType<typeof setInterval>;
  #closed = false;

  constructor(
    storage: StorageSource,
    busy: (connectionId: string) => boolean,
    opener: SessionOpener = openSavedConnection,
  ) {
    this.#storage = storageOnce(storage);
    this.#busy = busy;
    this.#opener = opener;
    this.#sweeper = setInterval(() => this.#closeIdle(), 60_000);
    this.#sweeper.unref();
  }

  /** The session of a saved connection by id, opened once and reused until it is forgotten. */
  async session(connectionId: string): Promise<PooledSession> {
    const held = this.#held.get(connectionId);
    if (held) {
      held.lastUsed = Date.now();
      return held.open;
    }
    // Read once: the session is opened from what was read.
    return this.#open(await (await this.#storage()).connections.require(connectionId));
  }

  /**
   * The session of a connection as the caller just read it, when it is the one the pool holds;
   * undefined when the connection changed since (the owner forgets it, then opens it anew).
   */
  current(connection: SavedConnection): Promise<PooledSession> | undefined {
    const held = this.#held.get(connection.id);
    if (!held || held.version !== versionOf(connection)) return undefined;
    held.lastUsed = Date.now();
    return held.open;
  }

  /** Whether the pool holds a session of the connection (opened or opening). */
  holds(connectionId: string): boolean {
    return this.#held.has(connectionId);
  }

  /** Opens the session of a connection as the caller just read it. */
  open(connection: SavedConnection): Promise<PooledSession> {
    return this.#open(connection);
  }

  /**
   * Lets go of the connection's session, unclosed (the owner closes it once its grids and jobs
   * have ended): what asks for the connection from here on opens a new one.
   */
  detach(connectionId: string): Promise<PooledSession> | undefined {
    const held = this.#held.get(connectionId);
    this.#held.delete(connectionId);
    return held?.open;
  }

  /** Lets go of every session and opens none again: the app is stopping. */
  detachAll(): Promise<PooledSession>[] {
    this.#closed = true;
    clearInterval(this.#sweeper);
    const all = [...this.#held.values()].map((h) => h.open);
    this.#held.clear();
    return all;
  }

  #open(connection: SavedConnection): Promise<PooledSession> {
    const raced = this.#held.get(connection.id);
    if (raced && raced.version === versionOf(connection)) return raced.open;
    const open = this.#closed
      ? Promise.reject(stopping(connection.name))
      : this.#storage().then((storage) => this.#opener(connection, storage));
    const held: Held = { version: versionOf(connection), open, lastUsed: Date.now() };
    this.#held.set(connection.id, held);
    open.catch(() => {
      if (this.#held.get(connection.id) === held) this.#held.delete(connection.id);
    });
    return open;
  }

  #closeIdle(): void {
    const now = Date.now();
    for (const [id, held] of this.#held) {
      if (now - held.lastUsed < SESSION_IDLE_MS || this.#busy(id)) continue;
      this.#held.delete(id);
      void held.open.then((o) => o.session.close()).catch(() => {});
    }
  }
}
