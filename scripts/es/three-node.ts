/**
 * A real three-node 8.x cluster on loopback for the fault tests (test/faults): three processes
 * that find each other through `discovery.seed_hosts`, with their own cluster name, ports and data
 * folders, apart from the shared single nodes es7/es8/es8-secure (which this module never touches).
 *
 * A test may SIGKILL one node by its pid and start it again (`killNode`, `startNode`); the state
 * file always holds the pid of every node this module started, so `downThreeNode` stops them all,
 * restarted ones included.
 */
import { spawn } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import {
  asEsUser,
  chownToEsUser,
  ensureDistribution,
  ensureEsUser,
  ensureNodeFolders,
  envArgs,
  groupAlive,
  isAlive,
  logTail,
} from "./cluster.ts";
import { javaHomeFor } from "./java-runtime.ts";
import { ES8_VERSION, type RunningNode } from "./nodes.ts";
import { runDir } from "./paths.ts";

export const FAULT_CLUSTER_NAME = "quarry-faults";
const HEAP = "-Xms320m -Xmx320m";
const START_TIMEOUT_MS = 240_000;
const STOP_GRACE_MS = 30_000;

export interface FaultNodeSpec {
  name: string;
  httpPort: number;
  transportPort: number;
}

export const FAULT_NODE_SPECS: readonly FaultNodeSpec[] = [
  { name: "faults-1", httpPort: 19241, transportPort: 19341 },
  { name: "faults-2", httpPort: 19242, transportPort: 19342 },
  { name: "faults-3", httpPort: 19243, transportPort: 19343 },
];

export type FaultNodeName = "faults-1" | "faults-2" | "faults-3";

export interface FaultClusterState {
  nodes: RunningNode[];
}

const log = (msg: string) => process.stderr.write(`[es three-node] ${msg}\n`);

export function faultClusterDir(): string {
  return join(runDir(), "three-node");
}

/** The snapshot folder the three nodes share (their `path.repo`). */
export function faultSnapshotPath(): string {
  return join(faultClusterDir(), "snapshots");
}

function stateFile(): string {
  return join(faultClusterDir(), "state.json");
}

function nodeHome(name: string): string {
  return join(faultClusterDir(), name);
}

function specOf(name: string): FaultNodeSpec {
  const spec = FAULT_NODE_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`${name} is not a node of the three-node cluster`);
  return spec;
}

export function readThreeNodeState(): FaultClusterState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(), "utf8")) as FaultClusterState;
  } catch {
    return undefined;
  }
}

function writeState(state: FaultClusterState): void {
  mkdirSync(faultClusterDir(), { recursive: true });
  const tmp = `${stateFile()}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, stateFile());
}

/** Replaces one node's entry in the state file (the others are left as they are). */
function saveNode(node: RunningNode): void {
  const nodes = (readThreeNodeState()?.nodes ?? []).filter((n) => n.name !== node.name);
  nodes.push(node);
  nodes.sort((a, b) => a.name.localeCompare(b.name));
  writeState({ nodes });
}

function settings(spec: FaultNodeSpec, home: string): string[] {
  const hosts = FAULT_NODE_SPECS.map((s) => `"127.0.0.1:${s.transportPort}"`).join(", ");
  const names = FAULT_NODE_SPECS.map((s) => `"${s.name}"`).join(", ");
  return [
    `cluster.name: ${FAULT_CLUSTER_NAME}`,
    `node.name: ${spec.name}`,
    `path.data: ${join(home, "data")}`,
    `path.logs: ${join(home, "logs")}`,
    // One folder for all three: an `fs` repository must be shared by every node (docs/testing.md).
    `path.repo: ${faultSnapshotPath()}`,
    "network.host: 127.0.0.1",
    `http.port: ${spec.httpPort}`,
    `transport.port: ${spec.transportPort}`,
    `discovery.seed_hosts: [${hosts}]`,
    // Read only when the cluster forms for the first time (fresh data folders on every `up`).
    `cluster.initial_master_nodes: [${names}]`,
    "xpack.security.enabled: false",
    "cluster.routing.allocation.disk.threshold_enabled: false",
    "action.destructive_requires_name: false",
    // Expired points in time are freed within a second (default: every minute), so a test that
    // lets one expire can wait for the cluster to show it gone.
    "search.keep_alive_interval: 1s",
  ];
}

function esEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ES_JAVA_HOME: javaHomeFor("elasticsearch", ES8_VERSION),
    ES_PATH_CONF: join(home, "config"),
    ES_JAVA_OPTS: HEAP,
  };
}

function describe(spec: FaultNodeSpec, pid: number, pgid: number): RunningNode {
  return {
    name: spec.name,
    product: "elasticsearch",
    url: `http://127.0.0.1:${spec.httpPort}`,
    version: ES8_VERSION,
    secured: false,
    pid,
    pgid,
    logPath: join(nodeHome(spec.name), "logs", `${FAULT_CLUSTER_NAME}.log`),
    snapshotPath: faultSnapshotPath(),
  };
}

