/**
 * The grids the UI keeps open, each on its connection's pooled session (held by the owner of live
 * state, live-state.ts): a grid holds its point in time (when paging past the result window) until
 * the page closes it, leaves it idle for 15 minutes, or its connection is forgotten.
 */
import { randomUUID } from "node:crypto";
import type { GridView } from "../../core/driver.ts";
import { QuarryError } from "../../core/errors.ts";

const GRID_IDLE_MS = 15 * 60_000;

export interface OpenGrid {
  connectionId: string;
  table: string;
  view: GridView;
  lastUsed: number;
}

export class GridRegistry {
  readonly #grids = new Map<string, OpenGrid>();
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor() {
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  add(connectionId: string, table: string, view: GridView): string {
    const id = randomUUID();
    this.#grids.set(id, { connectionId, table, view, lastUsed: Date.now() });
    return id;
  }

  get(id: string): OpenGrid {
    const g = this.#grids.get(id);
    if (!g) {
      throw new QuarryError(
        "invalid_input",
        "This grid was closed (it was idle, or Quarry restarted).",
        "Reopen the table from the sidebar.",
        { status: 404 },
      );
    }
    g.lastUsed = Date.now();
    return g;
  }

  /** Whether a connection has grids open (its session is then never closed as idle). */
  holds(connectionId: string): boolean {
    for (const g of this.#grids.values()) if (g.connectionId === connectionId) return true;
    return false;
  }

  async close(id: string): Promise<void> {
    const g = this.#grids.get(id);
    this.#grids.delete(id);
    await g?.view.close();
  }

  async closeFor(connectionId: string): Promise<void> {
    const ids = [...this.#grids]
      .filter(([, g]) => g.connectionId === connectionId)
      .map(([id]) => id);
    await Promise.all(ids.map((id) => this.close(id).catch(() => {})));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#grids.keys()].map((id) => this.close(id).catch(() => {})));
  }

  #sweep(): void {
    const now = Date.now();
    for (const [id, g] of this.#grids) {
      if (now - g.lastUsed > GRID_IDLE_MS) this.close(id).catch(() => {});
    }
  }
}
