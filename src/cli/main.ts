/**
 * The `quarry` command line (program.ts holds every command group). The commands that move
 * documents (export, copy, import, compare) load only their own module: their start is part of
 * every run's time and memory, and the other groups' modules would add to both for nothing.
 */
import { type Command, CommanderError } from "commander";
import { handleClosedOutput } from "./closed-output.ts";
import { EXIT } from "./exit-codes.ts";
import { reportError } from "./output.ts";
import { installPreparers } from "./prepare.ts";
import { newProgram } from "./root-command.ts";

type Register = (program: Command) => void;

const ALONE: Record<string, () => Promise<Register>> = {
  export: async () => (await import("./commands/export.ts")).registerExportCommand,
  copy: async () => (await import("./commands/copy.ts")).registerCopyCommand,
  import: async () => (await import("./commands/import.ts")).registerImportCommand,
  compare: async () => (await import("./commands/compare.ts")).registerCompareCommand,
};

/** The command named first (after any global option), or undefined. */
function commandName(args: string[]): string | undefined {
  return args.find((a) => !a.startsWith("-"));
}

async function programFor(args: string[]): Promise<Command> {
  const name = commandName(args);
  const alone = name !== undefined && Object.hasOwn(ALONE, name) ? ALONE[name] : undefined;
  if (!alone) return (await import("./program.ts")).buildProgram();
  const program = newProgram();
  (await alone())(program);
  installPreparers(program);
  return program;
}

handleClosedOutput();
try {
  const program = await programFor(process.argv.slice(2));
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.exitCode = reportError(e, process.argv.includes("--json"));
  }
}
