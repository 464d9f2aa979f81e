/**
 * Running `quarry` from the source (`src/cli/main.ts`) in a test file: one CLI data folder
 * (QUARRY_HOME) for the file, removed after it, and the command's exit code and output.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";

const root = join(import.meta.dirname, "..", "..");
const main = join(root, "src/cli/main.ts");

export type CliRun = { code: number | null; out: string; err: string };

export interface CliRunner {
  /** The CLI data folder every command of this runner uses. */
  home: string;
  /** Runs `quarry <args>` with `input` on stdin; with `tty`, on a pseudo-terminal. */
  quarry(args: string[], input?: string, tty?: boolean): Promise<CliRun>;
  /** Runs `quarry <args>` and fails unless it exits 0. */
  ok(args: string[]): Promise<CliRun>;
  /** Runs `quarry <args> --json` and fails unless it exits 0; its output parsed. */
  json<T>(args: string[]): Promise<T>;
}

/** A runner on a fresh data folder named after `name`, removed in the file's `after` hook. */
export function cliRunner(name: string): CliRunner {
  const home = mkdtempSync(join(tmpdir(), `quarry-${name}-`));
  after(() => rmSync(home, { recursive: true, force: true }));
  const quarry = (args: string[], input?: string, tty = false): Promise<CliRun> =>
    new Promise((resolve) => {
      // With a terminal: `script` gives the command a pseudo-terminal whose input is `input`.
      const quoted = [process.execPath, main, ...args].map(
        (a) => `'${a.replaceAll("'", "'\\''")}'`,
      );
      const env = { ...process.env, QUARRY_HOME: home };
      const child = tty
        ? spawn("script", ["-qec", quoted.join(" "), "/dev/null"], { cwd: root, env })
        : spawn(process.execPath, [main, ...args], { cwd: root, env });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => {
        out += d;
      });
      child.stderr.on("data", (d) => {
        err += d;
      });
      child.stdin.end(input ?? "");
      child.on("exit", (code) => resolve({ code, out, err }));
    });
  const ok = async (args: string[]): Promise<CliRun> => {
    const r = await quarry(args);
    assert.equal(r.code, 0, r.err || r.out);
    return r;
  };
  const json = async <T>(args: string[]): Promise<T> =>
    JSON.parse((await ok([...args, "--json"])).out) as T;
  return { home, quarry, ok, json };
}
