/**
 * The audit log's hash chain: each line carries `prev`, the SHA-256 of the line before it, so an
 * edited, removed or reordered line breaks the chain at the line after it. The chain runs on
 * across rotation (the first line of a new file links to the last of the old one). Pure.
 *
 * What it cannot show: lines removed from the very start of the oldest file (they look like lines
 * rotated away), and an edit of the newest line until the next line is written. Someone who can
 * write the file can also rewrite the whole chain: it makes changes evident, not impossible.
 */
import { hash } from "node:crypto";

/** The link to a line: the SHA-256 of its text (without its newline), hex. */
export function lineHash(line: string): string {
  // One call, no Hash object: every audited request links a line.
  return hash("sha256", line, "hex");
}

/** What the first line of a new log links to: there is no line before it. */
export const CHAIN_START = "0".repeat(64);

/** An entry as the line written to the file, linked to the line before it. */
export function chainedLine(entry: object, prev: string): string {
  return JSON.stringify({ ...entry, prev });
}

/** The last non-empty line of a file's text, if any. */
export function lastLine(text: string): string | undefined {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.at(-1);
}

/** What a line after a file's `text` links to: its last line's hash; none for an empty file. */
export function hashAfter(text: string): string | undefined {
  const last = lastLine(text);
  return last === undefined ? undefined : lineHash(last);
}

export interface AuditFileText {
  name: string;
  text: string;
}

export interface ChainReport {
  /** True when every linked line follows the line before it. */
  holds: boolean;
  /** The lines read, over all files. */
  lines: number;
  /** Lines written before the chain began (an older Quarry): they carry no link. */
  unlinked: number;
  /** Where the chain breaks first, and why. */
  breaks?: { file: string; line: number; problem: string };
}

/** Checks the chain over the files, oldest first. */
export function verifyChain(files: AuditFileText[]): ChainReport {
  let previous: { text: string; file: string; line: number } | undefined;
  let linkedSeen = false;
  let lines = 0;
  let unlinked = 0;
  for (const file of files) {
    const all = file.text.split("\n");
    for (const [i, text] of all.entries()) {
      if (text.trim() === "") continue;
      lines++;
      const at = { file: file.name, line: i + 1 };
      const breaks = (problem: string): ChainReport => ({
        holds: false,
        lines,
        unlinked,
        breaks: { ...at, problem },
      });
      let prev: unknown;
      try {
        prev = (JSON.parse(text) as { prev?: unknown }).prev;
      } catch {
        return breaks("it is not a complete JSON line (it was edited, or cut short by a crash)");
      }
      if (prev === undefined) {
        if (linkedSeen)
          return breaks(
            "it carries no link to the line before it (it was added or edited by hand)",
          );
        unlinked++;
      } else {
        // The oldest line kept may link to a line rotated away: the chain starts there.
        if (previous && prev !== lineHash(previous.text))
          return breaks(
            `it does not follow ${previous.file} line ${previous.line}: that line was edited, or lines between them were removed or moved`,
          );
        linkedSeen = true;
      }
      previous = { text, ...at };
    }
  }
  return { holds: true, lines, unlinked };
}
