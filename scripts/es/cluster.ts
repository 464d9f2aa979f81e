/**
 * Real Elasticsearch (and one OpenSearch) nodes for development and tests, without Docker: the
 * integ-test-zip distributions from Maven Central, run on loopback with the machine's Java 17, or
 * the Java 21 runtime from PyPI for 9.x (java-runtime.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent, request } from "undici";
import { ensureSecurityAnalysisPlugin } from "./analysis-plugin.ts";
import { clientCertPaths, ensureClientCertificates } from "./client-certs.ts";
import { ensureEsqlModules } from "./esql-modules.ts";
import { javaHomeFor } from "./java-runtime.ts";
import { NODE_SPECS, type NodeSpec, type RunningNode } from "./nodes.ts";
import { cacheDir, runDir, stateFile } from "./paths.ts";
import { ensureReindexModule } from "./reindex-plugin.ts";
import { fitEntitlementJar, fitJvmOptions } from "./runtime-fit.ts";

const ES_USER = "quarry-es";
const HEAP = "-Xms384m -Xmx384m";
const START_TIMEOUT_MS = 240_000;

const log = (msg: string) => process.stderr.write(`[es] ${msg}\n`);

export function run(
  cmd: string,
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
) {
  return execFileSync(cmd, args, {
    input: opts.input,
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ["pipe", "pipe", "pipe"],
  }).toString();
}

export const isRoot = () => process.getuid?.() === 0;

/** Commands run as the unprivileged user when we are root (Elasticsearch refuses root). */
export function asEsUser(cmd: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", ES_USER, "--", cmd, ...args]] : [cmd, args];
}

export function ensureEsUser(): void {
  if (!isRoot()) return;
  try {
    run("id", ["-u", ES_USER]);
  } catch {
    log(`creating the unprivileged user ${ES_USER}`);
    run("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", ES_USER]);
  }
}

export function chownToEsUser(path: string): void {
  if (isRoot()) run("chown", ["-R", `${ES_USER}:${ES_USER}`, path]);
}

type Product = NodeSpec["product"];

/** Maven coordinates of each product's integ-test-zip. */
const GROUP: Record<Product, string> = {
  elasticsearch: "org.elasticsearch.distribution.integ-test-zip",
  opensearch: "org.opensearch.distribution.integ-test-zip",
};

/** The launcher's names, which differ between Elasticsearch and its fork. */
const LAUNCH: Record<Product, { bin: string; javaHome: string; conf: string; opts: string }> = {
  elasticsearch: {
    bin: "elasticsearch",
    javaHome: "ES_JAVA_HOME",
    conf: "ES_PATH_CONF",
    opts: "ES_JAVA_OPTS",
  },
  opensearch: {
    bin: "opensearch",
    javaHome: "OPENSEARCH_JAVA_HOME",
    conf: "OPENSEARCH_PATH_CONF",
    opts: "OPENSEARCH_JAVA_OPTS",
  },
};

/** Fetches the zip with the machine's Maven into the cache; a second run finds it there. */
export function ensureZip(version: string, product: Product = "elasticsearch"): string {
  const dir = cacheDir();
  const zip = join(dir, `${product}-${version}.zip`);
  if (existsSync(zip)) return zip;
  mkdirSync(dir, { recursive: true });
  log(`downloading the ${product} ${version} integ-test-zip from Maven Central`);
  run("mvn", [
    "-B",
    "-q",
    "dependency:copy",
    `-Dartifact=${GROUP[product]}:${product}:${version}:zip`,
    `-DoutputDirectory=${dir}`,
  ]);
  if (!existsSync(zip)) throw new Error(`Maven did not produce ${zip}`);
  return zip;
}

