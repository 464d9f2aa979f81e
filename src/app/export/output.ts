/**
 * Where an export writes, decided before any request is sent, and the writer for it:
 * - a regular file (new, or existing and replaced only when asked) is written as `<out>.partial`
 *   and renamed to `<out>` at the end, so a reader never sees half a file; through a symbolic
 *   link, the file it names is the one written;
 * - a character device or a FIFO (`/dev/null`, `mkfifo`) is written through, once, in order: it is
 *   a stream, not a file to replace, and a rename over it would replace the device node itself;
 * - a sink the caller gives (the CLI's `--out -`: standard output) is written through the same way.
 * Refused with a remedy, before the database is asked anything: a folder, a missing folder, a path
 * that cannot be written, a block device, a socket, a FIFO that no process reads.
 */

import type { Stats } from "node:fs";
import { constants } from "node:fs";
import { access, type FileHandle, lstat, open, realpath, rename, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { errors, type QuarryError } from "../../core/errors.ts";
import type { ExportFormat, ExportSink } from "../../core/export.ts";

export type OutputPlan =
  /** A file of its own: `.partial`, checkpoint, rename; `path` is the file itself (links followed). */
  | { kind: "file"; path: string }
  /** A device or FIFO, written through; opened by the check, so a FIFO's reader never sees EOF. */
  | { kind: "stream"; path: string; what: string; handle: FileHandle }
  | { kind: "sink"; sink: ExportSink };

interface PlanOptions {
  format: ExportFormat;
  resume?: boolean;
  sink?: ExportSink;
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code ?? "error";

/** The pre-flight check: what `out` is, and whether the export may write there. */
export async function planOutput(out: string, options: PlanOptions): Promise<OutputPlan> {
  if (options.sink) {
    if (options.resume) {
      throw errors.exportRefused(
        `An export to ${options.sink.name} cannot be resumed`,
        "Export again without resume; only an export to a file of its own can be resumed.",
        { out },
      );
    }
    return { kind: "sink", sink: options.sink };
  }
  let target = out;
  const link = await lstat(out).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    try {
      target = await realpath(out);
    } catch (e) {
      throw errors.exportRefused(
        `${out} is a symbolic link to something that does not exist (${code(e)})`,
        "Give the path of the file to write, or fix the link.",
        { out },
      );
    }
  }
  const st = await stat(target).catch((e: unknown) => {
    if (code(e) === "ENOENT") return undefined;
    throw cannotWrite(out, dirname(target), e);
  });
  if (st?.isDirectory()) {
    throw errors.exportRefused(
      `${out} is a folder`,
      `Name a file in it, e.g. ${out.replace(/\/+$/, "")}/<table>.${options.format}.`,
      { out },
    );
  }
  if (st && (st.isCharacterDevice() || st.isFIFO())) {
    const what = st.isFIFO() ? "a FIFO" : "a character device";
    if (options.resume) {
      throw errors.exportRefused(
        `${out} is ${what}, written through as a stream: an export to it cannot be resumed`,
        "Export again without resume.",
        { out },
      );
    }
    return {
      kind: "stream",
      path: target,
      what,
      handle: await openStream(out, target, st.isFIFO()),
    };
  }
  if (st && !st.isFile()) {
    const what = st.isBlockDevice() ? "a block device (a disk)" : "a socket";
    throw errors.exportRefused(
      `${out} is ${what}; Quarry exports only to a file, a character device or a FIFO`,
      "Give the path of a file to write.",
      { out },
    );
  }
  return planFile(out, target, st);
}

/** A new or regular file: the .partial file and the checkpoint are made beside it. */
async function planFile(out: string, target: string, st: Stats | undefined): Promise<OutputPlan> {
  const folder = dirname(target);
  const dir = await stat(folder).catch((e: unknown) => {
    if (code(e) === "ENOENT" || code(e) === "ENOTDIR") {
      throw errors.exportRefused(
        `The folder ${folder} does not exist`,
        `Create it first (mkdir -p ${folder}), or choose a file in a folder that exists.`,
        { out },
      );
    }
    throw cannotWrite(out, folder, e);
  });
  if (!dir.isDirectory()) {
    throw errors.exportRefused(
      `${folder} is not a folder, so ${out} cannot be made in it`,
      "Choose a file in a folder that exists.",
      { out },
    );
  }
  try {
    await access(folder, constants.W_OK | constants.X_OK);
    if (st) await access(target, constants.W_OK);
  } catch (e) {
    throw cannotWrite(out, st ? target : folder, e);
  }
  return { kind: "file", path: target };
}

function cannotWrite(out: string, where: string, e: unknown): QuarryError {
  return errors.exportRefused(
    `${out} cannot be written: ${where} refuses it (${code(e)})`,
    "Choose a file in a folder you can write to, or change the permissions.",
    { out },
  );
}

/**
 * Opens a device or FIFO for writing. A FIFO must have a reader now: without one, opening it would
 * wait forever (and Ctrl-C with it). The probe stays open until the real handle is, so the reader
 * never sees every writer gone (its end of file).
 */
async function openStream(out: string, path: string, fifo: boolean): Promise<FileHandle> {
  let probe: FileHandle | undefined;
  try {
    if (fifo) probe = await open(path, constants.O_WRONLY | constants.O_NONBLOCK);
    return await open(path, constants.O_WRONLY);
  } catch (e) {
    if (fifo && code(e) === "ENXIO") {
      throw errors.exportRefused(
        `No process reads the FIFO ${out}`,
        `Start its reader first (e.g. gzip < ${out} > export.gz &), then export again.`,
        { out },
      );
    }
    throw cannotWrite(out, out, e);
  } finally {
    await probe?.close();
  }
}

/** Closes what a plan holds open, when the export ends before it writes (or after). */
export async function releaseOutput(plan: OutputPlan): Promise<void> {
  if (plan.kind === "stream") await plan.handle.close().catch(() => {});
}

/** What a write failure means for the export: a resumable stop for a file, the end for a stream. */
export class OutputFailure extends Error {
  readonly code: string;
  constructor(what: string, e: unknown) {
    const c = code(e);
    const why =
      c === "EPIPE"
        ? `the reader of ${what} closed it`
        : c === "ENOSPC" || c === "EDQUOT"
          ? `${what} has no space left (${c})`
          : `writing to ${what} failed (${c})`;
    super(why);
    this.code = c;
  }
}

/** The writer: a file of its own at a byte offset, or a stream written in order. */
export interface ExportOutput {
  /** How reports and errors name it: the path, or the sink's name. */
  readonly name: string;
  /** Whether a checkpoint can point into it (a file of its own) and a resume continue it. */
  readonly resumable: boolean;
  write(chunk: string | Uint8Array): Promise<void>;
  /** Makes what was written durable, before a checkpoint records it. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a file's `.partial` at `bytes` (truncated there), or the stream, for writing. */
export async function openOutput(
  plan: OutputPlan,
  partial: string,
  start: { bytes: number; fresh: boolean },
): Promise<ExportOutput> {
  if (plan.kind === "sink") {
    const sink = plan.sink;
    return {
      name: sink.name,
      resumable: false,
      write: async (chunk) => {
        try {
          await sink.write(chunk);
        } catch (e) {
          throw new OutputFailure(sink.name, e);
        }
      },
      flush: async () => {},
      close: async () => {},
    };
  }
  if (plan.kind === "stream") {
    return {
      name: plan.path,
      resumable: false,
      write: (chunk) => writeAll(plan.handle, plan.path, bytesOf(chunk), null),
      flush: async () => {},
      close: () => releaseOutput(plan),
    };
  }
  const fh = await open(partial, start.fresh ? "w" : "r+", 0o600);
  await fh.truncate(start.bytes);
  let position = start.bytes;
  return {
    name: plan.path,
    resumable: true,
    write: async (chunk) => {
      const buf = bytesOf(chunk);
      await writeAll(fh, partial, buf, position);
      position += buf.length;
    },
    flush: async () => {
      try {
        await fh.datasync();
      } catch (e) {
        throw new OutputFailure(partial, e);
      }
    },
    close: () => fh.close(),
  };
}

const bytesOf = (chunk: string | Uint8Array): Uint8Array =>
  typeof chunk === "string" ? Buffer.from(chunk) : chunk;

async function writeAll(
  fh: FileHandle,
  what: string,
  buf: Uint8Array,
  position: number | null,
): Promise<void> {
  let off = 0;
  try {
    while (off < buf.length) {
      const at = position === null ? null : position + off;
      const { bytesWritten } = await fh.write(buf, off, buf.length - off, at);
      off += bytesWritten;
    }
  } catch (e) {
    throw new OutputFailure(what, e);
  }
}

/**
 * Gives the finished `.partial` its name. Checked again at this moment: the name is replaced only
 * when it is still a regular file (or nothing), never a device, FIFO or folder made meanwhile.
 */
export async function publish(partial: string, path: string): Promise<void> {
  const now = await lstat(path).catch(() => undefined);
  if (now && !now.isFile()) {
    throw errors.exportRefused(
      `${path} is no longer a regular file (something else was put there during the export), so the export was not given its name`,
      `The complete export is kept as ${partial}; move it where you want it.`,
      { out: path, partial },
    );
  }
  await rename(partial, path);
}
