/**
 * Commands whose flags depend on the installed drivers (a connection's settings) get them just
 * before their own arguments are parsed: a parent's `preSubcommand` hook runs the command's
 * preparer with the arguments that follow its name, so `--help` already lists them.
 */
import type { Command } from "commander";

type Preparer = (args: string[]) => Promise<void>;

const preparers = new WeakMap<Command, Preparer>();

/** Runs `prepare` before `cmd` parses its arguments. */
export function prepareBeforeParse(cmd: Command, prepare: Preparer): Command {
  preparers.set(cmd, prepare);
  return cmd;
}

/** Installs the hooks that run the preparers, on every command that has subcommands. */
export function installPreparers(program: Command): void {
  const visit = (parent: Command) => {
    if (parent.commands.length === 0) return;
    parent.hook("preSubcommand", async (self, sub) => {
      await preparers.get(sub)?.(self.args.slice(1));
    });
    for (const c of parent.commands) visit(c);
  };
  visit(program);
}

/** The value of `--name <v>` or `--name=<v>` among raw arguments. */
export function rawOption(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === `--${name}`) return args[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

export function wantsHelp(args: string[]): boolean {
  return args.includes("--help") || args.includes("-h");
}