/** Unpacks once per version; the unpacked tree is shared read-only by every node of that version. */
export function ensureDistribution(version: string, product: Product = "elasticsearch"): string {
  const home = join(runDir(), "dist", `${product}-${version}`);
  if (existsSync(join(home, "bin", LAUNCH[product].bin))) return home;
  const zip = ensureZip(version, product);
  const tmp = join(runDir(), "dist", `.unpack-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  run("unzip", ["-q", zip, "-d", tmp]);
  if (product === "elasticsearch")
    fitEntitlementJar(join(tmp, `${product}-${version}`), javaHomeFor(product, version));
  renameSync(join(tmp, `${product}-${version}`), home);
  rmSync(tmp, { recursive: true, force: true });
  return home;
}

function nodeHome(spec: NodeSpec): string {
  return join(runDir(), "nodes", spec.name);
}

function passwordFile(spec: NodeSpec): string {
  return join(runDir(), "secrets", `${spec.name}.password`);
}

/** The `elastic` password is made once per node folder, since it only takes effect on first start. */
function elasticPassword(spec: NodeSpec): string {
  const file = passwordFile(spec);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const pw = randomBytes(18).toString("base64url");
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

/** A CA and a node certificate for HTTPS, made at run time with openssl (never committed). */
function ensureCertificates(certDir: string): void {
  if (existsSync(join(certDir, "node.crt"))) return;
  mkdirSync(certDir, { recursive: true });
  const ssl = (...args: string[]) => run("openssl", args);
  ssl("genrsa", "-out", join(certDir, "ca.key"), "2048");
  ssl(
    "req",
    "-x509",
    "-new",
    "-key",
    join(certDir, "ca.key"),
    "-sha256",
    "-days",
    "3650",
    "-subj",
    "/CN=Quarry Test CA",
    "-out",
    join(certDir, "ca.crt"),
  );
  ssl("genrsa", "-out", join(certDir, "node.key"), "2048");
  ssl(
    "req",
    "-new",
    "-key",
    join(certDir, "node.key"),
    "-subj",
    "/CN=localhost",
    "-out",
    join(certDir, "node.csr"),
  );
  // Only localhost and 127.0.0.1 are named, so 127.0.0.2 (also loopback) shows a host-name mismatch.
  const ext = join(certDir, "node.ext");
  writeFileSync(ext, "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  ssl(
    "x509",
    "-req",
    "-in",
    join(certDir, "node.csr"),
    "-CA",
    join(certDir, "ca.crt"),
    "-CAkey",
    join(certDir, "ca.key"),
    "-CAcreateserial",
    "-days",
    "3650",
    "-sha256",
    "-extfile",
    ext,
    "-out",
    join(certDir, "node.crt"),
  );
}

function settings(spec: NodeSpec, home: string): string[] {
  const lines = [
    `cluster.name: quarry-${spec.name}`,
    `node.name: ${spec.name}`,
    "discovery.type: single-node",
    `path.data: ${join(home, "data")}`,
    `path.logs: ${join(home, "logs")}`,
    // Where `fs` snapshot repositories may live (docs/testing.md, "Snapshots").
    `path.repo: ${join(home, "snapshots")}`,
    // Bound to 127.0.0.1 and 127.0.0.2 (both loopback) so host-name verification can be tested.
    'http.bind_host: ["127.0.0.1", "127.0.0.2"]',
    "http.publish_host: 127.0.0.1",
    "transport.host: 127.0.0.1",
    `http.port: ${spec.httpPort}`,
    `transport.port: ${spec.transportPort}`,
    "cluster.routing.allocation.disk.threshold_enabled: false",
    "action.destructive_requires_name: false",
  ];
  if (spec.product === "opensearch") return lines; // its zip has no security plugin
  if (!spec.secured) {
    lines.push("xpack.security.enabled: false");
    return lines;
  }
  lines.push(
    "xpack.security.enabled: true",
    // 7.x has no security auto-configuration, and refuses a setting it does not know.
    ...(spec.version.startsWith("7.") ? [] : ["xpack.security.autoconfiguration.enabled: false"]),
    "xpack.security.authc.api_key.enabled: true",
    "xpack.security.transport.ssl.enabled: false",
    "xpack.security.http.ssl.enabled: true",
    "xpack.security.http.ssl.key: certs/node.key",
    "xpack.security.http.ssl.certificate: certs/node.crt",
    "xpack.security.http.ssl.certificate_authorities: [certs/ca.crt]",
  );
  if (spec.clientAuth)
    lines.push(
      "xpack.security.http.ssl.client_authentication: required",
      // The PKI realm needs more than the basic licence; file and native stay on beside it.
      "xpack.license.self_generated.type: trial",
      "xpack.security.authc.realms.pki.pki1.order: 0",
    );
  return lines;
}

/** What tells a node started with today's settings from one started by an older checkout. */
function settingsDigest(spec: NodeSpec): string {
  const lines = settings(spec, nodeHome(spec)).join("\n");
  return createHash("sha256").update(lines).digest("hex").slice(0, 16);
}

function esEnv(spec: NodeSpec): NodeJS.ProcessEnv {
  const names = LAUNCH[spec.product];
  return {
    PATH: process.env.PATH,
    [names.javaHome]: javaHomeFor(spec.product, spec.version),
    [names.conf]: join(nodeHome(spec), "config"),
    [names.opts]: HEAP,
  };
}

/**
 * A node's own folders beside the shared distribution: `config` (a copy of the distribution's,
 * made once, fitted to the Java runtime it runs on), `data` and `logs`. Returns the config folder.
 */
export function ensureNodeFolders(dist: string, home: string, javaHome: string): string {
  const config = join(home, "config");
  mkdirSync(join(home, "data"), { recursive: true });
  mkdirSync(join(home, "logs"), { recursive: true });
  if (!existsSync(join(config, "jvm.options"))) {
    run("cp", ["-r", join(dist, "config"), config]);
    // The launcher runs from the shared, read-only distribution: point its relative paths here.
    const jvm = readFileSync(join(config, "jvm.options"), "utf8")
      .replaceAll("file=logs/", `file=${home}/logs/`)
      .replaceAll("ErrorFile=logs/", `ErrorFile=${home}/logs/`)
      .replaceAll("HeapDumpPath=data", `HeapDumpPath=${home}/data`);
    writeFileSync(join(config, "jvm.options"), jvm);
  }
  fitJvmOptions(join(config, "jvm.options"), javaHome);
  return config;
}

const TRIAL_RENEWED_AFTER_MS = 25 * 24 * 60 * 60 * 1000;

/**
 * The PKI realm of a client-certificate node needs the trial licence, which lasts 30 days from
 * the data folder's first start: a folder started more than 25 days ago is started afresh (it
 * holds only what tests make; the `elastic` password is the keystore's bootstrap password again).
 */
export function renewTrial(home: string, now = Date.now()): void {
  const stamp = join(home, "trial-started");
  if (existsSync(stamp) && now - statSync(stamp).mtimeMs < TRIAL_RENEWED_AFTER_MS) return;
  rmSync(join(home, "data"), { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/** Writes the node's own config folder (settings, heap, keystore, certificates) beside the shared distribution. */
function prepareNode(spec: NodeSpec, dist: string): void {
  const javaHome = javaHomeFor(spec.product, spec.version);
  if (spec.product === "elasticsearch") {
    ensureSecurityAnalysisPlugin(dist, spec.version, javaHome);
    ensureReindexModule(dist, spec.version);
    ensureEsqlModules(dist, spec.version);
  }
  const home = nodeHome(spec);
  if (spec.clientAuth) renewTrial(home);
  const config = ensureNodeFolders(dist, home, javaHome);
  mkdirSync(join(home, "snapshots"), { recursive: true });
  writeFileSync(join(config, `${spec.product}.yml`), `${settings(spec, home).join("\n")}\n`);
  if (spec.secured) ensureCertificates(join(config, "certs"));
  if (spec.clientAuth) ensureClientCertificates(spec.name, join(config, "certs"));
  chownToEsUser(home);
  if (spec.secured && !existsSync(join(config, "elasticsearch.keystore"))) {
    const env = { ...esEnv(spec) };
    const keystore = join(dist, "bin", "elasticsearch-keystore");
    const [c1, a1] = asEsUser("env", envArgs(env, keystore, ["create"]));
    run(c1, a1, { cwd: home });
    const [c2, a2] = asEsUser("env", envArgs(env, keystore, ["add", "-x", "bootstrap.password"]));
    run(c2, a2, { cwd: home, input: elasticPassword(spec) });
  }
}

export function envArgs(env: NodeJS.ProcessEnv, cmd: string, args: string[]): string[] {
  const pairs = Object.entries(env)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  return [...pairs, cmd, ...args];
}

function describe(spec: NodeSpec, pid: number, pgid: number): RunningNode {
  const home = nodeHome(spec);
  const node: RunningNode = {
    name: spec.name,
    product: spec.product,
    url: `${spec.secured ? "https" : "http"}://127.0.0.1:${spec.httpPort}`,
    version: spec.version,
    secured: spec.secured,
    pid,
    pgid,
    logPath: join(home, "logs", `quarry-${spec.name}.log`),
    snapshotPath: join(home, "snapshots"),
    settingsDigest: settingsDigest(spec),
  };
  if (spec.secured) {
    node.username = "elastic";
    node.password = elasticPassword(spec);
    node.caPath = join(home, "config", "certs", "ca.crt");
  }
  if (spec.clientAuth) {
    const certs = clientCertPaths(spec.name);
    node.clientCert = certs.cert;
    node.clientKey = certs.key;
  }
  return node;
}

