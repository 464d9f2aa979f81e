/**
 * Interleaved rounds at one level of concurrency: every contender is warmed first, then each
 * round runs every contender in turn (the order reversed every other round: A B C, C B A, …, so
 * no side always goes first or last), each client making its calls one after another, all clients
 * at once. Rounds repeat until the watched figures have settled (stats.ts) or the cap is reached.
 */
import type { Call } from "./setup.ts";
import { median, quantile, type StopRule, shouldStop } from "./stats.ts";

export interface Contender {
  key: string;
  label: string;
  /** One more client (a connection, a process) and its call. */
  open(): Promise<{ call: Call; close(): Promise<void> }>;
}

export interface Figures {
  p50: number;
  p99: number;
  /** Calls per second over the rounds' wall time. */
  rate: number;
  calls: number;
}

export interface LevelResult {
  clients: number;
  rounds: number;
  stable: boolean;
  figures: Map<string, Figures>;
}

interface Tally {
  latencies: number[];
  wallMs: number;
  calls: number;
}

/** `perClient` calls by each client, all clients at once: each call's latency and the wall time. */
async function batch(calls: Call[], perClient: number): Promise<{ lat: number[]; wallMs: number }> {
  const lat: number[] = [];
  const started = performance.now();
  await Promise.all(
    calls.map(async (call) => {
      for (let i = 0; i < perClient; i++) {
        const t = performance.now();
        await call();
        lat.push(performance.now() - t);
      }
    }),
  );
  return { lat, wallMs: performance.now() - started };
}

/** Clients of each contender, opened as levels need more; closed at the end. */
export class ClientPool {
  readonly #held = new Map<string, { call: Call; close(): Promise<void> }[]>();

  async calls(c: Contender, n: number): Promise<Call[]> {
    const list = this.#held.get(c.key) ?? [];
    this.#held.set(c.key, list);
    while (list.length < n) list.push(await c.open());
    return list.slice(0, n).map((h) => h.call);
  }

  async closeAll(): Promise<void> {
    const all = [...this.#held.values()].flat();
    this.#held.clear();
    await Promise.allSettled(all.map((h) => h.close()));
  }
}

export interface LevelPlan {
  clients: number;
  contenders: Contender[];
  /** Calls each client makes per round (and, halved, to warm up). */
  perClient: number;
  rule: StopRule;
  /** The figures whose settling ends the rounds, from the tallies so far. */
  watched: (figures: Map<string, Figures>) => number[];
  onRound?: (round: number, figures: Map<string, Figures>, stable: boolean) => void;
}

function figuresOf(tallies: Map<string, Tally>): Map<string, Figures> {
  const out = new Map<string, Figures>();
  for (const [key, t] of tallies)
    out.set(key, {
      p50: median(t.latencies),
      p99: quantile(t.latencies, 0.99),
      rate: t.wallMs > 0 ? (t.calls * 1000) / t.wallMs : 0,
      calls: t.calls,
    });
  return out;
}

export async function runLevel(plan: LevelPlan, pool: ClientPool): Promise<LevelResult> {
  const { clients, contenders, perClient, rule } = plan;
  const calls = new Map<string, Call[]>();
  for (const c of contenders) calls.set(c.key, await pool.calls(c, clients));
  // Warm every side (connections, JIT, the node's caches) before anything is measured.
  for (const c of contenders) await batch(calls.get(c.key)!, Math.max(5, perClient >> 1));

  const tallies = new Map<string, Tally>(
    contenders.map((c) => [c.key, { latencies: [], wallMs: 0, calls: 0 }]),
  );
  const histories: number[][] = [];
  for (let round = 1; ; round++) {
    const order = round % 2 === 1 ? contenders : [...contenders].reverse();
    for (const c of order) {
      const { lat, wallMs } = await batch(calls.get(c.key)!, perClient);
      const t = tallies.get(c.key)!;
      for (const l of lat) t.latencies.push(l);
      t.wallMs += wallMs;
      t.calls += lat.length;
    }
    const figures = figuresOf(tallies);
    plan.watched(figures).forEach((v, i) => {
      histories[i] ??= [];
      histories[i]!.push(v);
    });
    const { stop, stable } = shouldStop(round, histories, rule);
    plan.onRound?.(round, figures, stable);
    if (stop) return { clients, rounds: round, stable, figures };
  }
}
