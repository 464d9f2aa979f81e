/**
 * Plugin archives: gzip-compressed tar files, read whole into memory. Only regular files with plain
 * relative paths are accepted (no links, no absolute paths, no `..`), within size limits, so a
 * hostile archive can neither write outside its place nor exhaust memory.
 */
import { createHash } from "node:crypto";
import { Parser, type ReadEntry } from "tar";

export const ARCHIVE_LIMITS = { maxFiles: 200, maxBytes: 64 * 1024 * 1024 } as const;

/** A malformed or refused archive; the message says why. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function cleanPath(raw: string): string {
  const path = raw.replace(/^(\.\/)+/, "").replace(/\/$/, "");
  if (
    path === "" ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    path.split("/").some((part) => part === ".." || part === "." || part === "")
  ) {
    throw new ArchiveError(`it holds a file with an unsafe path "${raw.slice(0, 120)}"`);
  }
  return path;
}

/** Reads every file of a .tgz (or plain .tar) into a map of path → bytes. */
export function readArchive(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    let total = 0;
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      reject(new ArchiveError(reason));
    };
    const take = (entry: ReadEntry) => {
      let path: string;
      try {
        path = cleanPath(entry.path);
      } catch (e) {
        entry.resume();
        return fail((e as Error).message);
      }
      if (entry.type === "Directory") return entry.resume();
      if (entry.type !== "File" && entry.type !== "OldFile" && entry.type !== "ContiguousFile") {
        entry.resume();
        return fail(`it holds "${path}", a ${entry.type}; only regular files are allowed`);
      }
      if (files.has(path)) return fail(`it holds "${path}" twice`);
      if (files.size >= ARCHIVE_LIMITS.maxFiles) {
        return fail(`it holds more than ${ARCHIVE_LIMITS.maxFiles} files`);
      }
      total += entry.size;
      if (total > ARCHIVE_LIMITS.maxBytes) {
        return fail(`it unpacks to more than ${ARCHIVE_LIMITS.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      entry.on("data", (c: Buffer) => chunks.push(c));
      entry.on("end", () => files.set(path, Buffer.concat(chunks)));
    };
    const parser = new Parser({ strict: true, onReadEntry: take });
    parser.on("error", (e: Error) => fail(`it is not a valid .tgz archive (${e.message})`));
    parser.on("end", () => {
      if (settled) return;
      settled = true;
      if (files.size === 0) reject(new ArchiveError("it is empty or not a .tgz archive"));
      else resolve(files);
    });
    parser.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