function startProcess(spec: NodeSpec, dist: string): { pid: number; pgid: number } {
  const home = nodeHome(spec);
  const pidFile = join(home, "es.pid");
  rmSync(pidFile, { force: true });
  const out = openSync(join(home, "logs", "stdout.log"), "w");
  const [cmd, args] = asEsUser(
    "env",
    envArgs(esEnv(spec), join(dist, "bin", LAUNCH[spec.product].bin), ["-p", pidFile]),
  );
  // detached: the launcher leads its own process group, so `down` can stop the whole tree.
  const child = spawn(cmd, args, { cwd: home, detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  child.unref();
  if (!child.pid) throw new Error(`could not start ${spec.name}`);
  return { pid: child.pid, pgid: child.pid };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function groupAlive(pgid: number): boolean {
  return isAlive(-pgid);
}

export function logTail(node: Pick<RunningNode, "logPath">, lines = 40): string {
  const files = [node.logPath, join(dirname(node.logPath), "stdout.log")];
  for (const f of files) {
    if (!existsSync(f)) continue;
    const text = readFileSync(f, "utf8").trimEnd().split("\n");
    if (text.length > 1) return text.slice(-lines).join("\n");
  }
  return "(no log written)";
}

/** An undici dispatcher that trusts the node's generated CA. */
export function dispatcherFor(node: RunningNode): Agent {
  return new Agent({
    connect: {
      ...(node.caPath ? { ca: readFileSync(node.caPath) } : {}),
      ...(node.clientCert && node.clientKey
        ? { cert: readFileSync(node.clientCert), key: readFileSync(node.clientKey) }
        : {}),
    },
  });
}

export function authHeader(node: RunningNode): Record<string, string> {
  if (!node.username) return {};
  const basic = Buffer.from(`${node.username}:${node.password}`).toString("base64");
  return { authorization: `Basic ${basic}` };
}

/**
 * A secured Elasticsearch node creates its security index shortly after it starts, and while that
 * index's shard starts, signing in as `elastic` fails (401). Saving a role without privileges
 * creates the index if it is missing and succeeds only once the index can be written, so a
 * success means every later sign-in finds it.
 */
async function securityIndexReady(node: RunningNode, dispatcher: Agent): Promise<boolean> {
  if (!node.secured || node.product !== "elasticsearch") return true;
  const res = await request(`${node.url}/_security/role/quarry-test-ready`, {
    method: "PUT",
    dispatcher,
    headers: { ...authHeader(node), "content-type": "application/json" },
    body: "{}",
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  await res.body.dump();
  return res.statusCode === 200;
}

/**
 * Ready means the cluster answers health at yellow or better, and on a secured node its security
 * index is in place. `GET /` is not used: the 8.x integ-test-zip has no rest-root module, so it
 * answers 400 there.
 */
async function waitHealthy(node: RunningNode): Promise<void> {
  const dispatcher = dispatcherFor(node);
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (!groupAlive(node.pgid)) {
        throw new Error(`${node.name} exited during start-up. Last log lines:\n${logTail(node)}`);
      }
      try {
        const res = await request(`${node.url}/_cluster/health?wait_for_status=yellow&timeout=2s`, {
          dispatcher,
          headers: authHeader(node),
          headersTimeout: 5000,
          bodyTimeout: 5000,
        });
        const body = (await res.body.json()) as { status?: string };
        if (
          res.statusCode === 200 &&
          body.status !== "red" &&
          (await securityIndexReady(node, dispatcher))
        )
          return;
      } catch {
        // not listening yet
      }
      await sleep(500);
    }
    throw new Error(
      `${node.name} did not become healthy in time. Last log lines:\n${logTail(node)}`,
    );
  } finally {
    await dispatcher.close();
  }
}

export interface ClusterState {
  nodes: RunningNode[];
}

export function readState(): ClusterState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(), "utf8")) as ClusterState;
  } catch {
    return undefined;
  }
}

