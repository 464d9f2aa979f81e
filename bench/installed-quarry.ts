/**
 * The `quarry` command the benches of its commands run (export, copy, import, compare,
 * esql-pages): by default the one users run, the release build installed as a package; with
 * `--sources`, this checkout's bin/quarry, which runs the TypeScript sources (docs/decisions.md,
 * "What the command benches run").
 *
 * The installed one is packed from a copy of this checkout (`npm pack`: its prepack runs the
 * release build in the copy, never in this checkout's dist/) and installed with the machine's own
 * npm into an empty prefix (scripts/as-a-user.ts, as the install tests do, from their npm cache).
 * It takes about a minute before the bench's runs; everything is in one temporary folder, removed
 * by `close()`.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyCheckout } from "../scripts/as-a-user.ts";
import { testNpmCache } from "../test/support/installed.ts";
import { installGlobal, npmEnv, packProject } from "./install/packages.ts";

export interface QuarryCommand {
  cmd: string;
  args: string[];
  /** The CLI's entry, for a bench that starts it with node and flags of its own. */
  entry: string;
  /** What runs, for the bench's report. */
  what: string;
  close(): Promise<void>;
}

/**
 * The command to bench. The checkout's needs the driver plugin built from this checkout first
 * (the command loads the plugin, not src/); the installed one brings its own.
 */
export async function quarryCommand(
  root: string,
  options: { sources?: boolean; log?: (line: string) => void } = {},
): Promise<QuarryCommand> {
  if (options.sources) {
    execFileSync(process.execPath, ["scripts/build-plugins.ts"], { cwd: root, stdio: "ignore" });
    return {
      cmd: join(root, "bin", "quarry"),
      args: [],
      entry: join(root, "src", "cli", "main.ts"),
      what: "bin/quarry of the checkout (TypeScript sources)",
      close: async () => {},
    };
  }
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dir = await mkdtemp(join(tmpdir(), "quarry-bench-installed-"));
  try {
    log("packing and installing Quarry as a user gets it (about a minute)…");
    const copy = copyCheckout(root, join(dir, "copy"));
    const env = npmEnv(join(dir, "home"), testNpmCache());
    const packed = await packProject(copy, join(dir, "pack"), env);
    const prefix = join(dir, "prefix");
    await installGlobal(prefix, packed.file, env);
    await rm(copy, { recursive: true, force: true });
    const pkg = join(prefix, "lib", "node_modules", "quarry");
    const cmd = join(prefix, "bin", "quarry");
    // Node's compile cache is kept per file path: filled once here, as a user's first runs do,
    // so that no bench's first round pays for it alone.
    for (const command of ["export", "copy", "import", "compare", "esql"])
      execFileSync(cmd, [command, "--help"], {
        env: { ...process.env, QUARRY_HOME: join(dir, "warm-home") },
        stdio: "ignore",
      });
    return {
      cmd,
      args: [],
      entry: join(pkg, "dist", "app", "quarry.js"),
      what: "quarry installed from its package (the release build)",
      close: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
