/** What the `quarry security` commands share: a subcommand that writes one named thing. */
import type { Command } from "commander";
import { addConnectionFlags } from "../../connection-options.ts";
import { CONN_HELP } from "../browse/shared.ts";

/** A subcommand on a connection and a name, with `--confirm <name>`. */
export function namedWrite(group: Command, name: string, description: string, what: string) {
  return addConnectionFlags(
    group
      .command(name)
      .description(description)
      .argument("<conn>", CONN_HELP)
      .argument("<name>", what)
      .option("--confirm <name>", `the ${what}'s name, to confirm without a terminal`),
  );
}
