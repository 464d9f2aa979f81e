/**
 * What the CLI does when its standard output or standard error cannot be written: a reader that
 * went away (`quarry browse … | head -1`, EPIPE) ends the command at once and quietly with status
 * 141, as a program killed by SIGPIPE does (`git log | head`); any other failure to write standard
 * output (a full disk, `> /dev/full`) is said on standard error, with status 1. Standard error
 * that cannot be written for another reason than its reader going is left alone: there is nowhere
 * to say so, and a running app keeps serving.
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

/** Standard error that failed otherwise than by its reader going: written no more, ignored. */
let stderrBroken = false;

function closedBy(stream: "stdout" | "stderr", e: NodeJS.ErrnoException): void {
  const gone = e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED";
  if (stream === "stderr" && (stderrBroken || !gone)) {
    // A full disk under a log: the command (or the app) goes on; its exit status still tells.
    stderrBroken = true;
    return;
  }
  if (closing) return;
  closing = true;
  if (gone) {
    closer(EXIT.closedOutput);
    return;
  }
  try {
    // Synchronously: the process ends right after, and the stream may be in a broken state.
    writeSync(2, `error: cannot write to standard output (${e.code ?? e.message})\n`);
  } catch {
    // Standard error is gone too: the exit status is all that is left to say it.
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
