/**
 * The one owner of live connections in the app (docs/architecture.md, "Who owns a connection's live
 * state"): the open driver sessions by saved connection, and the grids open on them (each holding
 * its point in time). The UI's API and the MCP server both borrow from it and close nothing
 * themselves. A session is replaced when its connection changes, and closed, after its grids, when
 * the connection is edited or removed, when it has been idle with no grid open, or when the app
 * stops.
 */
import type { SavedConnection } from "../../core/connections.ts";
import type { DriverSession } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import { type AppStorage, openSavedConnection } from "./connection-service.ts";
import { GridRegistry } from "./grids.ts";

/** A session with no grid open is closed after this long without use. */
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

/** How the pool opens a saved connection (openSavedConnection; another in the pool's unit test). */
export type SessionOpener = (
  connection: SavedConnection,
  storage: AppStorage,
) => Promise<PooledSession>;

export class SessionPool {
  /** The grids open on the pooled sessions; the pool closes them before their session. */
  readonly grids = new GridRegistry();
  readonly #storage: AppStorage;
  readonly #opener: SessionOpener;
  readonly #held = new Map<string, Held>();
  readonly #sweeper: ReturnType<typeof setInterval>;
  #closed = false;

  constructor(storage: AppStorage, opener: SessionOpener = openSavedConnection) {
    this.#storage = storage;
    this.#opener = opener;
    this.#sweeper = setInterval(() => this.#closeIdle(), 60_000);
    this.#sweeper.unref();
  }

  /**
   * The session of a saved connection by id, opened once and reused until the connection is
   * edited or removed (the UI's API, which tells the pool through `forget`).
   */
  async session(connectionId: string): Promise<PooledSession> {
    const held = this.#held.get(connectionId);
    if (held) {
      held.lastUsed = Date.now();
      return held.open;
    }
    // Read once: the session is opened from what was read.
    return this.#open(await this.#storage.connections.require(connectionId));
  }

  /**
   * The session of a connection as the caller just read it (the MCP server's directory): a
   * connection changed since its session was opened gets a new one, the old closed with its grids.
   */
  async lend(connection: SavedConnection): Promise<DriverSession> {
    const held = this.#held.get(connection.id);
    if (held && held.version === versionOf(connection)) {
      held.lastUsed = Date.now();
      return (await held.open).session;
    }
    if (held) await this.forget(connection.id);
    return (await this.#open(connection)).session;
  }

  /** Closes a connection's grids, then its session (an edit or a removal). */
  async forget(connectionId: string): Promise<void> {
    const held = this.#held.get(connectionId);
    this.#held.delete(connectionId);
    await this.grids.closeFor(connectionId);
    if (held) await held.open.then((o) => o.session.close()).catch(() => {});
  }

  /** Closes every grid, then every session: the app is stopping. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweeper);
    await this.grids.closeAll();
    const all = [...this.#held.values()];
    this.#held.clear();
    await Promise.all(all.map((h) => h.open.then((o) => o.session.close()).catch(() => {})));
  }

  #open(connection: SavedConnection): Promise<PooledSession> {
    const raced = this.#held.get(connection.id);
    if (raced && raced.version === versionOf(connection)) return raced.open;
    const open = this.#closed
      ? Promise.reject(stopping(connection.name))
      : this.#opener(connection, this.#storage);
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
      if (now - held.lastUsed < SESSION_IDLE_MS || this.grids.holds(id)) continue;
      this.#held.delete(id);
      void held.open.then((o) => o.session.close()).catch(() => {});
    }
  }
}
