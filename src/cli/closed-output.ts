/**
 * What the CLI does when its standard output or standard error cannot be written: a reader that
 * went away (`quarry browse … | head -1`, EPIPE) ends the command at once and quietly with status
 * 141, as a program killed by SIGPIPE does (`git log | head`); any other write failure (a full
 * disk, `> /dev/full`) is said on standard error, when that still can be written, with status 1.
 * Node ignores SIGPIPE, so without this a closed pipe surfaces as an unhandled `write EPIPE` crash.
 */
import { writeSync } from "node:fs";
import { EXIT } from "./exit-codes.ts";

/** Ends the process; a long-running command (the app) replaces it to stop cleanly first. */
type Closer = (status: number) => void;

const exitNow: Closer = (status) => process.exit(status);
let closer: Closer = exitNow;
let closing = false;

/**
 * Registers how to end when an output closes: the app stops cleanly (instance.json, the lock)
 * before it exits. Returns a function that puts the default back.
 */
export function onClosedOutput(close: Closer): () => void {
  closer = close;
  return () => {
    if (closer === close) closer = exitNow;
  };
}

function closedBy(stream: "stdout" | "stderr", e: NodeJS.ErrnoException): void {
  if (closing) return;
  closing = true;
  if (e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED") {
    closer(EXIT.closedOutput);
    return;
  }
  if (stream === "stdout") {
    try {
      // Synchronously: the process ends right after, and the stream may be in a broken state.
      writeSync(2, `error: cannot write to standard output (${e.code ?? e.message})\n`);
    } catch {
      // Standard error is gone too: the exit status is all that is left to say it.
    }
  }
  closer(EXIT.failed);
}

let installed = false;

/** Installs the handlers on the process's standard output and error (once per process). */
export function handleClosedOutput(): void {
  if (installed) return;
  installed = true;
  process.stdout.on("error", (e: NodeJS.ErrnoException) => closedBy("stdout", e));
  process.stderr.on("error", (e: NodeJS.ErrnoException) => closedBy("stderr", e));
}