function launch(spec: FaultNodeSpec, dist: string): RunningNode {
  const home = nodeHome(spec.name);
  const pidFile = join(home, "es.pid");
  rmSync(pidFile, { force: true });
  const out = openSync(join(home, "logs", "stdout.log"), "w");
  const [cmd, args] = asEsUser(
    "env",
    envArgs(esEnv(home), join(dist, "bin", "elasticsearch"), ["-p", pidFile]),
  );
  // detached: the launcher leads its own process group, so stopping reaches the whole tree.
  const child = spawn(cmd, args, { cwd: home, detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  child.unref();
  if (!child.pid) throw new Error(`could not start ${spec.name}`);
  const node = describe(spec, child.pid, child.pid);
  saveNode(node); // saved at once, so `down` can stop a node that never becomes ready
  return node;
}

/** The server's own pid (the JVM that serves), written by Elasticsearch once it started. */
function serverPid(name: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(nodeHome(name), "es.pid"), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function health(
  url: string,
  query: string,
): Promise<{ status?: string; number_of_nodes?: number; timed_out?: boolean } | undefined> {
  try {
    const res = await request(`${url}/_cluster/health?${query}`, {
      headersTimeout: 40_000,
      bodyTimeout: 40_000,
    });
    const body = (await res.body.json()) as {
      status?: string;
      number_of_nodes?: number;
      timed_out?: boolean;
    };
    return res.statusCode === 200 ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until `node` answers and the cluster it sees has `nodes` nodes, at `status` or better. */
async function waitReady(node: RunningNode, nodes: number, status: "yellow" | "green") {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!groupAlive(node.pgid)) {
      throw new Error(`${node.name} exited during start-up. Last log lines:\n${logTail(node)}`);
    }
    const h = await health(
      node.url,
      `wait_for_nodes=${nodes}&wait_for_status=${status}&timeout=2s`,
    );
    if (h && !h.timed_out) return;
    await sleep(500);
  }
  throw new Error(`${node.name} did not join a cluster of ${nodes} in time:\n${logTail(node)}`);
}

/**
 * Starts the three nodes on fresh data folders and waits for a green cluster of three. A cluster
 * this module left running (all three alive) is reused.
 */
export async function upThreeNode(): Promise<FaultClusterState> {
  const previous = readThreeNodeState();
  if (previous?.nodes.length === 3 && previous.nodes.every((n) => isAlive(n.pid))) {
    const first = previous.nodes[0] as RunningNode;
    if (await health(first.url, "wait_for_nodes=3&wait_for_status=green&timeout=30s"))
      return previous;
  }
  await downThreeNode();
  ensureEsUser();
  const dist = ensureDistribution(ES8_VERSION);
  mkdirSync(faultClusterDir(), { recursive: true });
  rmSync(faultSnapshotPath(), { recursive: true, force: true });
  mkdirSync(faultSnapshotPath(), { recursive: true });
  chownToEsUser(faultSnapshotPath());
  for (const spec of FAULT_NODE_SPECS) {
    const home = nodeHome(spec.name);
    rmSync(join(home, "data"), { recursive: true, force: true });
    rmSync(join(home, "logs"), { recursive: true, force: true });
    const config = ensureNodeFolders(dist, home, javaHomeFor("elasticsearch", ES8_VERSION));
    writeFileSync(join(config, "elasticsearch.yml"), `${settings(spec, home).join("\n")}\n`);
    chownToEsUser(home);
  }
  log(`starting ${FAULT_NODE_SPECS.map((s) => `${s.name} (:${s.httpPort})`).join(", ")}`);
  const started = FAULT_NODE_SPECS.map((spec) => launch(spec, dist));
  try {
    await Promise.all(started.map((n) => waitReady(n, 3, "green")));
  } catch (e) {
    await downThreeNode();
    throw e;
  }
  for (const n of started) saveNode({ ...n, pid: serverPid(n.name) ?? n.pid });
  return readThreeNodeState() as FaultClusterState;
}

/** Starts one node again on its existing data (after `killNode`) and waits until it rejoined. */
export async function startNode(name: FaultNodeName): Promise<RunningNode> {
  const spec = specOf(name);
  const current = readThreeNodeState()?.nodes.find((n) => n.name === name);
  if (current && (isAlive(current.pid) || groupAlive(current.pgid))) {
    throw new Error(`${name} is still running (pid ${current.pid})`);
  }
  const dist = ensureDistribution(ES8_VERSION);
  log(`starting ${name} again`);
  const node = launch(spec, dist);
  await waitReady(node, 3, "yellow");
  const ready = { ...node, pid: serverPid(name) ?? node.pid };
  saveNode(ready);
  return ready;
}

/** SIGKILL to the node's server process, by its pid; returns once its whole process group ended. */
export async function killNode(name: FaultNodeName): Promise<void> {
  const node = readThreeNodeState()?.nodes.find((n) => n.name === name);
  if (!node) throw new Error(`${name} was not started by the three-node cluster`);
  try {
    process.kill(node.pid, "SIGKILL");
  } catch {
    // already gone
  }
  // The launcher ends with its server; what is left of the group after a while is killed too.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (isAlive(node.pid) || groupAlive(node.pgid))) await sleep(50);
  if (groupAlive(node.pgid)) signalGroup(node, "SIGKILL");
}

function signalGroup(node: RunningNode, sig: NodeJS.Signals): void {
  for (const target of [node.pid, -node.pgid]) {
    try {
      process.kill(target, sig);
    } catch {
      // already gone
    }
  }
}

/** Stops every node this module started (SIGTERM, then SIGKILL after 30 s), by pid. */
export async function downThreeNode(): Promise<string[]> {
  const state = readThreeNodeState();
  if (!state) return [];
  const alive = (n: RunningNode) => isAlive(n.pid) || groupAlive(n.pgid);
  const stopped = state.nodes.filter(alive);
  for (const n of stopped) signalGroup(n, "SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline && stopped.some(alive)) await sleep(200);
  for (const n of stopped.filter(alive)) signalGroup(n, "SIGKILL");
  rmSync(stateFile(), { force: true });
  return stopped.map((n) => n.name);
}
