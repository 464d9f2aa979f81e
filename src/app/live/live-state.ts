/**
 * The one owner of live state in the app (docs/architecture.md, "Who owns a connection's live
 * state"): the open driver sessions by saved connection, the grids open on them (each holding its
 * point in time), the jobs running on them (exports, imports, copies, compares, each holding its
 * scan and point in time), and the sessions opened for one use (a connection test). The UI's API,
 * the MCP server and the CLI (a short-lived instance of its own) reach connections through it and
 * close nothing themselves. Forgetting a connection (an edit, a removal) cancels its jobs and
 * closes its grids, waiting until each has ended, then closes its session; stopping the app does
 * the same for every connection.
 */
import type { SavedConnection } from "../../core/connections.ts";
import type { DriverSession, OpenedGrid } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";
import type { BrowseRequest } from "../../core/grid.ts";
import { GridRegistry } from "./grids.ts";
import { type ConnectionJobs, JobRegistry } from "./jobs.ts";
import {
  type PooledSession,
  type SessionOpener,
  SessionPool,
  type StorageSource,
} from "./session-pool.ts";

export type { PooledSession } from "./session-pool.ts";

/** A grid opened through the owner: its id in the registry, and what the driver answered. */
export interface HeldGrid extends OpenedGrid {
  gridId: string;
}

/** Jobs whose results no page reads (the CLI, the MCP server on its own, tests). */
export function plainJobs(): JobRegistry<Record<string, unknown>, unknown> {
  return new JobRegistry((e) => e);
}

export class LiveState<Jobs extends ConnectionJobs = ConnectionJobs> {
  readonly grids = new GridRegistry();
  readonly jobs: Jobs;
  readonly #pool: SessionPool;
  /** Sessions opened for one use, closed after it (or when the app stops). */
  readonly #once = new Set<DriverSession>();
  /** Counts each connection's forgettings: a grid opened across one is closed, not kept. */
  readonly #forgotten = new Map<string, number>();
  #closed = false;

  constructor(storage: StorageSource, jobs: Jobs, opener?: SessionOpener) {
    this.jobs = jobs;
    this.#pool = new SessionPool(storage, (id) => this.grids.holds(id) || jobs.holds(id), opener);
  }

  /**
   * The session of a saved connection by id, opened once and reused until the connection is
   * forgotten. Opening a saved connection whose driver is missing installs it without asking
   * (docs/architecture.md, "Driver plugins and the app process").
   */
  session(connectionId: string): Promise<PooledSession> {
    return this.#pool.session(connectionId);
  }

  /**
   * The session of a connection as the caller just read it (the MCP server's directory): a
   * connection changed since its session was opened is forgotten first, and opened anew.
   */
  async lend(connection: SavedConnection): Promise<DriverSession> {
    const current = this.#pool.current(connection);
    if (current) return (await current).session;
    if (this.#pool.holds(connection.id)) await this.forget(connection.id);
    return (await this.#pool.open(connection)).session;
  }

  /**
   * Opens a grid on a connection's session and keeps it. A grid whose connection was forgotten
   * while it opened is closed at once rather than kept on a closed session.
   */
  async openGrid(connectionId: string, table: string, first?: BrowseRequest): Promise<HeldGrid> {
    const before = this.#forgotten.get(connectionId) ?? 0;
    const { session } = await this.session(connectionId);
    const opened = await session.grid.openGrid(table, first);
    if ((this.#forgotten.get(connectionId) ?? 0) !== before || this.#closed) {
      await opened.view.close().catch(() => {});
      throw closedWhileOpening(table);
    }
    return { ...opened, gridId: this.grids.add(connectionId, table, opened.view) };
  }

  /**
   * Runs `body` with a session of its own (settings not saved yet, a test of a saved connection,
   * a URL given to the CLI), closed after it or, when the app stops first, by the stop.
   */
  async once<T>(
    open: () => DriverSession | Promise<DriverSession>,
    body: (session: DriverSession) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) throw stopping();
    const session = await open();
    this.#once.add(session);
    try {
      return await body(session);
    } finally {
      // Unless the stop closed it already.
      if (this.#once.delete(session)) await session.close();
    }
  }

  /**
   * Forgets a connection (edited or removed): its jobs are cancelled and its grids closed, each
   * waited for until it has ended (their points in time closed), then its session is closed. What
   * asks for the connection from here on opens a new session.
   */
  async forget(connectionId: string): Promise<void> {
    this.#forgotten.set(connectionId, (this.#forgotten.get(connectionId) ?? 0) + 1);
    const session = this.#pool.detach(connectionId);
    await Promise.all([this.jobs.cancelFor(connectionId), this.grids.closeFor(connectionId)]);
    await closeSession(session);
  }

  /** The app is stopping: every job cancelled and grid closed, then every session. */
  async close(): Promise<void> {
    this.#closed = true;
    const sessions = this.#pool.detachAll();
    await Promise.all([this.jobs.cancelAll(), this.grids.closeAll()]);
    const once = [...this.#once];
    this.#once.clear();
    await Promise.all([
      ...sessions.map(closeSession),
      ...once.map((s) => s.close().catch(() => {})),
    ]);
  }
}

async function closeSession(open: Promise<PooledSession> | undefined): Promise<void> {
  await open?.then((o) => o.session.close()).catch(() => {});
}

function closedWhileOpening(table: string): QuarryError {
  return new QuarryError(
    "invalid_input",
    `The connection changed while the grid of ${table} opened: the grid was closed.`,
    "Reopen the table from the sidebar.",
    { status: 409 },
  );
}

function stopping(): QuarryError {
  return new QuarryError(
    "app_not_responding",
    "Quarry is stopping: the connection was not opened.",
    "Start Quarry again, then retry.",
  );
}
