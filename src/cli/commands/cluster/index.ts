/**
 * `quarry cluster health|nodes|shards|allocation <conn>`: the cluster overview from the command
 * line, read through the session's catalog as the UI and the MCP tools read it. `--json` prints
 * the catalog's values as they are.
 */
import type { Command } from "commander";
import type { ClusterViews } from "../../../core/catalog.ts";
import { viewsOf } from "../../../core/catalog-access.ts";
import { QuarryError } from "../../../core/errors.ts";
import { addConnectionFlags, type ConnectionFlags } from "../../connection-options.ts";
import { wantsJson, withSession } from "../../context.ts";
import { printJson, printLine } from "../../output.ts";
import { CONN_HELP } from "../browse/shared.ts";
import { explanationLines, healthLines, nodeLines, shardLines } from "./print.ts";

interface ClusterFlags extends ConnectionFlags {
  index?: string;
  shard?: string;
  primary?: boolean;
}

/** Runs `read` on the connection's cluster views, then prints its value as JSON or as lines. */
function readCommand<T>(
  needs: (keyof ClusterViews)[],
  read: (views: ClusterViews, flags: ClusterFlags) => Promise<T>,
  lines: (value: T) => string[],
) {
  return async (conn: string, flags: ClusterFlags, cmd: Command) => {
    const value = await withSession(conn, flags, (s) =>
      read(viewsOf(s, "clusterViews", ...needs), flags),
    );
    if (wantsJson(cmd)) printJson(value);
    else for (const line of lines(value)) printLine(line);
  };
}

export function registerClusterCommands(program: Command): void {
  const group = program
    .command("cluster")
    .description("the cluster at a glance: health, nodes, shards and allocation explanations");
  const sub = (name: string, description: string) =>
    addConnectionFlags(group.command(name).description(description).argument("<conn>", CONN_HELP));

  sub("health", "the cluster's health, why it is not green, and its pending tasks")
    .option("--index <pattern>", "the health of this index (or pattern) only")
    .action(
      readCommand(["health"], (c, f) => c.health(f.index ? { table: f.index } : {}), healthLines),
    );

  sub("nodes", "the nodes: roles, version, heap, disk, CPU and load").action(
    readCommand(
      ["nodes"],
      async (c) => ({ nodes: await c.nodes() }),
      (v) => nodeLines(v.nodes),
    ),
  );

  sub("shards", "every shard by index and node, with its state")
    .option("--index <pattern>", "the shards of this index, alias or pattern only")
    .action(
      readCommand(
        ["partitions"],
        async (c, f) => ({ shards: await c.partitions(f.index) }),
        (v) => [...shardLines(v.shards), `${v.shards.length} shards`],
      ),
    );

  sub("allocation", "why a shard is unassigned (the first one, or --index and --shard)")
    .option("--index <index>", "the index of the shard to explain")
    .option("--shard <n>", "the shard number to explain")
    .option("--primary", "explain the primary (default: a replica)")
    .action(
      readCommand(
        ["explainPlacement"],
        async (c, f) => ({ explanation: await c.explainPlacement(copyOf(f)) }),
        (v) =>
          v.explanation
            ? explanationLines(v.explanation)
            : [
                "No shard is unassigned: nothing to explain.",
                "Pass --index and --shard (and --primary) to explain where an assigned shard is.",
              ],
      ),
    );
}

function copyOf(f: ClusterFlags) {
  if (f.index === undefined && f.shard === undefined) {
    if (f.primary)
      throw usage("--primary needs --index and --shard", "Pass the shard to explain with them.");
    return undefined;
  }
  const shard = Number(f.shard);
  if (f.index === undefined || f.shard === undefined || !Number.isInteger(shard) || shard < 0)
    throw usage(
      "--index and --shard name one shard together (a shard number is 0 or more)",
      "Pass both, e.g. --index logs --shard 0, or neither for the first unassigned shard.",
    );
  return { table: f.index, partition: shard, primary: f.primary === true };
}

const usage = (message: string, remedy: string) =>
  new QuarryError("invalid_input", message, remedy);
