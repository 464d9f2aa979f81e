/**
 * Interleaved rounds at one level of concurrency: every contender is warmed first, then each
 * round runs every contender in turn (the order reversed every other round: A B C, C B A, …, so
 * no side always goes first or last), each client making its calls one after another, all clients
 * at once. Rounds repeat until the watched figures have settled (stats.ts) or the cap is reached.
 */
import { readFileSync } from "node:fs";
import type { Call } from "./setup.ts";
import { median, quantile, type StopRule, shouldStop } from "./stats.ts";

export interface Contender {
  key: string;
  label: string;
  /** One more client (a connection, a process) and its call. */
  open(): Promise<Held>;
  /** The processes that serve this contender besides the bench (servers, bridges). */
  serverPids?: (held: Held[]) => number[];
  /** Those of them that only relay (the stdio bridges): their CPU is also counted apart. */
  relayPids?: (held: Held[]) => number[];
}

export interface Held {
  call: Call;
  close(): Promise<void>;
  pid?: number;
}

export interface Figures {
  p50: number;
  p99: number;
  /** Calls per second over the rounds' wall time. */
  rate: number;
  calls: number;
  /** CPU milliseconds per call: the bench's own (the clients), and the serving processes'. */
  clientCpu: number;
  serverCpu: number;
  /** CPU milliseconds per call of the relaying processes alone (NaN when there are none). */
  relayCpu: number;
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
  clientCpuMs: number;
  serverCpuMs: number;
  relayCpuMs: number;
  /** Whether the contender has relaying processes. */
  relays: boolean;
}

/** CPU milliseconds a process has used (Linux /proc; 0 elsewhere or once it is gone). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
  } catch {
    return 0;
  }
}

export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);

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
  readonly #held = new Map<string, Held[]>();

  async clients(c: Contender, n: number): Promise<Held[]> {
    const list = this.#held.get(c.key) ?? [];
    this.#held.set(c.key, list);
    while (list.length < n) list.push(await c.open());
    return list.slice(0, n);
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
      clientCpu: t.clientCpuMs / t.calls,
      serverCpu: t.serverCpuMs / t.calls,
      relayCpu: t.relays ? t.relayCpuMs / t.calls : Number.NaN,
    });
  return out;
}

export async function runLevel(plan: LevelPlan, pool: ClientPool): Promise<LevelResult> {
  const { clients, contenders, perClient, rule } = plan;
  const calls = new Map<string, Call[]>();
  const pids = new Map<string, number[]>();
  const relayPids = new Map<string, number[]>();
  for (const c of contenders) {
    const held = await pool.clients(c, clients);
    calls.set(
      c.key,
      held.map((h) => h.call),
    );
    pids.set(c.key, c.serverPids?.(held) ?? []);
    relayPids.set(c.key, c.relayPids?.(held) ?? []);
  }
  // Warm every side (connections, JIT, the node's caches) before anything is measured.
  for (const c of contenders) await batch(calls.get(c.key)!, Math.max(5, perClient >> 1));

  const tallies = new Map<string, Tally>(
    contenders.map((c) => [
      c.key,
      {
        latencies: [],
        wallMs: 0,
        calls: 0,
        clientCpuMs: 0,
        serverCpuMs: 0,
        relayCpuMs: 0,
        relays: relayPids.get(c.key)!.length > 0,
      },
    ]),
  );
  const histories: number[][] = [];
  for (let round = 1; ; round++) {
    const order = round % 2 === 1 ? contenders : [...contenders].reverse();
    for (const c of order) {
      const serving = pids.get(c.key)!;
      const relaying = relayPids.get(c.key)!;
      const [mine, theirs, relays] = [process.cpuUsage(), cpuOf(serving), cpuOf(relaying)];
      const { lat, wallMs } = await batch(calls.get(c.key)!, perClient);
      const used = process.cpuUsage(mine);
      const t = tallies.get(c.key)!;
      for (const l of lat) t.latencies.push(l);
      t.wallMs += wallMs;
      t.calls += lat.length;
      t.clientCpuMs += (used.user + used.system) / 1000;
      t.serverCpuMs += cpuOf(serving) - theirs;
      t.relayCpuMs += cpuOf(relaying) - relays;
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
