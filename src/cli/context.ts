/** What every command gets: how to open the connection it was given, and whether to print JSON. */
import type { Command } from "commander";
import { EsSession } from "../drivers/elasticsearch/session.ts";
import { type ConnectionFlags, configFromUrl } from "./connection-options.ts";

/**
 * Opens a session for `<conn>`: a URL with the connection flags. (Saved connection names are
 * resolved here too once the app's connection store exists.)
 */
export async function openSession(conn: string, flags: ConnectionFlags): Promise<EsSession> {
  const { config, secrets } = await configFromUrl(conn, flags);
  return new EsSession(config, secrets);
}

/** Runs a command body with its session, closing the session whatever happens. */
export async function withSession<T>(
  conn: string,
  flags: ConnectionFlags,
  body: (s: EsSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(conn, flags);
  try {
    return await body(session);
  } finally {
    await session.close();
  }
}

export function wantsJson(cmd: Command): boolean {
  return Boolean(cmd.optsWithGlobals().json);
}
