/**
 * `quarry index open|close|refresh|flush|clear-cache|forcemerge|reindex|delete|alias add|alias
 * remove`: one index action each, run by run-action.ts.
 */
import type { Command } from "commander";
import type { TableAction } from "../../../core/table-details.ts";
import { addConnectionFlags } from "../../connection-options.ts";
import { type ActionFlags, runIndexAction } from "./run-action.ts";

const SIMPLE: { name: string; action: TableAction; what: string; done: string }[] = [
  { name: "open", action: "open", what: "open a closed index", done: "Opened" },
  { name: "close", action: "close", what: "close an index (asks for its name)", done: "Closed" },
  { name: "refresh", action: "refresh", what: "make recent changes searchable", done: "Refreshed" },
  { name: "flush", action: "flush", what: "write recent changes to disk", done: "Flushed" },
  {
    name: "clear-cache",
    action: "clear-cache",
    what: "clear an index's caches",
    done: "Cleared the caches of",
  },
  {
    name: "delete",
    action: "delete",
    what: "delete an index (asks for its name)",
    done: "Deleted",
  },
];

const withConn = (c: Command) =>
  c.argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200");

export function registerActions(group: Command): void {
  for (const s of SIMPLE) {
    addConnectionFlags(
      withConn(group.command(s.name).description(s.what))
        .argument("<index>", "one concrete index")
        .option("--yes", "confirm without asking (for scripts)"),
    ).action((conn: string, index: string, flags: ActionFlags, cmd: Command) =>
      runIndexAction(
        conn,
        { action: s.action, table: index },
        flags,
        cmd,
        `${s.done} index ${index}.`,
      ),
    );
  }
  addConnectionFlags(
    withConn(group.command("forcemerge").description("merge an index's segments"))
      .argument("<index>", "one concrete index")
      .option("--max-segments <n>", "segments per shard to merge down to", "1"),
  ).action(
    (conn: string, index: string, flags: ActionFlags & { maxSegments: string }, cmd: Command) =>
      runIndexAction(
        conn,
        { action: "compact", table: index, maxSegments: Number(flags.maxSegments) },
        flags,
        cmd,
        `Force-merged index ${index}.`,
      ),
  );
  addConnectionFlags(
    withConn(
      group
        .command("reindex")
        .description("copy an index into a new index (asks for the new name)"),
    )
      .argument("<index>", "the index to copy")
      .argument("<new-index>", "the new index the documents are copied into")
      .option("--yes", "confirm without asking (for scripts)"),
  ).action((conn: string, index: string, target: string, flags: ActionFlags, cmd: Command) =>
    runIndexAction(
      conn,
      { action: "copy", table: index, target },
      flags,
      cmd,
      `Copied ${index} into ${target}.`,
    ),
  );
  const alias = group.command("alias").description("add or remove an alias of an index");
  for (const op of ["add", "remove"] as const) {
    addConnectionFlags(
      withConn(alias.command(op).description(`${op} an alias`))
        .argument("<index>", "one concrete index")
        .argument("<alias>", "the alias"),
    ).action((conn: string, index: string, name: string, flags: ActionFlags, cmd: Command) =>
      runIndexAction(
        conn,
        { action: op === "add" ? "alias-add" : "alias-remove", table: index, alias: name },
        flags,
        cmd,
        op === "add" ? `Added alias ${name} to ${index}.` : `Removed alias ${name} from ${index}.`,
      ),
    );
  }
}
