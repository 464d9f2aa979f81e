/**
 * A connection's nodes and the route to each (dispatchers.ts): requests go to the node in use
 * until it stops answering; it is then left out for a while (failover.ts, DEAD_FOR_MS) and the next
 * one takes over. With every node left out, they are tried anyway, longest out first. Routes are
 * made on first use and closed together.
 */

import type { NodeRoute } from "./dispatchers.ts";
import { DEAD_FOR_MS } from "./failover.ts";
import { formatNode, type NodeAddress } from "./routes.ts";

interface Slot {
  node: NodeAddress;
  route?: Promise<NodeRoute>;
  deadUntil: number;
}

export class NodeRoutes {
  readonly #slots: Slot[];
  readonly #open: (node: NodeAddress) => Promise<NodeRoute>;
  readonly #now: () => number;
  #current = 0;

  constructor(
    nodes: NodeAddress[],
    open: (node: NodeAddress) => Promise<NodeRoute>,
    now: () => number = Date.now,
  ) {
    this.#slots = nodes.map((node) => ({ node, deadUntil: 0 }));
    this.#open = open;
    this.#now = now;
  }

  get size(): number {
    return this.#slots.length;
  }

  /** Adds nodes found later (discovery); those known already are kept as they are. */
  add(nodes: NodeAddress[]): void {
    const known = new Set(this.#slots.map((s) => formatNode(s.node)));
    for (const node of nodes)
      if (!known.has(formatNode(node))) this.#slots.push({ node, deadUntil: 0 });
  }

  /** The order to try nodes in: the one in use, then the next ones alive, then the dead ones. */
  order(): number[] {
    const now = this.#now();
    const n = this.#slots.length;
    const ring = Array.from({ length: n }, (_, i) => (this.#current + i) % n);
    const alive = ring.filter((i) => this.#slots[i]!.deadUntil <= now);
    const dead = ring
      .filter((i) => this.#slots[i]!.deadUntil > now)
      .sort((a, b) => this.#slots[a]!.deadUntil - this.#slots[b]!.deadUntil);
    return [...alive, ...dead];
  }

  /** The route to slot i (made once; a tunnel that ended gives a new one). */
  async route(i: number): Promise<NodeRoute> {
    const slot = this.#slots[i]!;
    const made = slot.route ? await slot.route.catch(() => undefined) : undefined;
    if (made?.alive()) return made;
    if (made) void made.close().catch(() => {});
    slot.route = this.#open(slot.node);
    slot.route.catch(() => {
      slot.route = undefined;
    });
    return slot.route;
  }

  /** The node answered: it is the one in use from now on. */
  served(i: number): void {
    this.#slots[i]!.deadUntil = 0;
    this.#current = i;
  }

  failed(i: number): void {
    this.#slots[i]!.deadUntil = this.#now() + DEAD_FOR_MS;
  }

  /** The URL of the node in use (before any route is made: the first). */
  urlOf(i: number, scheme: string): string {
    return `${scheme}://${formatNode(this.#slots[i]!.node)}`;
  }

  get current(): number {
    return this.#current;
  }

  async close(): Promise<void> {
    const routes = this.#slots.map((s) => s.route);
    for (const s of this.#slots) s.route = undefined;
    for (const r of routes) {
      const route = r ? await r.catch(() => undefined) : undefined;
      await route?.close().catch(() => {});
    }
  }
}
