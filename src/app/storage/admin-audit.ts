/**
 * The administration audit log: one JSON line per cluster administration write made from the CLI
 * or the UI (snapshots, templates, users, roles, keys), in `admin-audit.log` in the app data
 * folder (0600), linked like the MCP audit log (audit-chain.ts) so `verifyChain` finds a line
 * changed. It records who acted (the surface), on which connection, what (the action, the name
 * confirmed, each request's method, path and class) and the outcome; never a body, so never a
 * password or a key's secret. The CLI and the app may both append: each append reads the last
 * line and writes under a lock file (file-lock.ts). MCP calls are in the MCP audit log already.
 */
import { appendFile, chmod, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RequestClass } from "../../core/console.ts";
import {
  CHAIN_START,
  type ChainReport,
  chainedLine,
  hashAfter,
  verifyChain,
} from "./audit-chain.ts";
import { redactPath } from "./audit-log.ts";
import { withFileLock } from "./file-lock.ts";
import { ensurePrivateDir } from "./paths.ts";

export const ADMIN_AUDIT_FILE = "admin-audit.log";

export interface AdminAuditEntry {
  at: string;
  surface: "cli" | "ui";
  connection: string;
  action: string;
  /** The name typed to confirm, or what the action affects. */
  subject: string;
  requests: { method: string; path: string; class: RequestClass }[];
  outcome: "done" | "refused" | "failed";
  /** The cluster's status and error type, when it refused. */
  status?: number;
  error?: string;
}

/** Appends one entry. Never throws: the audit must not turn a done write into a failure. */
export async function recordAdminAudit(dir: string, entry: AdminAuditEntry): Promise<boolean> {
  const path = join(dir, ADMIN_AUDIT_FILE);
  const safe = {
    ...entry,
    requests: entry.requests.map((r) => ({ ...r, path: redactPath(r.path) })),
  };
  try {
    await ensurePrivateDir(dir);
    await withFileLock(`${path}.lock`, async () => {
      const text = await readFile(path, "utf8").catch(() => "");
      const line = chainedLine(safe, hashAfter(text) ?? CHAIN_START);
      await appendFile(path, `${line}\n`, { mode: 0o600 });
      await chmod(path, 0o600);
    });
    return true;
  } catch {
    return false;
  }
}

/** The entries, oldest first; a line that is not JSON (cut short, edited) is left out. */
export async function readAdminAudit(dir: string): Promise<AdminAuditEntry[]> {
  const text = await readFile(join(dir, ADMIN_AUDIT_FILE), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as AdminAuditEntry];
      } catch {
        return [];
      }
    });
}

/** Checks the administration audit log's hash chain (one file: it is not rotated). */
export async function verifyAdminAudit(dir: string): Promise<ChainReport> {
  const text = await readFile(join(dir, ADMIN_AUDIT_FILE), "utf8").catch(() => "");
  return verifyChain([{ name: ADMIN_AUDIT_FILE, text }]);
}
