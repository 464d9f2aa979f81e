/** What every command gets: how to open the connection it was given, and whether to print JSON. */
import type { Command } from "commander";
import { openSavedConnection } from "../app/connection-service.ts";
import { QuarryError } from "../core/errors.ts";
import { EsSession } from "../drivers/elasticsearch/session.ts";
import { type ConnectionFlags, configFromUrl } from "./connection-options.ts";

/** A value with a scheme (`http://`, `https://`) is a URL; anything else names a saved connection. */
export function isUrl(conn: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(conn);
}

/**
 * Opens a session for `<conn>`: a saved connection's name or id, or a URL with the connection
 * flags. A saved connection brings its own settings and secrets, so the flags are refused with it
 * rather than silently ignored or mixed in.
 */
export async function openSession(conn: string, flags: ConnectionFlags): Promise<EsSession> {
  if (isUrl(conn)) {
    const { config, secrets } = await configFromUrl(conn, flags);
    return new EsSession(config, secrets);
  }
  const given = Object.entries(flags)
    .filter(([key, value]) => CONNECTION_FLAG_NAMES[key] && value !== undefined)
    .map(([key]) => CONNECTION_FLAG_NAMES[key]);
  if (given.length > 0) {
    throw new QuarryError(
      "invalid_input",
      `${given.join(", ")} ${given.length > 1 ? "apply" : "applies"} only to a URL, and "${conn}" names a saved connection`,
      `Drop ${given.length > 1 ? "them" : "it"}, or change the saved connection with quarry connections edit "${conn}".`,
    );
  }
  return (await openSavedConnection(conn)).session;
}

const CONNECTION_FLAG_NAMES: Record<string, string> = {
  user: "--user",
  passwordStdin: "--password-stdin",
  apiKeyStdin: "--api-key-stdin",
  sslMode: "--ssl-mode",
  caFile: "--ca-file",
  skipTlsVerify: "--skip-tls-verify",
};

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
