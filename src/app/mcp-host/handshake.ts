/**
 * The handshake file `mcp-handshake.json` in the app data folder (docs/mcp.md, "The handshake
 * file"): the bound port, the current bridge token and what the bridge needs to check that the
 * endpoint is this Quarry (mcp/policy/handshake.ts). 0600 in a 0700 folder, replaced atomically on
 * every server start and every bridge token rotation; removed when the server stops, unless another
 * instance has written its own since.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { HANDSHAKE_FILE, type HandshakeFile } from "../../mcp/policy/handshake.ts";
import { writeFileAtomic } from "../storage/atomic-write.ts";
import { ensurePrivateDir } from "../storage/paths.ts";

export function handshakePath(dir: string): string {
  return join(dir, HANDSHAKE_FILE);
}

export async function writeHandshake(dir: string, file: HandshakeFile): Promise<void> {
  await ensurePrivateDir(dir);
  await writeFileAtomic(handshakePath(dir), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}

/** The handshake file as it is, or undefined when there is none (or it cannot be parsed). */
export async function readHandshake(dir: string): Promise<HandshakeFile | undefined> {
  try {
    return JSON.parse(await readFile(handshakePath(dir), "utf8")) as HandshakeFile;
  } catch {
    return undefined;
  }
}

/** Removes the file if it is still the one this server instance wrote. */
export async function removeHandshake(dir: string, instanceId: string): Promise<void> {
  const current = await readHandshake(dir);
  if (current?.instanceId === instanceId) await rm(handshakePath(dir), { force: true });
}
