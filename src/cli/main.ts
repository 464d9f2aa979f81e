/** The `quarry` command line. Each command group lives in `commands/` and registers itself here. */
import { Command, CommanderError } from "commander";
import { registerConnectionCommands } from "./commands/connect.ts";
import { EXIT } from "./exit-codes.ts";
import { reportError } from "./output.ts";

export function buildProgram(): Command {
  const program = new Command("quarry")
    .description("A local-first Elasticsearch client with a safe local MCP server")
    .option("--json", "print machine-readable JSON")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerConnectionCommands(program);
  return program;
}

const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.exitCode = reportError(e, process.argv.includes("--json"));
  }
}
