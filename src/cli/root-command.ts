/** The `quarry` command itself, before any command group registers on it. */
import { Command } from "commander";
import { APP_VERSION } from "../app/process/version.ts";

export function newProgram(): Command {
  return new Command("quarry")
    .description(
      "A local-first client for Elasticsearch 7.17, 8.x and 9.x, with a safe local MCP server",
    )
    .version(APP_VERSION, "-V, --version", "print Quarry's version")
    .option("--json", "print machine-readable JSON")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}
