/**
 * `quarry snapshot repos|repo-types|repo …|list|show|create|restore|delete`: backups of a cluster
 * from the command line, read and planned through the session's `clusterAdmin` facet as the UI
 * does; every write prints its exact requests before it is sent.
 */
import type { Command } from "commander";
import { registerRepositoryCommands } from "./repos.ts";
import { registerSnapshotCommands } from "./snapshots.ts";

export function registerSnapshotGroup(program: Command): void {
  const group = program
    .command("snapshot")
    .description("repositories and snapshots: take, inspect, restore and delete backups");
  registerRepositoryCommands(group);
  registerSnapshotCommands(group);
}
