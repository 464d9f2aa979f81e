/**
 * `quarry index create <conn> <index>`: a new index from flags (`--shards`, `--replicas`,
 * `--field name:type`) or a JSON body (`--body '{"settings":…,"mappings":…}'` or `--body @file`),
 * its exact request printed before it is sent.
 */
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { QuarryError } from "../../../core/errors.ts";
import type { FieldDefinition, TableActionInput } from "../../../core/table-details.ts";
import { addConnectionFlags } from "../../connection-options.ts";
import { type ActionFlags, runIndexAction } from "./run-action.ts";

interface CreateFlags extends ActionFlags {
  shards?: string;
  replicas?: string;
  field?: string[];
  body?: string;
}

export function registerCreate(group: Command): void {
  addConnectionFlags(
    group
      .command("create")
      .description("create an index, after printing the exact request")
      .argument("<conn>", "a saved connection's name, or a URL such as http://localhost:9200")
      .argument("<index>", "the new index's name")
      .option("--shards <n>", "primary shards")
      .option("--replicas <n>", "replicas of each shard")
      .option("--field <name:type>", "a field and its type (repeat it)", collect, [])
      .option(
        "--body <json|@file>",
        "settings, mappings and aliases as JSON (instead of the flags)",
      ),
  ).action(async (conn: string, index: string, flags: CreateFlags, cmd: Command) => {
    const input: TableActionInput = { action: "create", table: index };
    if (flags.body !== undefined) input.definition = await definition(flags.body);
    else {
      if (flags.shards !== undefined) input.partitions = Number(flags.shards);
      if (flags.replicas !== undefined) input.replicas = Number(flags.replicas);
      if (flags.field?.length) input.fields = flags.field.map(field);
    }
    await runIndexAction(conn, input, flags, cmd, `Created index ${index}.`);
  });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function field(text: string): FieldDefinition {
  const at = text.lastIndexOf(":");
  if (at <= 0)
    throw new QuarryError(
      "invalid_input",
      `--field ${text} names no type`,
      "Write it as name:type, e.g. --field title:text.",
    );
  return { name: text.slice(0, at), type: text.slice(at + 1) };
}

async function definition(text: string): Promise<Record<string, unknown>> {
  const source = text.startsWith("@") ? await readFile(text.slice(1), "utf8") : text;
  try {
    return JSON.parse(source) as Record<string, unknown>;
  } catch (e) {
    throw new QuarryError(
      "invalid_input",
      `--body is not JSON: ${(e as Error).message}`,
      'Give a JSON object such as {"settings":{"number_of_shards":1}}, or @file.json.',
    );
  }
}
