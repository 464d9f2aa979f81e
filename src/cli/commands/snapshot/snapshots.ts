/**
 * `quarry snapshot list|show|create|restore|delete`: the snapshots of one repository. `create`
 * follows the snapshot until it is done and says which shards failed; `restore` asks for the names
 * of the existing indices it would replace; `delete` for the snapshot's name.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Command } from "commander";
import { clusterAdminOf } from "../../../app/connections/cluster-admin-actions.ts";
import type { BackupDetail } from "../../../core/cluster-admin.ts";
import type { DriverSession } from "../../../core/driver.ts";
import { QuarryError } from "../../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine, printTable } from "../../output.ts";
import { type AdminFlags, runAdminAction } from "../admin-run.ts";
import { CONN_HELP } from "../browse/shared.ts";
import { detailLines, progressLine } from "./print.ts";

/** How often a snapshot being taken is asked for its progress. */
const POLL_MS = 500;
/** How many polls in a row may go unanswered (30 s) before following stops with the error. */
const MAX_MISSES = 60;

interface CreateFlags extends AdminFlags {
  indices?: string;
  globalState?: boolean;
  wait: boolean;
}

interface RestoreFlags extends AdminFlags {
  indices?: string;
  renamePattern?: string;
  renameReplacement?: string;
  globalState?: boolean;
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

type Sub = (name: string, description: string) => Command;

export function registerSnapshotCommands(group: Command): void {
  const sub: Sub = (name, description) =>
    addConnectionFlags(
      group
        .command(name)
        .description(description)
        .argument("<conn>", CONN_HELP)
        .argument("<repository>", "the repository"),
    );
  registerReads(sub);
  registerCreate(sub);
  registerRestoreDelete(sub);
}

function registerReads(sub: Sub): void {
  sub("list", "the snapshots in a repository").action(
    async (conn: string, repo: string, flags: ConnectionFlags, cmd: Command) => {
      const snaps = await withSession(conn, flags, (s) => clusterAdminOf(s).backups(repo));
      if (wantsJson(cmd)) return printJson({ repository: repo, snapshots: snaps });
      if (snaps.length === 0) return printLine(`No snapshot in ${repo}.`);
      printTable(
        ["snapshot", "state", "started", "indices", "shards", "failed"],
        snaps.map((s) => [
          s.name,
          s.state,
          s.startedAt,
          s.tables.length,
          s.shards.total,
          s.shards.failed,
        ]),
      );
    },
  );
  sub("show", "one snapshot: its indices, shards, size and failures")
    .argument("<snapshot>", "the snapshot")
    .action(
      async (conn: string, repo: string, name: string, flags: ConnectionFlags, cmd: Command) => {
        const d = await withSession(conn, flags, (s) => clusterAdminOf(s).backup(repo, name));
        if (wantsJson(cmd)) return printJson(d);
        for (const line of detailLines(d)) printLine(line);
      },
    );
}

function registerCreate(sub: Sub): void {
  sub("create", "take a snapshot and follow it until it is done")
    .argument("<snapshot>", "the new snapshot's name")
    .option("--indices <list>", "indices or patterns, comma-separated (default: every index)")
    .option("--global-state", "include the cluster's global state (templates, settings)")
    .option("--no-wait", "return once it has started")
    .action(async (conn: string, repo: string, name: string, flags: CreateFlags, cmd: Command) => {
      const json = wantsJson(cmd);
      await runAdminAction(
        conn,
        {
          action: "backup-create",
          repository: repo,
          backup: name,
          tables: list(flags.indices),
          includeGlobalState: flags.globalState === true,
        },
        flags,
        cmd,
        flags.wait ? `Took snapshot ${name}.` : `Started snapshot ${name}.`,
        flags.wait ? (s) => followSnapshot(s, repo, name, json) : undefined,
      );
    });
}

function registerRestoreDelete(sub: Sub): void {
  sub("restore", "restore indices of a snapshot (asks for the names of indices it replaces)")
    .argument("<snapshot>", "the snapshot")
    .option("--indices <list>", "its indices or patterns to restore (default: all)")
    .option("--rename-pattern <regex>", "a regular expression on each index's name")
    .option("--rename-replacement <text>", "its replacement, e.g. restored-$1")
    .option("--global-state", "restore the cluster's global state too")
    .option("--confirm <names>", "the existing indices it replaces, as printed, to confirm")
    .action((conn: string, repo: string, name: string, flags: RestoreFlags, cmd: Command) =>
      runAdminAction(
        conn,
        {
          action: "backup-restore",
          repository: repo,
          backup: name,
          tables: list(flags.indices),
          ...(flags.renamePattern !== undefined ? { renamePattern: flags.renamePattern } : {}),
          ...(flags.renameReplacement !== undefined
            ? { renameReplacement: flags.renameReplacement }
            : {}),
          ...(flags.globalState ? { includeGlobalState: true } : {}),
        },
        flags,
        cmd,
        `Restored from snapshot ${name}.`,
      ),
    );
  sub("delete", "delete a snapshot (asks for its name)")
    .argument("<snapshot>", "the snapshot")
    .option("--confirm <name>", "the snapshot's name, to confirm without a terminal")
    .action((conn: string, repo: string, name: string, flags: AdminFlags, cmd: Command) =>
      runAdminAction(
        conn,
        { action: "backup-delete", repository: repo, backup: name },
        flags,
        cmd,
        `Deleted snapshot ${name}.`,
      ),
    );
}

/**
 * Follows a snapshot until the cluster says it is done, printing its progress; a snapshot that
 * ends partial or failed is an error naming the shards that failed (its detail in `details`).
 */
async function followSnapshot(
  s: DriverSession,
  repo: string,
  name: string,
  json: boolean,
): Promise<BackupDetail> {
  const admin = clusterAdminOf(s);
  let d = await admin.backup(repo, name);
  let misses = 0;
  while (d.running) {
    if (!json) process.stderr.write(`${progressLine(d)}\n`);
    await sleep(POLL_MS);
    try {
      d = await admin.backup(repo, name);
      misses = 0;
    } catch (e) {
      // A node leaving (a new master being elected) makes the cluster miss an answer or two;
      // the snapshot goes on, so it is asked again before the follow gives up.
      if (++misses > MAX_MISSES) throw e;
      if (!json)
        process.stderr.write(
          `  (no answer: ${e instanceof Error ? e.message : String(e)}; asking again)\n`,
        );
    }
  }
  if (d.state === "SUCCESS") return d;
  const failed = d.failures.map((f) => `${f.table}[${f.shard}]: ${f.reason}`).join("; ");
  throw new QuarryError(
    "cluster_error",
    `Snapshot ${name} ended ${d.state}: ${d.shards.successful} of ${d.shards.total} shards copied, ${d.shards.failed} failed${failed ? ` (${failed})` : ""}`,
    "The shards copied can be restored; see quarry snapshot show for the failures, and take it again once the cluster is green.",
    { state: d.state, failures: d.failures, shards: d.shards },
  );
}
