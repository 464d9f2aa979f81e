/**
 * `quarry import` interrupted and resumed (test/integration/cli-import*.test.ts): the import runs
 * through a gate proxy that holds its bulk requests, so the test decides how many batches land
 * before it kills the process, never a timer (docs/testing.md, "Gates"); and the suites' one way to
 * run `quarry import … --json` and read its report.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before } from "node:test";
import { addConnection, openAppStorage } from "../../src/app/connections/connection-service.ts";
import type { ImportReport } from "../../src/app/transfer/import.ts";
import { connectionTo, type NodeName, node, sessionTo } from "./cluster.ts";
import { type GateProxy, startGateProxy } from "./gate-proxy.ts";
import { type Sandbox, sandbox } from "./quarry.ts";
import { standIn } from "./stand-in.ts";

/**
 * The connections the import tests name, saved in the sandbox's data folder before the suite:
 * `c7` and `c8` to es7 and es8, and `c8gate` to es8 through a gate proxy, which the
 * suite holds requests at; the proxy is closed after the suite.
 */
export function importConnections(box: Sandbox): GateProxy {
  let proxy: GateProxy | undefined;
  before(async () => {
    const storage = await openAppStorage(box.env);
    for (const [name, n] of [
      ["c7", "es7"],
      ["c8", "es8"],
    ] as [string, NodeName][])
      await addConnection(storage, {
        name,
        type: "elasticsearch",
        settings: { ...connectionTo(node(n)).config },
      });
    proxy = await startGateProxy(node("es8").url);
    await addConnection(storage, {
      name: "c8gate",
      type: "elasticsearch",
      settings: { ...connectionTo(node("es8")).config, port: proxy.port },
    });
  });
  after(async () => {
    await proxy?.close();
  });
  return standIn("The gate proxy", () => proxy);
}

const isBulk = (r: { path: string }) => r.path.endsWith("/_bulk");

/** What an interrupted import keeps in the app's `transfers` folder. */
export interface ImportCheckpoint {
  table: string;
  format?: string;
  inFlightUpTo: number;
  linesDone: number;
}

/** The checkpoint of the import into `table` in the app's data folder, or null when none. */
export function importCheckpoint(home: string, table: string): ImportCheckpoint | null {
  const dir = join(home, "transfers");
  const all = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".checkpoint.json")) : [];
  const ours = all
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ImportCheckpoint)
    .filter((c) => c.table === table);
  return ours[0] ?? null;
}

export interface HeldImport {
  /** Lets the batch at the gate reach the cluster, holds its answer, then kills the import. */
  killWithAnswerHeld(): Promise<void>;
}

/**
 * Starts `quarry import <connection> <table> --in <path> --batch-size 500` with its bulk requests
 * held at the proxy's gate, lets `landed` batches through and waits until the next one is held.
 */
export async function startHeldImport(
  box: Sandbox,
  proxy: GateProxy,
  connection: string,
  table: string,
  path: string,
  landed: number,
): Promise<HeldImport> {
  proxy.gate.hold(isBulk);
  const child = box.spawn(["import", connection, table, "--in", path, "--batch-size", "500"]);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  proxy.gate.allow(landed);
  await proxy.gate.waiting(1);
  return {
    async killWithAnswerHeld() {
      proxy.answers.hold(isBulk);
      proxy.gate.allow(1);
      await proxy.answers.waiting(1);
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The JSON report of `quarry import … --resume --json`, which must succeed. */
export async function resumeImport(
  box: Sandbox,
  connection: string,
  table: string,
  path: string,
): Promise<ImportJson> {
  const r = await box.runAsync(["import", connection, table, "--in", path, "--resume", "--json"]);
  assert.equal(r.status, 0, r.stderr + r.stdout);
  return JSON.parse(r.stdout) as ImportJson;
}

/** What `quarry import … --json` prints: its report, with the plan when it created the index. */
export type ImportJson = ImportReport & {
  plan?: { request: { body: { mappings: { properties: Record<string, unknown> } } } };
};

/** `quarry import <args> --json` in the sandbox: how it ran and, when it printed one, its report. */
export function importCommand(box: Sandbox) {
  return (args: string[], input?: string) => {
    const r = box.run(["import", ...args, "--json"], input === undefined ? {} : { input });
    return { ...r, report: r.stdout ? (JSON.parse(r.stdout) as ImportJson) : null };
  };
}

/** A file beside the sandbox's data folder, for an import to read; its path. */
export function importInput(box: Sandbox, name: string, text: string): string {
  const path = join(box.home, "..", name);
  writeFileSync(path, text);
  return path;
}

/**
 * What an import suite sets up, inside its `describe`: a sandbox with the import connections
 * (`importConnections`), sessions to es7 and es8 for checking, index names of its own
 * (`<prefix>-<name>-<run>`), files to read and the command.
 */
export function importSuite(prefix: string) {
  const tag = randomBytes(3).toString("hex");
  const box = sandbox();
  return {
    box,
    es8: sessionTo(node("es8")),
    es7: sessionTo(node("es7")),
    proxy: importConnections(box),
    idx: (name: string) => `${prefix}-${name}-${tag}`,
    input: (name: string, text: string) => importInput(box, name, text),
    run: importCommand(box),
  };
}