function writeState(state: ClusterState): void {
  mkdirSync(runDir(), { recursive: true });
  const tmp = `${stateFile()}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, stateFile());
}

/** What `up` did: the requested nodes, running, and the names of those it started itself. */
export interface UpResult extends ClusterState {
  started: string[];
}

export async function up(names?: string[]): Promise<UpResult> {
  const specs = NODE_SPECS.filter((s) => !names || names.includes(s.name));
  const previous = readState();
  const running = new Map(
    (previous?.nodes ?? []).filter((n) => groupAlive(n.pgid)).map((n) => [n.name, n]),
  );
  ensureEsUser();
  mkdirSync(runDir(), { recursive: true });
  chmodSync(runDir(), 0o755);
  const requested: RunningNode[] = [];
  const fresh: RunningNode[] = [];
  // A node this project started with other settings (an older checkout) is started again.
  const outdated = specs
    .map((spec) => running.get(spec.name))
    .filter((n): n is RunningNode => !!n)
    .filter((n) => n.settingsDigest !== settingsDigest(NODE_SPECS.find((s) => s.name === n.name)!));
  if (outdated.length) {
    log(`restarting ${outdated.map((n) => n.name).join(", ")}: started with older settings`);
    await stopNodes(outdated);
    for (const n of outdated) running.delete(n.name);
  }
  for (const spec of specs) {
    const existing = running.get(spec.name);
    if (existing) {
      requested.push(existing);
      continue;
    }
    const dist = ensureDistribution(spec.version, spec.product);
    prepareNode(spec, dist);
    log(`starting ${spec.name} (${spec.version}) on port ${spec.httpPort}`);
    const { pid, pgid } = startProcess(spec, dist);
    const node = describe(spec, pid, pgid);
    requested.push(node);
    fresh.push(node);
  }
  const others = [...running.values()].filter((n) => !specs.some((s) => s.name === n.name));
  const save = () => writeState({ nodes: [...others, ...requested] });
  save(); // saved before waiting, so `down` can stop a node that never becomes healthy
  try {
    await Promise.all(fresh.map((n) => waitHealthy(n)));
  } catch (e) {
    await stopNodes(fresh);
    writeState({ nodes: [...others, ...requested.filter((n) => !fresh.includes(n))] });
    throw e;
  }
  for (const n of fresh) n.pid = readServerPid(n) ?? n.pid;
  save();
  return { nodes: requested, started: fresh.map((n) => n.name) };
}

function readServerPid(node: RunningNode): number | undefined {
  try {
    return Number(readFileSync(join(dirname(dirname(node.logPath)), "es.pid"), "utf8").trim());
  } catch {
    return undefined;
  }
}

/**
 * Stops the named nodes (every node when no name is given): exactly the process groups `up`
 * started for them, waiting for them to end. The others stay running and stay in the state.
 */
export async function down(names?: string[]): Promise<string[]> {
  const state = readState();
  if (!state) return [];
  const named = (n: RunningNode) => !names || names.includes(n.name);
  const leaving = state.nodes.filter(named);
  const stopped = await stopNodes(leaving);
  // Read again: another `up` may have added nodes while these stopped.
  const gone = (n: RunningNode) => leaving.some((l) => l.name === n.name && l.pgid === n.pgid);
  const rest = (readState()?.nodes ?? []).filter((n) => !gone(n));
  if (rest.length > 0) writeState({ nodes: rest });
  else rmSync(stateFile(), { force: true });
  return stopped;
}

function signal(node: RunningNode, sig: NodeJS.Signals): void {
  for (const target of [node.pid, -node.pgid]) {
    try {
      process.kill(target, sig);
    } catch {
      // already gone
    }
  }
}

async function stopNodes(nodes: RunningNode[]): Promise<string[]> {
  const alive = (n: RunningNode) => groupAlive(n.pgid) || isAlive(n.pid);
  const stopped = nodes.filter(alive);
  for (const n of stopped) signal(n, "SIGTERM");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && stopped.some(alive)) await sleep(200);
  for (const n of stopped.filter(alive)) signal(n, "SIGKILL");
  return stopped.map((n) => n.name);
}

/** Nodes that were started but have died, each with the tail of its log. */
export function crashedNodes(): { node: RunningNode; tail: string }[] {
  const state = readState();
  if (!state) return [];
  return state.nodes.filter((n) => !isAlive(n.pid)).map((node) => ({ node, tail: logTail(node) }));
}
